import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { disconnectSignal } from '../../../transports/http/disconnect.js';
import { Uuid } from '../../shared/schemas.js';
import { toEmail } from '../email.dto.js';
import { Email } from '../email.schemas.js';
import { MAX_WAIT_MS } from '../wait.js';
import { INBOX_TAG, type EmailRoute } from './kit.js';

export const getLatestEmailInInbox: EmailRoute = (app, { emails }) =>
  app.get('/inboxes/getLatestEmail', {
    schema: {
      operationId: 'getLatestEmailInInbox', tags: INBOX_TAG,
      summary: "The inbox's newest email, waiting up to timeoutMillis for one (408 if none arrives)",
      querystring: Type.Object({
        inboxId: Uuid,
        timeoutMillis: Type.Integer({ minimum: 0, maximum: MAX_WAIT_MS }),
      }),
      response: { 200: Type.Ref(Email) },
    },
  }, async (request, reply) =>
    toEmail(await emails.latestInInbox(principalOf(request).tenantId, request.query.inboxId, request.query.timeoutMillis, disconnectSignal(reply))));
