import { bulkActionsOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { BulkSendEmailOptions } from '../bulk-actions.schemas.js';
import { bulkSendEmails as sendEmails } from '../bulk-actions.js';

export const bulkSendEmails = bulkActionsOperation({
  operationId: 'bulkSendEmails', method: 'POST', path: '/bulk/send',
  summary: 'Send the same email from each inbox listed (each send checked first: a refusal sends nothing)',
  body: Type.Ref(BulkSendEmailOptions),
  status: 201,
  response: { type: 'null', description: 'Sent' },
  handler: async ({ tenantId, body }, { sending }) => {
    await sendEmails(sending, tenantId, body.inboxIds, body.sendEmailOptions);
  },
});
