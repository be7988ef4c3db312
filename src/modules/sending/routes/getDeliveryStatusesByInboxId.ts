import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery } from '../../shared/schemas.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toDeliveryStatusDto } from '../sending.dto.js';
import { PageDeliveryStatus } from '../sending.schemas.js';
import { INBOX_TAG, toDate, type SendingRoute } from './kit.js';

export const getDeliveryStatusesByInboxId: SendingRoute = (app, { sending }) =>
  app.get('/inboxes/:inboxId/delivery-status', {
    schema: {
      operationId: 'getDeliveryStatusesByInboxId', tags: INBOX_TAG,
      summary: 'Page through the delivery status of each recipient of the emails sent from an inbox',
      params: InboxIdParams,
      querystring: Type.Object({ ...PageQuery, since: Type.Optional(DateTime), before: Type.Optional(DateTime) }),
      response: { 200: Type.Ref(PageDeliveryStatus) },
    },
  }, async (request) => {
    const q = request.query;
    const tenantId = principalOf(request).tenantId;
    const { slice, request: page } = await sending.statuses(tenantId, {
      inboxId: request.params.inboxId, since: toDate(q.since), before: toDate(q.before),
    }, q);
    // Each status names its sent email's subject: one lookup per distinct sent email of the page.
    const subjects = new Map<string, string | null>();
    for (const sentId of new Set(slice.items.map((d) => d.sentId))) {
      subjects.set(sentId, await sending.get(tenantId, sentId).then((s) => s.subject, () => null));
    }
    return toPage(slice.items.map((d) => toDeliveryStatusDto(d, subjects.get(d.sentId) ?? null)), slice.total, page);
  });
