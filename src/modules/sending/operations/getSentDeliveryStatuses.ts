import { sentEmailOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery, Uuid } from '../../shared/schemas.js';
import { toDeliveryStatusDto } from '../sending.dto.js';
import { DeliveryStatusDto, PageDeliveryStatus } from '../sending.schemas.js';

const RangeQuery = Type.Object({ ...PageQuery, since: Type.Optional(DateTime), before: Type.Optional(DateTime) });

export const getSentDeliveryStatuses = sentEmailOperation({
  operationId: 'getSentDeliveryStatuses', method: 'GET', path: '/sent/delivery-status',
  summary: "Page through the delivery statuses of the caller's sent emails",
  query: RangeQuery,
  response: Type.Ref(PageDeliveryStatus),
  handler: async ({ tenantId, query: q }, { sending }) => {
    const { slice, request: page } = await sending.statuses(tenantId, { since: toDate(q.since), before: toDate(q.before) }, q);
    return toPage(slice.items.map((d) => toDeliveryStatusDto(d)), slice.total, page);
  },
});

export const getSentDeliveryStatusesBySentId = sentEmailOperation({
  operationId: 'getSentDeliveryStatusesBySentId', method: 'GET', path: '/sent/{sentId}/delivery-status',
  summary: 'The delivery status of each recipient of a sent email',
  params: Type.Object({ sentId: Uuid }),
  query: RangeQuery,
  response: Type.Ref(PageDeliveryStatus),
  handler: async ({ tenantId, params, query: q }, { sending }) => {
    const sent = await sending.get(tenantId, params.sentId);
    const { slice, request: page } = await sending.statuses(tenantId, { sentId: sent.id, since: toDate(q.since), before: toDate(q.before) }, q);
    return toPage(slice.items.map((d) => toDeliveryStatusDto(d, sent.subject)), slice.total, page);
  },
});

export const getSentDeliveryStatus = sentEmailOperation({
  operationId: 'getSentDeliveryStatus', method: 'GET', path: '/sent/delivery-status/{deliveryId}',
  summary: 'One delivery status',
  params: Type.Object({ deliveryId: Uuid }),
  response: Type.Ref(DeliveryStatusDto),
  handler: async ({ tenantId, params }, { sending }) => toDeliveryStatusDto(await sending.status(tenantId, params.deliveryId)),
});
