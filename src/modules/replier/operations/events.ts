import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { replierOperation } from './define.js';
import { toReplierEvent } from '../replier.dto.js';
import { AllReplierEventsQuery, PageInboxReplierEvents, ReplierEventsQuery, ReplierIdParams } from '../replier.schemas.js';

export const getAllInboxReplierEvents = replierOperation({
  operationId: 'getAllInboxReplierEvents', method: 'GET', path: '/repliers/events',
  summary: 'Page through every replier event of the caller (filter by replier, inbox, received email or sent reply)',
  query: AllReplierEventsQuery,
  response: Type.Ref(PageInboxReplierEvents),
  handler: async ({ tenantId, query }, { repliers }) => {
    const { page, size, sort, inboxReplierId, ...filter } = query;
    const { slice, request } = await repliers.events(tenantId, { ...filter, replierId: inboxReplierId }, { page, size, sort });
    return toPage(slice.items.map(toReplierEvent), slice.total, request);
  },
});

export const getInboxReplierEvents = replierOperation({
  operationId: 'getInboxReplierEvents', method: 'GET', path: '/repliers/{id}/events',
  summary: "Page through one replier's events",
  params: ReplierIdParams,
  query: ReplierEventsQuery,
  response: Type.Ref(PageInboxReplierEvents),
  handler: async ({ tenantId, params, query }, { repliers }) => {
    const { slice, request } = await repliers.events(tenantId, { replierId: params.id }, query);
    return toPage(slice.items.map(toReplierEvent), slice.total, request);
  },
});
