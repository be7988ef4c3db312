import { Splitter } from '@zone-eu/mailsplit';
import { AppError } from '../../core/errors.js';

/** How deep and how many MIME parts one message may have (PIGEONHOLE_MIME_MAX_DEPTH / _PARTS). */
export interface MimeLimits {
  maxDepth: number;
  maxParts: number;
}

export const DEFAULT_MIME_LIMITS: MimeLimits = { maxDepth: 50, maxParts: 1000 };

/**
 * A message refused for what it is, not for a fault of the moment: it would be refused
 * again on every retry, so transports answer permanently (SMTP 554, HTTP 413).
 */
export class MessageRefused extends AppError {
  constructor(message: string) {
    super('TOO_LARGE', message);
  }
}

/** mailsplit's own limit errors (a header block over 1 MiB, more child nodes than allowed). */
const isLimitError = (err: unknown) => (err as { code?: string } | undefined)?.code === 'EMAXLEN';

/**
 * Walks the MIME structure once (mailsplit's streaming splitter, linear in the message) and
 * refuses a message nested deeper or with more parts than the limits, before anything costly
 * is done with it. Also refuses what mailsplit itself cannot take (a header block over 1 MiB).
 */
export function checkMimeLimits(raw: Buffer, limits: MimeLimits): Promise<void> {
  return new Promise((resolve, reject) => {
    // one more than allowed so that reaching the limit exactly is still accepted
    const splitter = new Splitter({ maxChildNodes: limits.maxParts + 1 });
    const depths = new WeakMap<object, number>();
    let parts = 0;
    let done = false;
    const fail = (err: unknown) => {
      if (done) return;
      done = true;
      splitter.destroy();
      reject(isLimitError(err) ? refusal(err as Error, limits) : err);
    };
    splitter.on('data', (chunk: { type: string; parentNode?: object | false }) => {
      if (done || chunk.type !== 'node') return;
      const parent = chunk.parentNode || undefined;
      const depth = parent ? (depths.get(parent) ?? 0) + 1 : 0;
      depths.set(chunk, depth);
      if (++parts > limits.maxParts) {
        return fail(new MessageRefused(`Message has more than ${limits.maxParts} MIME parts (PIGEONHOLE_MIME_MAX_PARTS)`));
      }
      if (depth > limits.maxDepth) {
        fail(new MessageRefused(`Message nests MIME parts deeper than ${limits.maxDepth} levels (PIGEONHOLE_MIME_MAX_DEPTH)`));
      }
    });
    // mailsplit's typings declare only 'data'; it is a Transform stream with every event
    const events = splitter as unknown as NodeJS.EventEmitter;
    events.on('error', fail);
    events.on('end', () => {
      if (done) return;
      done = true;
      resolve();
    });
    splitter.end(raw);
  });
}

function refusal(err: Error, limits: MimeLimits): MessageRefused {
  if (/child nodes/i.test(err.message)) {
    return new MessageRefused(`Message has more than ${limits.maxParts} MIME parts (PIGEONHOLE_MIME_MAX_PARTS)`);
  }
  if (/header size/i.test(err.message)) return new MessageRefused('Message has a header block over 1 MiB');
  return new MessageRefused(`Message refused: ${err.message}`);
}
