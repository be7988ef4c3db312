import { waitForOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { INT32_MAX, Uuid } from '../../shared/schemas.js';
import { toEmailPreview } from '../../email/email.dto.js';
import { EmailPreview } from '../../email/email.schemas.js';
import { waitQuery } from '../waitfor.schemas.js';

export const waitForEmailCount = waitForOperation({
  operationId: 'waitForEmailCount', method: 'GET', path: '/waitForEmailCount',
  summary: 'Once the inbox holds count emails (now or when they arrive), the first count of them; 408 at the timeout',
  query: Type.Object({
    inboxId: Uuid,
    count: Type.Integer({ minimum: 1, maximum: INT32_MAX }),
    ...waitQuery,
  }),
  response: Type.Array(Type.Ref(EmailPreview)),
  handler: async ({ tenantId, query: q, signal }, { waitFor }) => {
    const list = await waitFor.count(tenantId, {
      inboxId: q.inboxId, count: q.count, timeout: q.timeout, unreadOnly: q.unreadOnly, since: toDate(q.since),
      before: toDate(q.before), sort: q.sort, signal,
    });
    return list.map(toEmailPreview);
  },
});
