/**
 * Raw clients for protocol-level tests: a line-oriented TCP client (SMTP, IMAP, or an HTTP
 * connection that never sends a request) and one HTTP request, both from a chosen local
 * address. Linux routes all of 127.0.0.0/8 to loopback, so 127.0.0.2, 127.0.0.3, ... are
 * distinct sources reaching a server bound to 127.0.0.1.
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface LineClient {
  socket: Socket;
  /** the next CRLF-terminated line (at the close, what is left without one), or null once the connection is closed */
  next(): Promise<string | null>;
  /** lines up to and including the first that `done` accepts (null if the connection closed first) */
  until(done: (line: string) => boolean): Promise<string | null>;
  write(line: string): void;
  /** resolves when the connection is closed (by either side) */
  closed: Promise<void>;
  close(): void;
}

export function lineClient(port: number, localAddress = '127.0.0.1'): Promise<LineClient> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let buffer = '';
    const queue: string[] = [];
    const waiting: Array<(line: string | null) => void> = [];
    let ended = false;
    let markClosed!: () => void;
    const closed = new Promise<void>((done) => (markClosed = done));
    socket.on('data', (data) => {
      buffer += data.toString('latin1');
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const waiter = waiting.shift();
        if (waiter) waiter(line);
        else queue.push(line);
      }
    });
    socket.on('close', () => {
      // What came last without a line end (an HTTP body) is the last line.
      if (buffer !== '') {
        const waiter = waiting.shift();
        if (waiter) waiter(buffer);
        else queue.push(buffer);
        buffer = '';
      }
      ended = true;
      while (waiting.length > 0) waiting.shift()!(null);
      markClosed();
    });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => {});
      const next = () => new Promise<string | null>((done) => {
        if (queue.length > 0) done(queue.shift()!);
        else if (ended) done(null);
        else waiting.push(done);
      });
      resolve({
        socket,
        next,
        async until(done) {
          for (let line = await next(); line !== null; line = await next()) if (done(line)) return line;
          return null;
        },
        write: (line) => socket.write(`${line}\r\n`),
        closed,
        close: () => socket.destroy(),
      });
    });
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request on a fresh connection from `localAddress`. */
export function httpFrom(localAddress: string, url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
