import { waitForOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toEmailPreview } from '../../email/email.dto.js';
import { EmailPreview } from '../../email/email.schemas.js';
import { WaitForConditions } from '../waitfor.schemas.js';

export const waitFor = waitForOperation({
  operationId: 'waitFor', method: 'POST', path: '/waitFor',
  summary: 'The emails of the inbox meeting every match, once exactly (or, with countType ATLEAST, at least) count of them do; 408 at the timeout',
  body: Type.Ref(WaitForConditions),
  response: Type.Array(Type.Ref(EmailPreview)),
  handler: async ({ tenantId, body: b, signal }, { waitFor: service }) => {
    const list = await service.conditions(tenantId, {
      inboxId: b.inboxId, count: b.count, countType: b.countType, timeout: b.timeout, unreadOnly: b.unreadOnly ?? undefined,
      since: toDate(b.since), before: toDate(b.before), sort: b.sortDirection, signal,
    }, { matches: b.matches, conditions: b.conditions });
    return list.map(toEmailPreview);
  },
});
