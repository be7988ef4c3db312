import { waitForOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { toEmail } from '../../email/email.dto.js';
import { Email } from '../../email/email.schemas.js';
import { MatchOptions, waitQuery } from '../waitfor.schemas.js';

export const waitForMatchingFirstEmail = waitForOperation({
  operationId: 'waitForMatchingFirstEmail', method: 'POST', path: '/waitForMatchingFirstEmail',
  summary: 'The first email of the inbox (oldest unless sort=DESC) meeting every match and condition, waiting for one (408 at the timeout); marks it read',
  query: Type.Object({ inboxId: Uuid, ...waitQuery }),
  body: Type.Ref(MatchOptions),
  response: Type.Ref(Email),
  handler: async ({ tenantId, query: q, body, signal }, { waitFor }) => {
    const email = await waitFor.firstMatching(tenantId, {
      inboxId: q.inboxId, timeout: q.timeout, unreadOnly: q.unreadOnly, since: toDate(q.since),
      before: toDate(q.before), sort: q.sort, signal,
    }, body);
    return toEmail(email);
  },
});
