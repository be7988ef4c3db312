import { AppError } from '../../core/errors.js';
import { TaskFailed, TaskOverBudget, type WorkerPool } from '../../core/worker-pool.js';
import type { HtmlValidation } from './html-validation.js';
import type { EmailFeatureSupportResult } from './client-support.js';
import type { AccessibilityFinding } from '../email-audit/accessibility.js';
import type { HtmlAnswer, HtmlTask } from './html-tasks.js';

/**
 * HTML work of the content operations (text lines, CSS queries, links, codes, validation,
 * email-client support, attachment text) on the mail worker threads, each task within the parse budget: a task
 * over it is a 413 naming the budget, never a stalled event loop. Without a pool (unit
 * tests) it runs on the calling thread, its module (html-validate, the caniemail data: about
 * 25 MB of heap) loaded by the first task, never by a server, whose threads run them.
 */
export class HtmlWork {
  constructor(private readonly pool?: WorkerPool, private readonly budgetMs = 5000) {}

  lines(html: string | null, text: string | null, decodeEntities: boolean): Promise<string[]> {
    return this.run({ op: 'lines', html, text, decodeEntities }) as Promise<string[]>;
  }

  select(html: string, selector: string): Promise<string[]> {
    return this.run({ op: 'select', html, selector }) as Promise<string[]>;
  }

  links(html: string, selector?: string): Promise<string[]> {
    return this.run({ op: 'links', html, selector }) as Promise<string[]>;
  }

  images(html: string): Promise<string[]> {
    return this.run({ op: 'images', html }) as Promise<string[]>;
  }

  text(html: string): Promise<string> {
    return this.run({ op: 'text', html }) as Promise<string>;
  }

  validate(html: string): Promise<HtmlValidation> {
    return this.run({ op: 'validate', html }) as Promise<HtmlValidation>;
  }

  clientSupport(html: string): Promise<EmailFeatureSupportResult> {
    return this.run({ op: 'clientSupport', html }) as Promise<EmailFeatureSupportResult>;
  }

  /** The email audit's accessibility findings (modules/email-audit/accessibility.ts). */
  accessibility(html: string): Promise<AccessibilityFinding[]> {
    return this.run({ op: 'accessibility', html }) as Promise<AccessibilityFinding[]>;
  }

  private async run(task: HtmlTask): Promise<unknown> {
    let answer: HtmlAnswer;
    try {
      answer = this.pool ? await this.pool.run<HtmlAnswer>(task, this.budgetMs, 'html') : (await import('./html-tasks.js')).runHtmlTask(task);
    } catch (err) {
      if (err instanceof TaskOverBudget || err instanceof TaskFailed) {
        throw new AppError('TOO_LARGE', `The HTML takes longer than ${this.budgetMs} ms to process (PIGEONHOLE_PARSE_TIMEOUT); `
          + 'the HTML body and the raw message can still be downloaded as they are');
      }
      throw err;
    }
    if ('error' in answer) throw new AppError(answer.error.code, answer.error.message);
    return answer.value;
  }
}
