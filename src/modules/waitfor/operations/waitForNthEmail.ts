import { waitForOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { INT32_MAX, Uuid } from '../../shared/schemas.js';
import { toEmail } from '../../email/email.dto.js';
import { Email } from '../../email/email.schemas.js';
import { waitQuery } from '../waitfor.schemas.js';

export const waitForNthEmail = waitForOperation({
  operationId: 'waitForNthEmail', method: 'GET', path: '/waitForNthEmail',
  summary: 'The index-th email (zero-based, oldest first; sort=DESC counts from the newest), waiting for it to arrive (408 at the timeout); marks it read',
  query: Type.Object({
    inboxId: Type.Optional(Uuid),
    index: Type.Integer({ minimum: 0, maximum: INT32_MAX, default: 0, description: 'zero-based' }),
    ...waitQuery,
  }),
  response: Type.Ref(Email),
  handler: async ({ tenantId, query: q, signal }, { waitFor }) => {
    const email = await waitFor.nth(tenantId, {
      inboxId: q.inboxId, index: q.index, timeout: q.timeout, unreadOnly: q.unreadOnly, since: toDate(q.since),
      before: toDate(q.before), sort: q.sort, signal,
    });
    return toEmail(email);
  },
});
