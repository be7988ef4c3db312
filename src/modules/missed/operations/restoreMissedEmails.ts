import { missedOperation } from './define.js';

export const restoreMissedEmails = missedOperation({
  operationId: 'restoreMissedEmails', method: 'POST', path: '/missed-emails/restore',
  summary: 'Store missed emails in their inboxes as real emails, oldest first, as far as the email cap allows; restored records are removed',
  status: 204,
  handler: async ({ tenantId }, { missed }) => {
    await missed.restore(tenantId);
  },
});
