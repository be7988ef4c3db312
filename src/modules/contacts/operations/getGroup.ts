import { Type } from '@sinclair/typebox';
import { groupOperation } from './define.js';
import { toGroupDto } from '../contacts.dto.js';
import { GroupDto, GroupIdParams } from '../contacts.schemas.js';

export const getGroup = groupOperation({
  operationId: 'getGroup', method: 'GET', path: '/groups/{groupId}',
  summary: 'Get a group',
  params: GroupIdParams,
  response: Type.Ref(GroupDto),
  handler: async ({ tenantId, params }, { contacts }) => toGroupDto(await contacts.group(tenantId, params.groupId)),
});
