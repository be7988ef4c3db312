import { Type } from '@sinclair/typebox';
import { groupOperation } from './define.js';
import { toGroupContactsDto } from './group-contacts.js';
import { GroupContactsDto, GroupIdParams, UpdateGroupContacts } from '../contacts.schemas.js';

export const addContactsToGroup = groupOperation({
  operationId: 'addContactsToGroup', method: 'PUT', path: '/groups/{groupId}/contacts',
  summary: "Add contacts to a group (all or none: any id that is not the caller's contact is a 404)",
  params: GroupIdParams,
  body: Type.Ref(UpdateGroupContacts),
  response: Type.Ref(GroupContactsDto),
  handler: async ({ tenantId, params, body }, { contacts }) =>
    toGroupContactsDto(await contacts.addToGroup(tenantId, params.groupId, body.contactIds)),
});
