/** The HTML tasks HtmlWork (html-work.ts) sends to the mail worker threads, and how each is done. */
import { AppError, type ErrorCode } from '../../core/errors.js';
import { bodyLines, htmlImages, htmlLinks, htmlToText, selectTexts } from './content.js';
import { validateHtml, type HtmlValidation } from './html-validation.js';
import { checkClientSupport } from './client-support.js';
import { checkAccessibility } from '../email-audit/accessibility.js';

/** Work on a stored HTML body whose cost grows with it (parsing it: cheerio, parse5, doiuse-email). */
export type HtmlTask =
  | { op: 'lines'; html: string | null; text: string | null; decodeEntities: boolean }
  | { op: 'select'; html: string; selector: string }
  | { op: 'links'; html: string; selector?: string }
  | { op: 'text'; html: string }
  | { op: 'validate'; html: string }
  | { op: 'images'; html: string }
  | { op: 'clientSupport'; html: string }
  | { op: 'accessibility'; html: string };

/** An answer that crosses threads: the result, or the AppError's code and message (its class does not cross). */
export type HtmlAnswer = { value: unknown } | { error: { code: ErrorCode; message: string } };

/** Runs one task on this thread (mail-worker.ts calls it on a worker thread). */
export function runHtmlTask(task: HtmlTask): HtmlAnswer {
  try {
    return { value: perform(task) };
  } catch (err) {
    if (err instanceof AppError) return { error: { code: err.code, message: err.message } };
    throw err;
  }
}

function perform(task: HtmlTask): unknown {
  switch (task.op) {
    case 'lines': return bodyLines({ html: task.html, text: task.text }, { decodeEntities: task.decodeEntities });
    case 'select': return selectTexts(task.html, task.selector);
    case 'links': return htmlLinks(task.html, task.selector);
    case 'text': return htmlToText(task.html);
    case 'validate': return validateHtml(task.html);
    case 'images': return htmlImages(task.html);
    case 'clientSupport': return checkClientSupport(task.html);
    case 'accessibility': return checkAccessibility(task.html);
  }
}
