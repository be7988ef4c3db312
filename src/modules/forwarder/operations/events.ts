import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { Uuid } from '../../shared/schemas.js';
import { forwarderOperation } from './define.js';
import { toForwarderEventDto } from '../forwarder.dto.js';
import { AllForwarderEventsQuery, ForwarderEventsQuery, ForwarderIdParams, InboxForwarderEventDto, PageInboxForwarderEvents } from '../forwarder.schemas.js';

export const getAllInboxForwarderEvents = forwarderOperation({
  operationId: 'getAllInboxForwarderEvents', method: 'GET', path: '/forwarders/events',
  summary: "Page through every forwarder event of the caller (filter by inbox, received email or sent email)",
  query: AllForwarderEventsQuery,
  response: Type.Ref(PageInboxForwarderEvents),
  handler: async ({ tenantId, query }, { forwarders }) => {
    const { page, size, sort, ...filter } = query;
    const { slice, request } = await forwarders.events(tenantId, filter, { page, size, sort });
    return toPage(slice.items.map(toForwarderEventDto), slice.total, request);
  },
});

export const getForwarderEvent = forwarderOperation({
  operationId: 'getForwarderEvent', method: 'GET', path: '/forwarders/events/{eventId}',
  summary: 'Get a forwarder event',
  params: Type.Object({ eventId: Uuid }),
  response: Type.Ref(InboxForwarderEventDto),
  handler: async ({ tenantId, params }, { forwarders }) => toForwarderEventDto(await forwarders.event(tenantId, params.eventId)),
});

export const getInboxForwarderEvents = forwarderOperation({
  operationId: 'getInboxForwarderEvents', method: 'GET', path: '/forwarders/{id}/events',
  summary: "Page through one forwarder's events",
  params: ForwarderIdParams,
  query: ForwarderEventsQuery,
  response: Type.Ref(PageInboxForwarderEvents),
  handler: async ({ tenantId, params, query }, { forwarders }) => {
    const { slice, request } = await forwarders.events(tenantId, { forwarderId: params.id }, query);
    return toPage(slice.items.map(toForwarderEventDto), slice.total, request);
  },
});

export const getInboxForwarderEvent = forwarderOperation({
  operationId: 'getInboxForwarderEvent', method: 'GET', path: '/forwarders/{id}/events/{eventId}',
  summary: 'Get one event of a forwarder',
  params: Type.Object({ id: Uuid, eventId: Uuid }),
  response: Type.Ref(InboxForwarderEventDto),
  handler: async ({ tenantId, params }, { forwarders }) => toForwarderEventDto(await forwarders.event(tenantId, params.eventId, params.id)),
});
