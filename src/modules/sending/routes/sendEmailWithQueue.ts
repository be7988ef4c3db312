import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { SendEmailOptions } from '../sending.schemas.js';
import { INBOX_TAG, type SendingRoute } from './kit.js';

export const sendEmailWithQueue: SendingRoute = (app, { sendQueue }) =>
  app.post('/inboxes/:inboxId/with-queue', {
    schema: {
      operationId: 'sendEmailWithQueue', tags: INBOX_TAG,
      summary: 'Queue an email to send from the inbox: answered once the job is stored; sent (and retried on transient failures) in the background',
      description: 'With validateBeforeEnqueue=true every check of sendEmail runs first and a refusal is a 400 with nothing queued. '
        + 'Outcomes are listed by GET /sent/queue-results.',
      params: InboxIdParams,
      querystring: Type.Object({ validateBeforeEnqueue: Type.Boolean({ description: 'run sendEmail\'s checks before queueing' }) }),
      body: Type.Ref(SendEmailOptions),
      response: { 204: { type: 'null', description: 'Queued' } },
    },
  }, async (request, reply) => {
    await sendQueue.enqueue(principalOf(request).tenantId, request.params.inboxId, request.body, request.query.validateBeforeEnqueue);
    return reply.status(204).send();
  });
