import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { groupOperation, listQueryOf } from './define.js';
import { toContactProjection } from '../contacts.dto.js';
import { GroupIdParams, GroupsQuery, PageContactProjection } from '../contacts.schemas.js';

export const getGroupWithContactsPaginated = groupOperation({
  operationId: 'getGroupWithContactsPaginated', method: 'GET', path: '/groups/{groupId}/contacts-paginated',
  summary: "Page through a group's contacts",
  params: GroupIdParams,
  query: GroupsQuery,
  response: Type.Ref(PageContactProjection),
  handler: async ({ tenantId, params, query }, { contacts }) => {
    const { slice, request } = await contacts.pageOfGroup(tenantId, params.groupId, listQueryOf(query));
    return toPage(slice.items.map(toContactProjection), slice.total, request);
  },
});
