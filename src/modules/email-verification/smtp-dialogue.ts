import net from 'node:net';
import tls from 'node:tls';

/**
 * One SMTP client dialogue over a plain socket with a line reader: a greeting, then one command
 * at a time, each answered by one (possibly multi-line) reply. Written by hand rather than with
 * nodemailer's smtp-connection because verification needs every reply code and text of RCPT
 * and must be able to stop before DATA, which the transport folds away. Every wait has a time
 * limit: the connection, each reply, the TLS handshake.
 */

export interface SmtpReply {
  code: number;
  /** the text of each line, without the code and separator */
  lines: string[];
}

export const replyText = (reply: SmtpReply): string => `${reply.code} ${reply.lines.join(' ')}`.trim();

export interface DialogueLimits {
  connectTimeoutMs: number;
  commandTimeoutMs: number;
  /** the caller went away: the dialogue ends at once */
  signal?: AbortSignal;
}

/** Largest reply read before the server is taken for broken (a few EHLO lines are a few hundred bytes). */
const MAX_REPLY_BYTES = 64 * 1024;

export class SmtpDialogueError extends Error {}

export class SmtpDialogue {
  private buffer = '';
  private lines: string[] = [];
  private waiter: { resolve: (r: SmtpReply) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | null = null;
  private failure: Error | null = null;
  private readonly onAbort = () => this.fail(new SmtpDialogueError('the request was cancelled'));

  private constructor(private socket: net.Socket | tls.TLSSocket, private readonly limits: DialogueLimits) {
    this.listen(socket);
    limits.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Connects to address:port and reads the greeting. */
  static async open(address: string, port: number, limits: DialogueLimits): Promise<{ dialogue: SmtpDialogue; greeting: SmtpReply }> {
    if (limits.signal?.aborted) throw new SmtpDialogueError('the request was cancelled');
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const s = net.connect({ host: address, port });
      const timer = setTimeout(() => {
        s.destroy();
        reject(new SmtpDialogueError(`no connection to ${address}:${port} within ${limits.connectTimeoutMs} ms`));
      }, limits.connectTimeoutMs);
      s.once('connect', () => {
        clearTimeout(timer);
        s.removeAllListeners('error');
        resolve(s);
      });
      s.once('error', (error) => {
        clearTimeout(timer);
        reject(new SmtpDialogueError(`cannot connect to ${address}:${port}: ${(error as NodeJS.ErrnoException).code ?? error.message}`));
      });
    });
    const dialogue = new SmtpDialogue(socket, limits);
    try {
      return { dialogue, greeting: await dialogue.nextReply('greeting') };
    } catch (error) {
      dialogue.close();
      throw error;
    }
  }

  /** Sends one command line and reads its reply. */
  async command(line: string, label = line.split(' ')[0]!): Promise<SmtpReply> {
    if (this.failure) throw this.failure;
    // a line break inside a value would start a command of its own (an injected DATA)
    if (/[\r\n]/.test(line)) throw new SmtpDialogueError(`${label} has a line break in it`);
    this.socket.write(`${line}\r\n`);
    return this.nextReply(label);
  }

  /**
   * Upgrades the connection after a 220 to STARTTLS. Certificates are not verified: the point
   * is whether the server offers and completes TLS, as an MTA sending opportunistically does.
   */
  async upgrade(servername: string | undefined): Promise<{ protocol: string | null; cipher: string | null; authorized: boolean }> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('error');
    plain.removeAllListeners('close');
    const secure = await new Promise<tls.TLSSocket>((resolve, reject) => {
      const s = tls.connect({ socket: plain, servername: servername && !net.isIP(servername) ? servername : undefined, rejectUnauthorized: false });
      const timer = setTimeout(() => {
        s.destroy();
        reject(new SmtpDialogueError(`TLS handshake not done within ${this.limits.commandTimeoutMs} ms`));
      }, this.limits.commandTimeoutMs);
      s.once('secureConnect', () => {
        clearTimeout(timer);
        s.removeAllListeners('error');
        resolve(s);
      });
      s.once('error', (error) => {
        clearTimeout(timer);
        reject(new SmtpDialogueError(`TLS handshake failed: ${error.message}`));
      });
    }).catch((error: Error) => {
      this.fail(error);
      throw error;
    });
    this.socket = secure;
    this.buffer = '';
    this.lines = [];
    this.listen(secure);
    return { protocol: secure.getProtocol() ?? null, cipher: secure.getCipher()?.name ?? null, authorized: secure.authorized };
  }

  /** Says QUIT (not waiting long for its answer) and closes the connection. */
  async quit(): Promise<SmtpReply | null> {
    if (this.failure) {
      this.close();
      return null;
    }
    try {
      return await this.command('QUIT');
    } catch {
      return null;
    } finally {
      this.close();
    }
  }

  close(): void {
    this.limits.signal?.removeEventListener('abort', this.onAbort);
    if (!this.failure) this.failure = new SmtpDialogueError('the connection is closed');
    this.socket.destroy();
  }

  private listen(socket: net.Socket): void {
    socket.on('data', (chunk: Buffer) => this.read(chunk.toString('latin1')));
    socket.on('error', (error) => this.fail(new SmtpDialogueError(`connection failed: ${(error as NodeJS.ErrnoException).code ?? error.message}`)));
    socket.on('close', () => this.fail(new SmtpDialogueError('the server closed the connection')));
  }

  private read(text: string): void {
    this.buffer += text;
    if (this.buffer.length > MAX_REPLY_BYTES) {
      this.fail(new SmtpDialogueError(`a reply longer than ${MAX_REPLY_BYTES} bytes`));
      return;
    }
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      this.lines.push(line);
      // the last line of a reply has a space (or nothing) after its code (RFC 5321 §4.2.1)
      if (/^\d{3}(?: |$)/.test(line)) this.deliver();
      else if (!/^\d{3}-/.test(line)) {
        this.fail(new SmtpDialogueError(`not an SMTP reply: ${JSON.stringify(line.slice(0, 100))}`));
        return;
      }
    }
  }

  private deliver(): void {
    const lines = this.lines;
    this.lines = [];
    const reply: SmtpReply = { code: Number(lines.at(-1)!.slice(0, 3)), lines: lines.map((l) => l.slice(4)) };
    const waiter = this.waiter;
    this.waiter = null;
    if (waiter) {
      clearTimeout(waiter.timer);
      waiter.resolve(reply);
    }
    // a reply nobody asked for: the server is out of step, which the next command will show
  }

  private fail(error: Error): void {
    if (!this.failure) this.failure = error;
    const waiter = this.waiter;
    this.waiter = null;
    if (waiter) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.socket.destroy();
  }

  private nextReply(label: string): Promise<SmtpReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(new SmtpDialogueError(`no reply to ${label} within ${this.limits.commandTimeoutMs} ms`)),
        this.limits.commandTimeoutMs,
      );
      this.waiter = { resolve, reject, timer };
    });
  }
}
