import { Type } from '@sinclair/typebox';
import { groupOperation } from './define.js';
import { toGroupContactsDto } from './group-contacts.js';
import { GroupContactsDto, GroupIdParams, UpdateGroupContacts } from '../contacts.schemas.js';

export const removeContactsFromGroup = groupOperation({
  operationId: 'removeContactsFromGroup', method: 'DELETE', path: '/groups/{groupId}/contacts',
  summary: 'Remove contacts from a group (the contacts are kept)',
  params: GroupIdParams,
  body: Type.Ref(UpdateGroupContacts),
  response: Type.Ref(GroupContactsDto),
  handler: async ({ tenantId, params, body }, { contacts }) =>
    toGroupContactsDto(await contacts.removeFromGroup(tenantId, params.groupId, body.contactIds)),
});
