import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { disconnectSignal } from '../../../transports/http/disconnect.js';
import { Uuid } from '../../shared/schemas.js';
import { toEmail } from '../../email/email.dto.js';
import { Email } from '../../email/email.schemas.js';
import { MatchOptions, waitQuery } from '../waitfor.schemas.js';
import { toDate, WAIT_FOR_TAG, type WaitForRoute } from './kit.js';

export const waitForMatchingFirstEmail: WaitForRoute = (app, { waitFor }) =>
  app.post('/waitForMatchingFirstEmail', {
    schema: {
      operationId: 'waitForMatchingFirstEmail', tags: WAIT_FOR_TAG,
      summary: 'The first email of the inbox (oldest unless sort=DESC) meeting every match and condition, waiting for one (408 at the timeout); marks it read',
      querystring: Type.Object({ inboxId: Uuid, ...waitQuery }),
      body: Type.Ref(MatchOptions),
      response: { 200: Type.Ref(Email) },
    },
  }, async (request, reply) => {
    const q = request.query;
    const email = await waitFor.firstMatching(principalOf(request).tenantId, {
      inboxId: q.inboxId, timeout: q.timeout, unreadOnly: q.unreadOnly, since: toDate(q.since),
      before: toDate(q.before), sort: q.sort, signal: disconnectSignal(reply),
    }, request.body);
    return toEmail(email);
  });
