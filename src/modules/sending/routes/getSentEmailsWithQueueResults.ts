import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { DateTime, PageQuery } from '../../shared/schemas.js';
import { PageSentEmailWithQueueProjection } from '../queue.schemas.js';
import { SENT_TAG, toDate, type SendingRoute } from './kit.js';

// A static path: Fastify prefers it to GET /sent/:id, so 'queue-results' is never taken for an id.
export const getSentEmailsWithQueueResults: SendingRoute = (app, { sendQueue }) =>
  app.get('/sent/queue-results', {
    schema: {
      operationId: 'getSentEmailsWithQueueResults', tags: SENT_TAG,
      summary: 'Page through the caller\'s queued sends (sendEmailWithQueue) with their outcome',
      querystring: Type.Object({ ...PageQuery, since: Type.Optional(DateTime), before: Type.Optional(DateTime) }),
      response: { 200: Type.Ref(PageSentEmailWithQueueProjection) },
    },
  }, async (request) => {
    const q = request.query;
    return sendQueue.results(principalOf(request).tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
  });
