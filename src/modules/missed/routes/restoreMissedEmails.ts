import { principalOf } from '../../../transports/http/auth.js';
import { TAG, type MissedRoute } from './kit.js';

export const restoreMissedEmails: MissedRoute = (app, { missed }) =>
  app.post('/missed-emails/restore', {
    schema: {
      operationId: 'restoreMissedEmails', tags: TAG,
      summary: 'Store missed emails in their inboxes as real emails, oldest first, as far as the email cap allows; restored records are removed',
    },
  }, async (request, reply) => {
    await missed.restore(principalOf(request).tenantId);
    return reply.status(204).send();
  });
