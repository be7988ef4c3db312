import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { toEmail } from '../email.dto.js';
import { Email } from '../email.schemas.js';
import { EMAIL_TAG, type EmailRoute } from './kit.js';

export const getLatestEmail: EmailRoute = (app, { emails }) =>
  app.get('/emails/latest', {
    schema: {
      operationId: 'getLatestEmail', tags: EMAIL_TAG, summary: "The newest of the caller's emails (of the given inboxes); 404 if none",
      querystring: Type.Object({ inboxIds: Type.Optional(Type.Array(Uuid)) }),
      response: { 200: Type.Ref(Email) },
    },
  }, async (request) => toEmail(await emails.latest(principalOf(request).tenantId, request.query.inboxIds)));

export const getLatestEmailInInbox1: EmailRoute = (app, { emails }) =>
  app.get('/emails/latestIn', {
    schema: {
      operationId: 'getLatestEmailInInbox1', tags: EMAIL_TAG, summary: "The inbox's newest email; 404 if it has none",
      querystring: Type.Object({ inboxId: Uuid }),
      response: { 200: Type.Ref(Email) },
    },
  }, async (request) => toEmail(await emails.latest(principalOf(request).tenantId, [request.query.inboxId])));
