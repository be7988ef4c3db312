import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { DateTime } from '../../shared/schemas.js';
import { EMAIL_TAG, toDate, type EmailRoute } from './kit.js';

export const deleteAllEmails: EmailRoute = (app, { emails }) =>
  app.delete('/emails', {
    schema: {
      operationId: 'deleteAllEmails', tags: EMAIL_TAG,
      summary: "Delete all of the caller's emails (optionally only those received in a time range)",
      querystring: Type.Object({ createdAtSince: Type.Optional(DateTime), createdAtBefore: Type.Optional(DateTime) }),
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    await emails.deleteAll(principalOf(request).tenantId, {
      since: toDate(request.query.createdAtSince),
      before: toDate(request.query.createdAtBefore),
    });
    return reply.status(204).send();
  });
