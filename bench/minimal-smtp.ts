/**
 * The least SMTP a load generator needs, for the benchmark's reference servers (the
 * discard sink and the wake-latency floors): every command answered at once, DATA read up
 * to the terminating dot and handed to `onMessage` with the envelope's recipients; the 250
 * goes out once `onMessage` has finished. No parsing, no limits, loopback only.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

const END = Buffer.from('\r\n.\r\n');

export type OnMessage = (data: Buffer, recipients: string[]) => void | Promise<void>;

export async function listenMinimalSmtp(onMessage: OnMessage): Promise<{ port: number; server: net.Server }> {
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    let inData = false;
    let pending = '';
    let tail = Buffer.alloc(0);
    let body: Buffer[] = [];
    let bodyLength = 0;
    let recipients: string[] = [];
    socket.write('220 reference ESMTP\r\n');
    const onCommand = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') socket.write('250-reference\r\n250 PIPELINING\r\n');
      else if (verb === 'MAIL') {
        recipients = [];
        socket.write('250 ok\r\n');
      } else if (verb === 'RCPT') {
        recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        socket.write('250 ok\r\n');
      } else if (verb === 'DATA') {
        inData = true;
        tail = Buffer.from('\r\n');
        body = [];
        bodyLength = 0;
        socket.write('354 go ahead\r\n');
      } else if (verb === 'QUIT') socket.end('221 bye\r\n');
      else socket.write('250 ok\r\n');
    };
    const finish = async (data: Buffer, to: string[]) => {
      try {
        await onMessage(data, to);
        socket.write('250 ok\r\n');
      } catch {
        socket.write('451 local error\r\n');
      }
    };
    socket.on('data', (chunk: Buffer) => {
      let rest = chunk;
      while (rest.length > 0) {
        if (inData) {
          // the terminator may straddle chunks: search the last bytes of the previous chunk too
          // (`tail`, already in `body`; at the start a CRLF standing for the DATA line's own)
          const window = Buffer.concat([tail, rest]);
          const at = window.indexOf(END);
          if (at < 0) {
            body.push(rest);
            bodyLength += rest.length;
            tail = window.subarray(Math.max(0, window.length - (END.length - 1)));
            return;
          }
          inData = false;
          const upTo = Math.max(0, bodyLength - tail.length + at);
          void finish(Buffer.concat([...body, rest]).subarray(0, upTo), recipients);
          rest = window.subarray(at + END.length);
          continue;
        }
        pending += rest.toString('latin1');
        rest = Buffer.alloc(0);
        let end: number;
        while (!inData && (end = pending.indexOf('\r\n')) >= 0) {
          const line = pending.slice(0, end);
          pending = pending.slice(end + 2);
          onCommand(line);
        }
        if (inData && pending.length > 0) {
          rest = Buffer.from(pending, 'latin1');
          pending = '';
        }
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}
