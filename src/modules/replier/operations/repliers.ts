import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { replierOperation } from './define.js';
import { toReplierDto } from '../replier.dto.js';
import {
  CreateInboxReplierOptions, InboxReplierDto, PageInboxReplierDto, ReplierIdParams, RepliersQuery, UpdateInboxReplierActiveOptions,
  UpdateInboxReplierOptions,
} from '../replier.schemas.js';
import { OptionalInboxQuery } from '../../forwarder/forwarder.schemas.js';

export const createNewInboxReplier = replierOperation({
  operationId: 'createNewInboxReplier', method: 'POST', path: '/repliers',
  summary: 'Create a replier on an inbox (inboxId in the body, required): received mail that matches is answered automatically',
  body: Type.Ref(CreateInboxReplierOptions),
  status: 201,
  response: Type.Ref(InboxReplierDto),
  handler: async ({ tenantId, body }, { repliers }) => toReplierDto(await repliers.create(tenantId, body)),
});

export const getInboxRepliers = replierOperation({
  operationId: 'getInboxRepliers', method: 'GET', path: '/repliers',
  summary: "Page through the caller's repliers, or one inbox's",
  query: RepliersQuery,
  response: Type.Ref(PageInboxReplierDto),
  handler: async ({ tenantId, query }, { repliers }) => {
    const { slice, request } = await repliers.page(tenantId, { ...query, since: toDate(query.since), before: toDate(query.before) });
    return toPage(slice.items.map(toReplierDto), slice.total, request);
  },
});

export const getInboxReplier = replierOperation({
  operationId: 'getInboxReplier', method: 'GET', path: '/repliers/{id}',
  summary: 'Get a replier',
  params: ReplierIdParams,
  response: Type.Ref(InboxReplierDto),
  handler: async ({ tenantId, params }, { repliers }) => toReplierDto(await repliers.get(tenantId, params.id)),
});

export const updateInboxReplier = replierOperation({
  operationId: 'updateInboxReplier', method: 'PUT', path: '/repliers/{id}',
  summary: "Replace a replier's settings (its active flag stays as it is)",
  params: ReplierIdParams,
  body: Type.Ref(UpdateInboxReplierOptions),
  response: Type.Ref(InboxReplierDto),
  handler: async ({ tenantId, params, body }, { repliers }) => toReplierDto(await repliers.update(tenantId, params.id, body)),
});

// In the spec (updateInboxReplierActive), not in the official client: only the flag changes.
export const updateInboxReplierActive = replierOperation({
  operationId: 'updateInboxReplierActive', method: 'PUT', path: '/repliers/{id}/active',
  summary: 'Switch a replier on or off; nothing else changes',
  params: ReplierIdParams,
  body: Type.Ref(UpdateInboxReplierActiveOptions),
  response: Type.Ref(InboxReplierDto),
  handler: async ({ tenantId, params, body }, { repliers }) => toReplierDto(await repliers.setActive(tenantId, params.id, body.active)),
});

export const deleteInboxReplier = replierOperation({
  operationId: 'deleteInboxReplier', method: 'DELETE', path: '/repliers/{id}',
  summary: 'Delete a replier (its events stay listed)',
  params: ReplierIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { repliers }) => repliers.delete(tenantId, params.id),
});

export const deleteInboxRepliers = replierOperation({
  operationId: 'deleteInboxRepliers', method: 'DELETE', path: '/repliers',
  summary: 'Delete every replier of the caller, or of one inbox',
  query: OptionalInboxQuery,
  status: 204,
  handler: async ({ tenantId, query }, { repliers }) => repliers.deleteAll(tenantId, query.inboxId),
});
