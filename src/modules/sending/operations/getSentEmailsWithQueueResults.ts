import { sentEmailOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { DateTime, PageQuery } from '../../shared/schemas.js';
import { PageSentEmailWithQueueProjection } from '../queue.schemas.js';

// A static path: Fastify prefers it to GET /sent/:id, so 'queue-results' is never taken for an id.
export const getSentEmailsWithQueueResults = sentEmailOperation({
  operationId: 'getSentEmailsWithQueueResults', method: 'GET', path: '/sent/queue-results',
  summary: 'Page through the caller\'s queued sends (sendEmailWithQueue) with their outcome',
  query: Type.Object({ ...PageQuery, since: Type.Optional(DateTime), before: Type.Optional(DateTime) }),
  response: Type.Ref(PageSentEmailWithQueueProjection),
  handler: async ({ tenantId, query: q }, { sendQueue }) => {
    return sendQueue.results(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
  },
});
