import { inboxSendOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { SendEmailOptions } from '../sending.schemas.js';

export const sendEmailWithQueue = inboxSendOperation({
  operationId: 'sendEmailWithQueue', method: 'POST', path: '/inboxes/{inboxId}/with-queue',
  summary: 'Queue an email to send from the inbox: answered once the job is stored; sent (and retried on transient failures) in the background',
  description: 'With validateBeforeEnqueue=true every check of sendEmail runs first and a refusal is a 400 with nothing queued. '
    + 'Outcomes are listed by GET /sent/queue-results.',
  params: InboxIdParams,
  query: Type.Object({ validateBeforeEnqueue: Type.Boolean({ description: 'run sendEmail\'s checks before queueing' }) }),
  body: Type.Ref(SendEmailOptions),
  status: 204,
  response: { type: 'null', description: 'Queued' },
  handler: async ({ tenantId, params, query, body }, { sendQueue }) => {
    await sendQueue.enqueue(tenantId, params.inboxId, body, query.validateBeforeEnqueue);
  },
});
