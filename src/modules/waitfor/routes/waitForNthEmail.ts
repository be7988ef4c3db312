import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { disconnectSignal } from '../../../transports/http/disconnect.js';
import { INT32_MAX, Uuid } from '../../shared/schemas.js';
import { toEmail } from '../../email/email.dto.js';
import { Email } from '../../email/email.schemas.js';
import { waitQuery } from '../waitfor.schemas.js';
import { toDate, WAIT_FOR_TAG, type WaitForRoute } from './kit.js';

export const waitForNthEmail: WaitForRoute = (app, { waitFor }) =>
  app.get('/waitForNthEmail', {
    schema: {
      operationId: 'waitForNthEmail', tags: WAIT_FOR_TAG,
      summary: 'The index-th email (zero-based, oldest first; sort=DESC counts from the newest), waiting for it to arrive (408 at the timeout); marks it read',
      querystring: Type.Object({
        inboxId: Type.Optional(Uuid),
        index: Type.Integer({ minimum: 0, maximum: INT32_MAX, default: 0, description: 'zero-based' }),
        ...waitQuery,
      }),
      response: { 200: Type.Ref(Email) },
    },
  }, async (request, reply) => {
    const q = request.query;
    const email = await waitFor.nth(principalOf(request).tenantId, {
      inboxId: q.inboxId, index: q.index, timeout: q.timeout, unreadOnly: q.unreadOnly, since: toDate(q.since),
      before: toDate(q.before), sort: q.sort, signal: disconnectSignal(reply),
    });
    return toEmail(email);
  });
