/**
 * The worker-thread side of the mail worker pool (see `startMailWorkers` in parser.ts): one
 * exported function per kind of task. It imports nothing that loads piscina (core/worker-pool.ts),
 * which is not to be loaded inside its own workers. Refusals and AppErrors are answered as values, because
 * an error crossing threads loses its class.
 */
import { parseMessage, type ParsedMessage, type ParseOptions } from './parse.js';
import { MessageRefused } from './mime-limits.js';
import type { HtmlAnswer, HtmlTask } from './html-tasks.js';
import { nameThisThread } from '../../core/thread-name.js';
import { preloadCheerio } from './cheerio-on-demand.js';

nameThisThread('ph-mail');
// before the first task's time budget starts (cheerio-on-demand.ts)
preloadCheerio();

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

/**
 * HtmlWork: one task on an HTML body. Its module (html-validate, the caniemail data) is loaded
 * by a thread's first such task: a thread that only parses mail never holds it (about 25 MB a thread).
 */
export async function html(task: HtmlTask): Promise<HtmlAnswer> {
  // From source (tsx), piscina loads this module through require, and a worker thread has no
  // ESM loader for .ts files: required there; the built module (ESM, no require) imports it.
  const { runHtmlTask } = (typeof require === 'function'
    ? require('./html-tasks.js')
    : await import('./html-tasks.js')) as typeof import('./html-tasks.js');
  return runHtmlTask(task);
}

/**
 * piscina loads a worker's default export when the thread starts; from source (tsx) only a
 * module whose default export is found that way (through require) loads at all.
 */
export default parse;
