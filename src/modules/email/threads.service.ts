import { AppError, badRequest, notFound } from '../../core/errors.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { Slice, ThreadFilter, ThreadItemRecord, ThreadRecord, ThreadRepository } from '../../storage/ports.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { selectTexts } from './content.js';
import { HtmlWork } from './html-work.js';

/**
 * Conversations of received and sent mail, grouped by Message-ID, In-Reply-To and References
 * when each message is stored (see core/threading.ts). Every call is scoped to the tenant.
 */
export class ThreadService {
  constructor(
    private readonly threads: ThreadRepository,
    private readonly inboxes: InboxService,
    /** CSS selections off the event loop, within the parse budget; in-process when not given */
    private readonly htmlWork: HtmlWork = new HtmlWork(),
  ) {}

  /**
   * For each thread, the text `selector` matches in its latest HTML body (null when nothing
   * matches, undefined without HTML), selected on the mail worker threads.
   */
  async selectedTexts(threads: ThreadRecord[], selector: string): Promise<Array<string | null | undefined>> {
    const selected: Array<string | null | undefined> = [];
    for (const { last } of threads) {
      if (last.htmlBody === null) {
        selected.push(undefined);
        continue;
      }
      const texts = await this.htmlWork.select(last.htmlBody, selector);
      selected.push(texts.length ? texts.join(' ') : null);
    }
    return selected;
  }

  async page(
    tenantId: string,
    filter: ThreadFilter,
    input: { page?: number; size?: number; sort?: SortDirection; htmlSelector?: string },
  ): Promise<{ slice: Slice<ThreadRecord>; request: PageRequest }> {
    if (filter.inboxId) await this.inboxes.get(tenantId, filter.inboxId);
    // A bad selector is the caller's mistake even on a page without HTML: check it up front.
    if (input.htmlSelector) checkSelector(input.htmlSelector);
    const request = pageRequest(input);
    return { slice: await this.threads.page(tenantId, filter, request), request };
  }

  async get(tenantId: string, threadId: string): Promise<ThreadRecord> {
    const thread = await this.threads.findById(tenantId, threadId);
    if (!thread) throw notFound(`No email thread ${threadId}`);
    return thread;
  }

  async items(tenantId: string, threadId: string, sort: SortDirection = 'ASC'): Promise<ThreadItemRecord[]> {
    const items = await this.threads.items(tenantId, threadId, sort);
    if (items.length === 0) throw notFound(`No email thread ${threadId}`);
    return items;
  }
}

function checkSelector(selector: string): void {
  try {
    selectTexts('<html></html>', selector);
  } catch (err) {
    if (err instanceof AppError) throw badRequest(`htmlSelector: ${err.message}`);
    throw err;
  }
}
