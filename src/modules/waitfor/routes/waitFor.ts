import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { disconnectSignal } from '../../../transports/http/disconnect.js';
import { toEmailPreview } from '../../email/email.dto.js';
import { EmailPreview } from '../../email/email.schemas.js';
import { WaitForConditions } from '../waitfor.schemas.js';
import { toDate, WAIT_FOR_TAG, type WaitForRoute } from './kit.js';

export const waitFor: WaitForRoute = (app, { waitFor: service }) =>
  app.post('/waitFor', {
    schema: {
      operationId: 'waitFor', tags: WAIT_FOR_TAG,
      summary: 'The emails of the inbox meeting every match, once exactly (or, with countType ATLEAST, at least) count of them do; 408 at the timeout',
      body: Type.Ref(WaitForConditions),
      response: { 200: Type.Array(Type.Ref(EmailPreview)) },
    },
  }, async (request, reply) => {
    const b = request.body;
    const list = await service.conditions(principalOf(request).tenantId, {
      inboxId: b.inboxId, count: b.count, countType: b.countType, timeout: b.timeout, unreadOnly: b.unreadOnly ?? undefined,
      since: toDate(b.since), before: toDate(b.before), sort: b.sortDirection, signal: disconnectSignal(reply),
    }, { matches: b.matches, conditions: b.conditions });
    return list.map(toEmailPreview);
  });
