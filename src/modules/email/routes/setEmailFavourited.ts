import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type EmailRoute } from './kit.js';

export const setEmailFavourited: EmailRoute = (app, { emails }) =>
  app.put('/emails/:emailId/favourite', {
    schema: {
      operationId: 'setEmailFavourited', tags: EMAIL_TAG, summary: 'Mark or unmark an email as favourite',
      params: EmailIdParams,
      querystring: Type.Object({ favourited: Type.Boolean() }),
      response: { 204: { type: 'null', description: 'Done' } },
    },
  }, async (request, reply) => {
    await emails.setFavourite(principalOf(request).tenantId, request.params.emailId, request.query.favourited);
    return reply.status(204).send();
  });
