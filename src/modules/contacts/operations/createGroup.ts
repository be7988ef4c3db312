import { Type } from '@sinclair/typebox';
import { groupOperation } from './define.js';
import { toGroupDto } from '../contacts.dto.js';
import { CreateGroupOptions, GroupDto } from '../contacts.schemas.js';

export const createGroup = groupOperation({
  operationId: 'createGroup', method: 'POST', path: '/groups',
  summary: 'Create a group of contacts',
  body: Type.Ref(CreateGroupOptions),
  status: 201,
  response: Type.Ref(GroupDto),
  handler: async ({ tenantId, body }, { contacts }) => toGroupDto(await contacts.createGroup(tenantId, body)),
});
