import { Type } from '@sinclair/typebox';
import { contactOperation } from './define.js';
import { toContactDto } from '../contacts.dto.js';
import { ContactDto, ContactIdParams } from '../contacts.schemas.js';

export const getContact = contactOperation({
  operationId: 'getContact', method: 'GET', path: '/contacts/{contactId}',
  summary: 'Get a contact',
  params: ContactIdParams,
  response: Type.Ref(ContactDto),
  handler: async ({ tenantId, params }, { contacts }) => toContactDto(await contacts.get(tenantId, params.contactId)),
});
