import { waitForOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { INT32_MAX, Uuid } from '../../shared/schemas.js';
import { toEmailPreview } from '../../email/email.dto.js';
import { EmailPreview } from '../../email/email.schemas.js';
import { MatchOptions, waitQuery } from '../waitfor.schemas.js';

export const waitForMatchingEmails = waitForOperation({
  operationId: 'waitForMatchingEmails', method: 'POST', path: '/waitForMatchingEmails',
  summary: 'Once at least count emails of the inbox meet every match and condition, all that do; 408 at the timeout',
  query: Type.Object({
    inboxId: Uuid,
    count: Type.Integer({ minimum: 1, maximum: INT32_MAX }),
    ...waitQuery,
  }),
  body: Type.Ref(MatchOptions),
  response: Type.Array(Type.Ref(EmailPreview)),
  handler: async ({ tenantId, query: q, body, signal }, { waitFor }) => {
    const list = await waitFor.matching(tenantId, {
      inboxId: q.inboxId, count: q.count, timeout: q.timeout, unreadOnly: q.unreadOnly, since: toDate(q.since),
      before: toDate(q.before), sort: q.sort, signal,
    }, body);
    return list.map(toEmailPreview);
  },
});
