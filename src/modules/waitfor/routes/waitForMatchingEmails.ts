import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { disconnectSignal } from '../../../transports/http/disconnect.js';
import { INT32_MAX, Uuid } from '../../shared/schemas.js';
import { toEmailPreview } from '../../email/email.dto.js';
import { EmailPreview } from '../../email/email.schemas.js';
import { MatchOptions, waitQuery } from '../waitfor.schemas.js';
import { toDate, WAIT_FOR_TAG, type WaitForRoute } from './kit.js';

export const waitForMatchingEmails: WaitForRoute = (app, { waitFor }) =>
  app.post('/waitForMatchingEmails', {
    schema: {
      operationId: 'waitForMatchingEmails', tags: WAIT_FOR_TAG,
      summary: 'Once at least count emails of the inbox meet every match and condition, all that do; 408 at the timeout',
      querystring: Type.Object({
        inboxId: Uuid,
        count: Type.Integer({ minimum: 1, maximum: INT32_MAX }),
        ...waitQuery,
      }),
      body: Type.Ref(MatchOptions),
      response: { 200: Type.Array(Type.Ref(EmailPreview)) },
    },
  }, async (request, reply) => {
    const q = request.query;
    const list = await waitFor.matching(principalOf(request).tenantId, {
      inboxId: q.inboxId, count: q.count, timeout: q.timeout, unreadOnly: q.unreadOnly, since: toDate(q.since),
      before: toDate(q.before), sort: q.sort, signal: disconnectSignal(reply),
    }, request.body);
    return list.map(toEmailPreview);
  });
