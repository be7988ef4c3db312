import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { forwarderOperation } from './define.js';
import { toForwarderDto } from '../forwarder.dto.js';
import {
  CreateInboxForwarderOptions, ForwarderIdParams, ForwardersQuery, InboxForwarderDto, OptionalInboxQuery, PageInboxForwarderDto,
} from '../forwarder.schemas.js';

export const createNewInboxForwarder = forwarderOperation({
  operationId: 'createNewInboxForwarder', method: 'POST', path: '/forwarders',
  status: 201,
  summary: 'Create a forwarder on an inbox (query inboxId, required): received mail that matches is forwarded to forwardToRecipients',
  query: OptionalInboxQuery,
  body: Type.Ref(CreateInboxForwarderOptions),
  response: Type.Ref(InboxForwarderDto),
  handler: async ({ tenantId, query, body }, { forwarders }) => toForwarderDto(await forwarders.create(tenantId, query.inboxId, body)),
});

export const getInboxForwarders = forwarderOperation({
  operationId: 'getInboxForwarders', method: 'GET', path: '/forwarders',
  summary: "Page through the caller's forwarders, or one inbox's",
  query: ForwardersQuery,
  response: Type.Ref(PageInboxForwarderDto),
  handler: async ({ tenantId, query }, { forwarders }) => {
    const { slice, request } = await forwarders.page(tenantId, { ...query, since: toDate(query.since), before: toDate(query.before) });
    return toPage(slice.items.map(toForwarderDto), slice.total, request);
  },
});

export const getInboxForwarder = forwarderOperation({
  operationId: 'getInboxForwarder', method: 'GET', path: '/forwarders/{id}',
  summary: 'Get a forwarder',
  params: ForwarderIdParams,
  response: Type.Ref(InboxForwarderDto),
  handler: async ({ tenantId, params }, { forwarders }) => toForwarderDto(await forwarders.get(tenantId, params.id)),
});

export const updateInboxForwarder = forwarderOperation({
  operationId: 'updateInboxForwarder', method: 'PUT', path: '/forwarders/{id}',
  summary: "Replace a forwarder's rule and destinations (it stays on its inbox)",
  params: ForwarderIdParams,
  body: Type.Ref(CreateInboxForwarderOptions),
  response: Type.Ref(InboxForwarderDto),
  handler: async ({ tenantId, params, body }, { forwarders }) => toForwarderDto(await forwarders.update(tenantId, params.id, body)),
});

export const deleteInboxForwarder = forwarderOperation({
  operationId: 'deleteInboxForwarder', method: 'DELETE', path: '/forwarders/{id}',
  summary: 'Delete a forwarder (its events stay listed)',
  params: ForwarderIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { forwarders }) => forwarders.delete(tenantId, params.id),
});

export const deleteInboxForwarders = forwarderOperation({
  operationId: 'deleteInboxForwarders', method: 'DELETE', path: '/forwarders',
  summary: "Delete every forwarder of the caller, or of one inbox",
  query: OptionalInboxQuery,
  status: 204,
  handler: async ({ tenantId, query }, { forwarders }) => forwarders.deleteAll(tenantId, query.inboxId),
});
