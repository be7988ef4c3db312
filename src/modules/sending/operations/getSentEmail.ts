import { sentEmailOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type, type Static } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery, SEARCH_MAX_LENGTH, Uuid } from '../../shared/schemas.js';
import { toSentEmailDto, toSentEmailProjection } from '../sending.dto.js';
import { PageSentEmailProjection, SentEmailDto } from '../sending.schemas.js';
import type { SendingService } from '../sending.service.js';

const IdParams = Type.Object({ id: Uuid });

export const getSentEmail = sentEmailOperation({
  operationId: 'getSentEmail', method: 'GET', path: '/sent/{id}',
  summary: 'A sent-email receipt',
  params: IdParams,
  response: Type.Ref(SentEmailDto),
  handler: async ({ tenantId, params }, { sending }) => toSentEmailDto(await sending.get(tenantId, params.id)),
});

/** Query of the sent-email lists (getSentEmails, getSentOrganizationEmails). */
export const SentListQuery = Type.Object({
  ...PageQuery,
  inboxId: Type.Optional(Uuid),
  searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
});

/** One page of the caller's sent emails for a SentListQuery (of every member of `organizationId` when given). */
export async function sentListPage(sending: SendingService, tenantId: string, q: Static<typeof SentListQuery>, organizationId?: string | null) {
  const { slice, request: page } = await sending.page(tenantId, {
    organizationId: organizationId ?? undefined,
    inboxId: q.inboxId, search: q.searchFilter?.trim() || undefined, since: toDate(q.since), before: toDate(q.before),
  }, q);
  return toPage(slice.items.map(toSentEmailProjection), slice.total, page);
}

export const getSentEmails = sentEmailOperation({
  operationId: 'getSentEmails', method: 'GET', path: '/sent',
  summary: "Page through the caller's sent emails (of one inbox if given)",
  query: SentListQuery,
  response: Type.Ref(PageSentEmailProjection),
  handler: async ({ tenantId, query }, { sending }) => sentListPage(sending, tenantId, query),
});

export const deleteSentEmail = sentEmailOperation({
  operationId: 'deleteSentEmail', method: 'DELETE', path: '/sent/{id}',
  summary: 'Delete a sent-email receipt and its delivery statuses',
  params: IdParams,
  status: 204,
  response: { type: 'null', description: 'Deleted' },
  handler: async ({ tenantId, params }, { sending }) => {
    await sending.delete(tenantId, params.id);
  },
});

export const deleteAllSentEmails = sentEmailOperation({
  operationId: 'deleteAllSentEmails', method: 'DELETE', path: '/sent',
  summary: "Delete all of the caller's sent-email receipts",
  status: 204,
  response: { type: 'null', description: 'Deleted' },
  handler: async ({ tenantId }, { sending }) => {
    await sending.deleteAll(tenantId);
  },
});
