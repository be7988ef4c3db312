import { principalOf } from '../../../transports/http/auth.js';
import { EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type EmailRoute } from './kit.js';

export const deleteEmail: EmailRoute = (app, { emails }) =>
  app.delete('/emails/:emailId', {
    schema: {
      operationId: 'deleteEmail', tags: EMAIL_TAG, summary: 'Delete an email and its attachments, irreversibly',
      params: EmailIdParams,
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    await emails.delete(principalOf(request).tenantId, request.params.emailId);
    return reply.status(204).send();
  });
