import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery, Uuid } from '../../shared/schemas.js';
import { toDeliveryStatusDto } from '../sending.dto.js';
import { DeliveryStatusDto, PageDeliveryStatus } from '../sending.schemas.js';
import { SENT_TAG, toDate, type SendingRoute } from './kit.js';

const RangeQuery = Type.Object({ ...PageQuery, since: Type.Optional(DateTime), before: Type.Optional(DateTime) });

export const getSentDeliveryStatuses: SendingRoute = (app, { sending }) =>
  app.get('/sent/delivery-status', {
    schema: {
      operationId: 'getSentDeliveryStatuses', tags: SENT_TAG, summary: "Page through the delivery statuses of the caller's sent emails",
      querystring: RangeQuery,
      response: { 200: Type.Ref(PageDeliveryStatus) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await sending.statuses(principalOf(request).tenantId, { since: toDate(q.since), before: toDate(q.before) }, q);
    return toPage(slice.items.map((d) => toDeliveryStatusDto(d)), slice.total, page);
  });

export const getSentDeliveryStatusesBySentId: SendingRoute = (app, { sending }) =>
  app.get('/sent/:sentId/delivery-status', {
    schema: {
      operationId: 'getSentDeliveryStatusesBySentId', tags: SENT_TAG, summary: 'The delivery status of each recipient of a sent email',
      params: Type.Object({ sentId: Uuid }),
      querystring: RangeQuery,
      response: { 200: Type.Ref(PageDeliveryStatus) },
    },
  }, async (request) => {
    const q = request.query;
    const tenantId = principalOf(request).tenantId;
    const sent = await sending.get(tenantId, request.params.sentId);
    const { slice, request: page } = await sending.statuses(tenantId, { sentId: sent.id, since: toDate(q.since), before: toDate(q.before) }, q);
    return toPage(slice.items.map((d) => toDeliveryStatusDto(d, sent.subject)), slice.total, page);
  });

export const getSentDeliveryStatus: SendingRoute = (app, { sending }) =>
  app.get('/sent/delivery-status/:deliveryId', {
    schema: {
      operationId: 'getSentDeliveryStatus', tags: SENT_TAG, summary: 'One delivery status',
      params: Type.Object({ deliveryId: Uuid }),
      response: { 200: Type.Ref(DeliveryStatusDto) },
    },
  }, async (request) => toDeliveryStatusDto(await sending.status(principalOf(request).tenantId, request.params.deliveryId)));
