import { waitForOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { toEmail } from '../../email/email.dto.js';
import { Email } from '../../email/email.schemas.js';
import { waitQuery } from '../waitfor.schemas.js';

export const waitForLatestEmail = waitForOperation({
  operationId: 'waitForLatestEmail', method: 'GET', path: '/waitForLatestEmail',
  summary: "The inbox's newest email (any of yours without inboxId), or the first to arrive within timeout (408 otherwise); marks it read",
  query: Type.Object({ inboxId: Type.Optional(Uuid), ...waitQuery }),
  response: Type.Ref(Email),
  handler: async ({ tenantId, query: q, signal }, { waitFor }) => {
    const email = await waitFor.latest(tenantId, {
      inboxId: q.inboxId, timeout: q.timeout, unreadOnly: q.unreadOnly, since: toDate(q.since), before: toDate(q.before),
      sort: q.sort, signal,
    });
    return toEmail(email);
  },
});
