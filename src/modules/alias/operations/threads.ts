import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { aliasOperation } from './define.js';
import { toAliasThreadProjection } from '../alias.dto.js';
import { AliasIdParams, AliasPageQuery, AliasThreadProjection, PageAliasThreadProjection, ThreadIdParams } from '../alias.schemas.js';

export const getAliasThreads = aliasOperation({
  operationId: 'getAliasThreads', method: 'GET', path: '/aliases/{aliasId}/threads',
  summary: "The alias's reply threads, one per conversation, paged",
  params: AliasIdParams,
  query: AliasPageQuery,
  response: Type.Ref(PageAliasThreadProjection),
  handler: async ({ tenantId, params, query }, { aliases }) => {
    const { slice, request } = await aliases.threads(tenantId, params.aliasId, { ...query, since: toDate(query.since), before: toDate(query.before) });
    return toPage(slice.items.map(toAliasThreadProjection), slice.total, request);
  },
});

// Static paths: matched before /aliases/{aliasId}, so "threads" is never taken for an id.
export const getThreadsPaginated = aliasOperation({
  operationId: 'getThreadsPaginated', method: 'GET', path: '/aliases/threads',
  summary: "Every reply thread of the caller's aliases, paged",
  query: AliasPageQuery,
  response: Type.Ref(PageAliasThreadProjection),
  handler: async ({ tenantId, query }, { aliases }) => {
    const { slice, request } = await aliases.threads(tenantId, undefined, { ...query, since: toDate(query.since), before: toDate(query.before) });
    return toPage(slice.items.map(toAliasThreadProjection), slice.total, request);
  },
});

export const getThread = aliasOperation({
  operationId: 'getThread', method: 'GET', path: '/aliases/threads/{threadId}',
  summary: 'A reply thread of an alias: its reply inbox, the other side, subject, cc and bcc',
  params: ThreadIdParams,
  response: Type.Ref(AliasThreadProjection),
  handler: async ({ tenantId, params }, { aliases }) => toAliasThreadProjection(await aliases.thread(tenantId, params.threadId)),
});
