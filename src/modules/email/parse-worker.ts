/**
 * The worker-thread side of MessageParser (parser.ts): parses one message per task. A refusal
 * (MessageRefused) is answered as a value, because an error crossing threads loses its class.
 */
import { parseMessage, type ParsedMessage, type ParseOptions } from './parse.js';
import { MessageRefused } from './mime-limits.js';

export interface ParseTask {
  raw: Uint8Array;
  options: ParseOptions;
}

export type ParseAnswer = { parsed: ParsedMessage } | { refused: string };

export default async function parseTask(task: ParseTask): Promise<ParseAnswer> {
  const raw = Buffer.from(task.raw.buffer, task.raw.byteOffset, task.raw.byteLength);
  try {
    return { parsed: await parseMessage(raw, task.options) };
  } catch (err) {
    if (err instanceof MessageRefused) return { refused: err.message };
    throw err;
  }
}
