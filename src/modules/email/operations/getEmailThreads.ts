import { emailOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery, SEARCH_MAX_LENGTH, Uuid } from '../../shared/schemas.js';
import { toEmailThreadProjection } from '../thread.dto.js';
import { PageEmailThreadProjection } from '../thread.schemas.js';

export const getEmailThreads = emailOperation({
  operationId: 'getEmailThreads', method: 'GET', path: '/emails/threads',
  summary: 'Page through conversations of received and sent mail, grouped by Message-ID, In-Reply-To and References (by first message time)',
  query: Type.Object({
    ...PageQuery,
    inboxId: Type.Optional(Uuid),
    searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: "partial match on a message's subject, sender or recipients, or the thread id" })),
    since: Type.Optional(DateTime),
    before: Type.Optional(DateTime),
    htmlSelector: Type.Optional(Type.String({ description: 'CSS selector: lastBodyExcerpt is the text it matches in the latest HTML body' })),
  }),
  response: Type.Ref(PageEmailThreadProjection),
  handler: async ({ tenantId, query: q }, { threads }) => {
    const htmlSelector = q.htmlSelector?.trim() || undefined;
    const { slice, request: page } = await threads.page(tenantId, {
      inboxId: q.inboxId,
      search: q.searchFilter?.trim() || undefined,
      since: toDate(q.since),
      before: toDate(q.before),
    }, { ...q, htmlSelector });
    const selected = htmlSelector ? await threads.selectedTexts(slice.items, htmlSelector) : [];
    return toPage(slice.items.map((t, i) => toEmailThreadProjection(t, selected[i])), slice.total, page);
  },
});
