/**
 * The bundled SMTP load generator (used when Postfix's smtp-source is not installed): N
 * concurrent sessions, each sending one message at a time without pipelining, either on a
 * new connection per message or reusing its session. Bounded by a message count and a
 * deadline; talks to 127.0.0.1 only. Run as a child process so its CPU use does not share a
 * thread with whatever it measures: `node --import tsx bench/loadgen.ts '<json LoadSpec>'`
 * prints one JSON LoadResult line.
 */
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export interface LoadSpec {
  port: number;
  from: string;
  to: string;
  sessions: number;
  messages: number;
  sizeBytes: number;
  reuse: boolean;
  deadlineMs: number;
}

export interface LoadResult {
  accepted: number;
  rejected: number;
  errors: number;
  elapsedMs: number;
  firstError?: string;
}

/** A message of about `size` bytes: headers plus 76-character text lines. */
export function messageOf(spec: Pick<LoadSpec, 'from' | 'to' | 'sizeBytes'>, n: number): Buffer {
  const head =
    `From: Bench <${spec.from}>\r\nTo: <${spec.to}>\r\nSubject: bench message ${n}\r\n` +
    `Message-ID: <bench-${n}-${process.pid}@bench.test>\r\nDate: ${new Date().toUTCString()}\r\n` +
    'MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n';
  const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempo\r\n';
  const lines = Math.max(1, Math.ceil((spec.sizeBytes - head.length) / line.length));
  return Buffer.from(head + line.repeat(lines));
}

/** One SMTP session reading replies; `reply()` resolves with the next complete reply's code. */
export class Session {
  private buffer = '';
  private waiting: Array<(code: number, text: string) => void> = [];
  private closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('latin1');
      let end: number;
      // a reply is complete at a line whose 4th character is a space ("250 ok")
      while ((end = this.buffer.indexOf('\r\n')) >= 0) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        if (line[3] !== '-') this.waiting.shift()?.(Number(line.slice(0, 3)), line);
      }
    });
    const fail = () => {
      this.closed = true;
      for (const w of this.waiting.splice(0)) w(0, 'connection closed');
    };
    socket.on('close', fail);
    socket.on('error', fail);
  }

  static open(port: number): Promise<Session> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new Session(socket)));
      socket.once('error', reject);
    });
  }

  reply(): Promise<[number, string]> {
    if (this.closed) return Promise.resolve([0, 'connection closed']);
    return new Promise((resolve) => this.waiting.push((code, text) => resolve([code, text])));
  }

  async command(line: string | Buffer): Promise<[number, string]> {
    const answer = this.reply();
    this.socket.write(line);
    return answer;
  }

  /** Writes without waiting for a reply (the caller has taken `reply()` first). */
  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  close(): void {
    this.socket.end();
  }
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const result: LoadResult = { accepted: 0, rejected: 0, errors: 0, elapsedMs: 0 };
  const started = performance.now();
  const deadline = started + spec.deadlineMs;
  let issued = 0;
  const next = () => (issued < spec.messages && performance.now() < deadline ? issued++ : -1);
  const note = (text: string) => (result.firstError ??= text);

  const expect = async (session: Session, line: string | Buffer | null, code: number) => {
    const [got, text] = line === null ? await session.reply() : await session.command(line);
    if (got !== code) throw Object.assign(new Error(text), { code: got });
  };
  const open = async () => {
    const session = await Session.open(spec.port);
    await expect(session, null, 220);
    await expect(session, 'EHLO bench.test\r\n', 250);
    return session;
  };
  const send = async (session: Session, n: number) => {
    await expect(session, `MAIL FROM:<${spec.from}>\r\n`, 250);
    await expect(session, `RCPT TO:<${spec.to}>\r\n`, 250);
    await expect(session, 'DATA\r\n', 354);
    const [code, text] = await session.command(Buffer.concat([messageOf(spec, n), Buffer.from('.\r\n')]));
    if (code === 250) result.accepted++;
    else if (code >= 400) {
      result.rejected++;
      note(text);
    } else throw new Error(text);
  };

  const worker = async () => {
    let session: Session | null = null;
    for (let n = next(); n >= 0; n = next()) {
      try {
        session ??= await open();
        await send(session, n);
        if (!spec.reuse) {
          await session.command('QUIT\r\n');
          session.close();
          session = null;
        }
      } catch (err) {
        result.errors++;
        note(err instanceof Error ? err.message : String(err));
        session?.close();
        session = null;
      }
    }
    if (session) {
      await session.command('QUIT\r\n');
      session.close();
    }
  };
  await Promise.all(Array.from({ length: spec.sessions }, worker));
  result.elapsedMs = performance.now() - started;
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
  runLoad(spec).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
