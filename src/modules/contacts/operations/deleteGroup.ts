import { groupOperation } from './define.js';
import { GroupIdParams } from '../contacts.schemas.js';

export const deleteGroup = groupOperation({
  operationId: 'deleteGroup', method: 'DELETE', path: '/groups/{groupId}',
  summary: 'Delete a group (its contacts are kept)',
  params: GroupIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { contacts }) => {
    await contacts.deleteGroup(tenantId, params.groupId);
  },
});
