import { Type } from '@sinclair/typebox';
import { groupOperation } from './define.js';
import { toGroupContactsDto } from './group-contacts.js';
import { GroupContactsDto, GroupIdParams } from '../contacts.schemas.js';

export const getGroupWithContacts = groupOperation({
  operationId: 'getGroupWithContacts', method: 'GET', path: '/groups/{groupId}/contacts',
  summary: 'A group and all its contacts',
  params: GroupIdParams,
  response: Type.Ref(GroupContactsDto),
  handler: async ({ tenantId, params }, { contacts }) => toGroupContactsDto(await contacts.withContacts(tenantId, params.groupId)),
});
