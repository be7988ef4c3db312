import { Type } from '@sinclair/typebox';
import { operationsOf } from '../../../core/operation.js';
import { toDate } from '../../../core/dates.js';
import { toPage } from '../../../core/paging.js';
import type { Services } from '../../services.js';
import type { SpamEmailRecord } from '../../../storage/ports.js';
import { PageSpamEmailProjection, SpamEmailsQuery } from '../spam.schemas.js';
import { getEmailSpamScore } from './getEmailSpamScore.js';

const SNIPPET = 100;

export const toSpamEmailProjection = (r: SpamEmailRecord) => ({
  id: r.id, from: r.from, userId: r.tenantId, inboxId: r.inboxId, to: r.to, createdAt: r.createdAt.toISOString(),
  subjectSnippet: r.subject === null ? null : r.subject.slice(0, SNIPPET),
});

export const getAllSpamEmails = operationsOf<Services>('SpamEmailController')({
  operationId: 'getAllSpamEmails', method: 'GET', path: '/spam-emails',
  summary: 'Page through received mail SpamAssassin scored at or over PIGEONHOLE_SPAM_THRESHOLD (every received message with PIGEONHOLE_SPAM_CHECK_INBOUND, else those scored through getEmailSpamScore)',
  query: SpamEmailsQuery,
  response: Type.Ref(PageSpamEmailProjection),
  handler: async ({ tenantId, query: q }, { spamEmails }) => {
    const { slice, request } = await spamEmails.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toSpamEmailProjection), slice.total, request);
  },
});

/** SpamEmailController, and the spam score extension */
export const spamOperations = [getAllSpamEmails, getEmailSpamScore];
