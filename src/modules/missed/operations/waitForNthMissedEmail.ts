import { missedOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toMissedEmailDto } from '../missed.dto.js';
import { MissedEmailDto, WaitForNthMissedEmailQuery } from '../missed.schemas.js';

export const waitForNthMissedEmail = missedOperation({
  operationId: 'waitForNthMissedEmail', method: 'GET', path: '/missed-emails/waitForNthMissedEmail',
  summary: 'The missed email at a zero-based index (oldest first), waiting up to timeout ms for it (408 if it does not come)',
  query: WaitForNthMissedEmailQuery,
  response: Type.Ref(MissedEmailDto),
  handler: async ({ tenantId, query: q }, { missed }) => {
    const record = await missed.waitForNth(tenantId, {
      index: q.index, inboxId: q.inboxId, since: toDate(q.since), before: toDate(q.before), timeoutMs: q.timeout ?? 0,
    });
    return toMissedEmailDto(record);
  },
});
