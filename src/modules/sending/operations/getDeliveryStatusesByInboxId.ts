import { inboxSendOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery } from '../../shared/schemas.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toDeliveryStatusDto } from '../sending.dto.js';
import { PageDeliveryStatus } from '../sending.schemas.js';

export const getDeliveryStatusesByInboxId = inboxSendOperation({
  operationId: 'getDeliveryStatusesByInboxId', method: 'GET', path: '/inboxes/{inboxId}/delivery-status',
  summary: 'Page through the delivery status of each recipient of the emails sent from an inbox',
  params: InboxIdParams,
  query: Type.Object({ ...PageQuery, since: Type.Optional(DateTime), before: Type.Optional(DateTime) }),
  response: Type.Ref(PageDeliveryStatus),
  handler: async ({ tenantId, params, query: q }, { sending }) => {
    const { slice, request: page } = await sending.statuses(tenantId, {
      inboxId: params.inboxId, since: toDate(q.since), before: toDate(q.before),
    }, q);
    // Each status names its sent email's subject: one lookup per distinct sent email of the page.
    const subjects = new Map<string, string | null>();
    for (const sentId of new Set(slice.items.map((d) => d.sentId))) {
      subjects.set(sentId, await sending.get(tenantId, sentId).then((s) => s.subject, () => null));
    }
    return toPage(slice.items.map((d) => toDeliveryStatusDto(d, subjects.get(d.sentId) ?? null)), slice.total, page);
  },
});
