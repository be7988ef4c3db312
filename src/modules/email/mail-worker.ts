/**
 * The worker-thread side of the mail worker pool (see `startMailWorkers` in parser.ts): one
 * exported function per kind of task. It imports nothing that loads piscina (core/worker-pool.ts),
 * which is not to be loaded inside its own workers. Refusals and AppErrors are answered as values, because
 * an error crossing threads loses its class.
 */
import { parseMessage, type ParsedMessage, type ParseOptions } from './parse.js';
import { MessageRefused } from './mime-limits.js';
import { runHtmlTask, type HtmlAnswer, type HtmlTask } from './html-tasks.js';

export interface ParseTask {
  raw: Uint8Array;
  options: ParseOptions;
}

export type ParseAnswer = { parsed: ParsedMessage } | { refused: string };

/** MessageParser: one raw message. */
export async function parse(task: ParseTask): Promise<ParseAnswer> {
  const raw = Buffer.from(task.raw.buffer, task.raw.byteOffset, task.raw.byteLength);
  try {
    return { parsed: await parseMessage(raw, task.options) };
  } catch (err) {
    if (err instanceof MessageRefused) return { refused: err.message };
    throw err;
  }
}

/** HtmlWork: one task on an HTML body. */
export function html(task: HtmlTask): HtmlAnswer {
  return runHtmlTask(task);
}

/**
 * piscina loads a worker's default export when the thread starts; from source (tsx) only a
 * module whose default export is found that way (through require) loads at all.
 */
export default parse;
