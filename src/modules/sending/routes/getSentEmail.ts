import { Type, type Static } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery, Uuid } from '../../shared/schemas.js';
import { toSentEmailDto, toSentEmailProjection } from '../sending.dto.js';
import { PageSentEmailProjection, SentEmailDto } from '../sending.schemas.js';
import type { SendingService } from '../sending.service.js';
import { SENT_TAG, toDate, type SendingRoute } from './kit.js';

const IdParams = Type.Object({ id: Uuid });

export const getSentEmail: SendingRoute = (app, { sending }) =>
  app.get('/sent/:id', {
    schema: {
      operationId: 'getSentEmail', tags: SENT_TAG, summary: 'A sent-email receipt',
      params: IdParams,
      response: { 200: Type.Ref(SentEmailDto) },
    },
  }, async (request) => toSentEmailDto(await sending.get(principalOf(request).tenantId, request.params.id)));

/** Query of the sent-email lists (getSentEmails, getSentOrganizationEmails). */
export const SentListQuery = Type.Object({
  ...PageQuery,
  inboxId: Type.Optional(Uuid),
  searchFilter: Type.Optional(Type.String()),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
});

/** One page of the caller's sent emails for a SentListQuery. */
export async function sentListPage(sending: SendingService, tenantId: string, q: Static<typeof SentListQuery>) {
  const { slice, request: page } = await sending.page(tenantId, {
    inboxId: q.inboxId, search: q.searchFilter?.trim() || undefined, since: toDate(q.since), before: toDate(q.before),
  }, q);
  return toPage(slice.items.map(toSentEmailProjection), slice.total, page);
}

export const getSentEmails: SendingRoute = (app, { sending }) =>
  app.get('/sent', {
    schema: {
      operationId: 'getSentEmails', tags: SENT_TAG, summary: "Page through the caller's sent emails (of one inbox if given)",
      querystring: SentListQuery,
      response: { 200: Type.Ref(PageSentEmailProjection) },
    },
  }, async (request) => sentListPage(sending, principalOf(request).tenantId, request.query));

export const deleteSentEmail: SendingRoute = (app, { sending }) =>
  app.delete('/sent/:id', {
    schema: {
      operationId: 'deleteSentEmail', tags: SENT_TAG, summary: 'Delete a sent-email receipt and its delivery statuses',
      params: IdParams,
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    await sending.delete(principalOf(request).tenantId, request.params.id);
    return reply.status(204).send();
  });

export const deleteAllSentEmails: SendingRoute = (app, { sending }) =>
  app.delete('/sent', {
    schema: {
      operationId: 'deleteAllSentEmails', tags: SENT_TAG, summary: "Delete all of the caller's sent-email receipts",
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    await sending.deleteAll(principalOf(request).tenantId);
    return reply.status(204).send();
  });
