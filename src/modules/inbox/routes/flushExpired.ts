import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { DateTime } from '../../shared/schemas.js';
import { FlushExpiredInboxesResult } from '../inbox.schemas.js';
import { TAG, toDate, type InboxRoute } from './kit.js';

export const flushExpired: InboxRoute = (app, { inboxes }) =>
  app.delete('/inboxes/expired', {
    schema: {
      operationId: 'flushExpired', tags: TAG,
      summary: "Remove the caller's inboxes whose expiry is at or before `before` (default now)",
      querystring: Type.Object({ before: Type.Optional(DateTime) }),
      response: { 200: Type.Ref(FlushExpiredInboxesResult) },
    },
  }, async (request) => {
    const result = await inboxes.flushExpired(principalOf(request).tenantId, toDate(request.query.before));
    return { inboxIds: result.inboxIds, expireBefore: result.expireBefore.toISOString() };
  });
