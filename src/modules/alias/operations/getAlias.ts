import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { aliasOperation } from './define.js';
import { toAliasDto, toAliasProjection } from '../alias.dto.js';
import { AliasDto, AliasIdParams, AliasListQuery, PageAlias, UpdateAliasOptions } from '../alias.schemas.js';

export const getAlias = aliasOperation({
  operationId: 'getAlias', method: 'GET', path: '/aliases/{aliasId}',
  summary: 'An alias: its address, the hidden address, whether it is verified',
  params: AliasIdParams,
  response: Type.Ref(AliasDto),
  handler: async ({ tenantId, params }, { aliases }) => toAliasDto(await aliases.get(tenantId, params.aliasId)),
});

export const getAliases = aliasOperation({
  operationId: 'getAliases', method: 'GET', path: '/aliases',
  summary: "Page through the caller's aliases; search matches name, addresses and id",
  query: AliasListQuery,
  response: Type.Ref(PageAlias),
  handler: async ({ tenantId, query }, { aliases }) => {
    const { slice, request } = await aliases.page(tenantId, { ...query, since: toDate(query.since), before: toDate(query.before) });
    return toPage(slice.items.map(toAliasProjection), slice.total, request);
  },
});

export const updateAlias = aliasOperation({
  operationId: 'updateAlias', method: 'PUT', path: '/aliases/{aliasId}',
  summary: "Rename an alias (an inbox it made is renamed too: the name is its sends' display name)",
  params: AliasIdParams,
  body: Type.Ref(UpdateAliasOptions),
  response: Type.Ref(AliasDto),
  handler: async ({ tenantId, params, body }, { aliases }) => toAliasDto(await aliases.rename(tenantId, params.aliasId, body.name)),
});

export const deleteAlias = aliasOperation({
  operationId: 'deleteAlias', method: 'DELETE', path: '/aliases/{aliasId}',
  summary: 'Delete an alias, its threads and the inboxes it made, with their mail',
  params: AliasIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { aliases }) => {
    await aliases.delete(tenantId, params.aliasId);
  },
});
