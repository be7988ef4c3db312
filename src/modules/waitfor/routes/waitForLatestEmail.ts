import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { disconnectSignal } from '../../../transports/http/disconnect.js';
import { Uuid } from '../../shared/schemas.js';
import { toEmail } from '../../email/email.dto.js';
import { Email } from '../../email/email.schemas.js';
import { waitQuery } from '../waitfor.schemas.js';
import { toDate, WAIT_FOR_TAG, type WaitForRoute } from './kit.js';

export const waitForLatestEmail: WaitForRoute = (app, { waitFor }) =>
  app.get('/waitForLatestEmail', {
    schema: {
      operationId: 'waitForLatestEmail', tags: WAIT_FOR_TAG,
      summary: "The inbox's newest email (any of yours without inboxId), or the first to arrive within timeout (408 otherwise); marks it read",
      querystring: Type.Object({ inboxId: Type.Optional(Uuid), ...waitQuery }),
      response: { 200: Type.Ref(Email) },
    },
  }, async (request, reply) => {
    const q = request.query;
    const email = await waitFor.latest(principalOf(request).tenantId, {
      inboxId: q.inboxId, timeout: q.timeout, unreadOnly: q.unreadOnly, since: toDate(q.since), before: toDate(q.before),
      sort: q.sort, signal: disconnectSignal(reply),
    });
    return toEmail(email);
  });
