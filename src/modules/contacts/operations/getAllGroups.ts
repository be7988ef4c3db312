import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { groupOperation, listQueryOf } from './define.js';
import { toGroupProjection } from '../contacts.dto.js';
import { GroupsQuery, PageGroupProjection } from '../contacts.schemas.js';

// A static path: matched before GET /groups/{groupId}, so never taken for an id.
export const getAllGroups = groupOperation({
  operationId: 'getAllGroups', method: 'GET', path: '/groups/paginated',
  summary: "Page through the caller's groups",
  query: GroupsQuery,
  response: Type.Ref(PageGroupProjection),
  handler: async ({ tenantId, query }, { contacts }) => {
    const { slice, request } = await contacts.pageGroups(tenantId, listQueryOf(query));
    return toPage(slice.items.map(toGroupProjection), slice.total, request);
  },
});
