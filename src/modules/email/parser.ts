import { TaskFailed, TaskOverBudget, WorkerPool, workerModule } from '../../core/worker-pool.js';
import { MessageRefused, DEFAULT_MIME_LIMITS, type MimeLimits } from './mime-limits.js';
import type { ParsedMessage, ParseOptions } from './parse.js';
import type { ParseAnswer, ParseTask } from './mail-worker.js';

/**
 * The worker threads mail work runs on (PIGEONHOLE_PARSE_THREADS): parsing (MessageParser)
 * and HTML work (HtmlWork) share them. main.ts starts them and stops them after the listeners.
 */
export function startMailWorkers(threads: number): WorkerPool {
  return new WorkerPool({ file: workerModule(import.meta.url, 'mail-worker'), threads });
}

/** Resolves once every mail worker thread has loaded its code (before the listeners open). */
export async function mailWorkersReady(pool: WorkerPool): Promise<void> {
  await pool.warm({ raw: Buffer.from('Subject: warm-up\r\n\r\nhello\r\n'), options: {} } satisfies ParseTask, 'parse');
}

export interface ParserSettings {
  /** milliseconds one parse may take (PIGEONHOLE_PARSE_TIMEOUT) */
  timeoutMs: number;
  limits: MimeLimits;
}

/** The header a message stored without its derived text body carries (README "Limits"). */
export const INCOMPLETE_HEADER = 'X-Pigeonhole-Incomplete';

/**
 * Parses messages (every caller: SMTP ingest, sending, sent content, imports, missed mail) on
 * a pool of worker threads, so a message that is slow to parse holds only its own thread.
 * Within its time budget a message is parsed in full. Over it, it is parsed again without the
 * one step whose cost grows with HTML (the text body derived from HTML-only mail): stored with
 * an empty text body and the header `X-Pigeonhole-Incomplete` saying why. If even that runs
 * over the budget, the message is refused (MessageRefused: SMTP 554, HTTP 413); never retried
 * as if the fault were passing.
 */
export class MessageParser {
  /** `pool` from startMailWorkers; none = parse on the calling thread (unit tests, tools) */
  constructor(private readonly settings: ParserSettings, private readonly pool?: WorkerPool) {}

  /** Parsing on the calling thread with the default limits: for tests and tools without a pool. */
  static inProcess(limits: MimeLimits = DEFAULT_MIME_LIMITS): MessageParser {
    return new MessageParser({ timeoutMs: 0, limits });
  }

  async parse(raw: Buffer): Promise<ParsedMessage> {
    const options: ParseOptions = { limits: this.settings.limits };
    // the parser's module (mailparser) loads only where it runs: worker threads, or here without them
    if (!this.pool) return (await import('./parse.js')).parseMessage(raw, options);
    try {
      return await this.run(raw, options);
    } catch (err) {
      if (!(err instanceof TaskOverBudget || err instanceof TaskFailed)) throw err;
    }
    try {
      const parsed = await this.run(raw, { ...options, deriveText: false });
      // only HTML-only mail lost something: its text body, derived from nothing
      if (parsed.htmlBody === null || (parsed.textBody ?? '') !== '') return parsed;
      const why = `text body not derived from the HTML: parsing took longer than ${this.settings.timeoutMs} ms (PIGEONHOLE_PARSE_TIMEOUT)`;
      return { ...parsed, headers: [...parsed.headers, [INCOMPLETE_HEADER, why]] };
    } catch (err) {
      if (err instanceof TaskOverBudget) {
        throw new MessageRefused(`Message takes longer than ${this.settings.timeoutMs} ms to parse (PIGEONHOLE_PARSE_TIMEOUT)`);
      }
      if (err instanceof TaskFailed) throw new MessageRefused(`Message could not be parsed: ${err.message}`);
      throw err;
    }
  }

  private async run(raw: Buffer, options: ParseOptions): Promise<ParsedMessage> {
    const answer = await this.pool!.run<ParseAnswer>({ raw, options } satisfies ParseTask, this.settings.timeoutMs, 'parse');
    if ('refused' in answer) throw new MessageRefused(answer.refused);
    const { parsed } = answer;
    // structured cloning hands Buffers back as plain Uint8Arrays
    return {
      ...parsed,
      attachments: parsed.attachments.map((a) => ({ ...a, content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength) })),
    };
  }
}
