import { connect } from 'node:net';
import { parseSpamdReply, spamdRequest, verdictOf, type SpamdReply, type SpamdVerdict } from './spamd-protocol.js';

/** Where a spamd listens. */
export interface SpamdAddress {
  host: string;
  port: number;
}

/** spamd did not answer (refused, closed early, timed out): the caller says "unavailable", not "bad input". */
export class SpamdUnreachable extends Error {
  override readonly name = 'SpamdUnreachable';
}

/** A REPORT reply holds the rule table and a short preview, never the message: this is plenty. */
const MAX_REPLY_BYTES = 1024 * 1024;

/**
 * Speaks SPAMC/1.5 to one spamd over TCP, written by hand: the npm packages for it
 * (spamc, node-spamc, spamassassin-client) are unmaintained for years and none has a time
 * limit or bounded concurrency, while the protocol is a request line, one header and the
 * message. At most `concurrency` requests are open at once (spamd has few children; more
 * would only queue in its listen backlog); `timeoutMs` bounds a request from the moment it
 * is made, waiting for a turn included, so a stalled spamd never holds a caller longer.
 */
export class SpamdClient {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: { timeoutMs: number; concurrency: number }) {}

  async report(address: SpamdAddress, message: Buffer): Promise<SpamdVerdict> {
    return verdictOf(await this.request(address, spamdRequest('REPORT', message)));
  }

  /** Whether spamd answers PING with PONG within the time limit. */
  async ping(address: SpamdAddress): Promise<boolean> {
    try {
      const reply = await this.exchange(address, spamdRequest('PING'), Date.now() + this.options.timeoutMs);
      return reply.code === 0 && /PONG/.test(reply.message);
    } catch {
      return false;
    }
  }

  private async request(address: SpamdAddress, bytes: Buffer): Promise<SpamdReply> {
    const deadline = Date.now() + this.options.timeoutMs;
    await this.turn(deadline);
    try {
      return await this.exchange(address, bytes, deadline);
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  private turn(deadline: number): Promise<void> {
    if (this.active < this.options.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const go = () => {
        clearTimeout(timer);
        this.active++;
        resolve();
      };
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(go);
        if (i !== -1) this.waiting.splice(i, 1);
        reject(new SpamdUnreachable(`spamd was busy with other messages for ${this.options.timeoutMs} ms`));
      }, Math.max(0, deadline - Date.now()));
      this.waiting.push(go);
    });
  }

  private exchange(address: SpamdAddress, bytes: Buffer, deadline: number): Promise<SpamdReply> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const socket = connect({ host: address.host, port: address.port });
      const finish = (err: Error | undefined, reply?: SpamdReply) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        if (err) reject(err);
        else resolve(reply!);
      };
      const timer = setTimeout(
        () => finish(new SpamdUnreachable(`spamd at ${address.host}:${address.port} did not answer within ${this.options.timeoutMs} ms`)),
        Math.max(0, deadline - Date.now()),
      );
      socket.on('connect', () => socket.end(bytes));
      socket.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_REPLY_BYTES) return finish(new SpamdUnreachable(`spamd's reply ran over ${MAX_REPLY_BYTES} bytes`));
        chunks.push(chunk);
      });
      socket.on('end', () => {
        try {
          finish(undefined, parseSpamdReply(Buffer.concat(chunks)));
        } catch (err) {
          finish(err as Error);
        }
      });
      socket.on('error', (err) => finish(new SpamdUnreachable(`spamd at ${address.host}:${address.port}: ${err.message}`)));
    });
  }
}
