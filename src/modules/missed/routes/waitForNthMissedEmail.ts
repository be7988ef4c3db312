import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toMissedEmailDto } from '../missed.dto.js';
import { MissedEmailDto, WaitForNthMissedEmailQuery } from '../missed.schemas.js';
import { TAG, toDate, type MissedRoute } from './kit.js';

export const waitForNthMissedEmail: MissedRoute = (app, { missed }) =>
  app.get('/missed-emails/waitForNthMissedEmail', {
    schema: {
      operationId: 'waitForNthMissedEmail', tags: TAG,
      summary: 'The missed email at a zero-based index (oldest first), waiting up to timeout ms for it (408 if it does not come)',
      querystring: WaitForNthMissedEmailQuery,
      response: { 200: Type.Ref(MissedEmailDto) },
    },
  }, async (request) => {
    const q = request.query;
    const record = await missed.waitForNth(principalOf(request).tenantId, {
      index: q.index, inboxId: q.inboxId, since: toDate(q.since), before: toDate(q.before), timeoutMs: q.timeout ?? 0,
    });
    return toMissedEmailDto(record);
  });
