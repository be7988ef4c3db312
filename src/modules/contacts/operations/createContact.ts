import { Type } from '@sinclair/typebox';
import { contactOperation } from './define.js';
import { toContactDto } from '../contacts.dto.js';
import { ContactDto, CreateContactOptions } from '../contacts.schemas.js';

export const createContact = contactOperation({
  operationId: 'createContact', method: 'POST', path: '/contacts',
  summary: 'Create a contact (fires NEW_CONTACT webhooks)',
  body: Type.Ref(CreateContactOptions),
  status: 201,
  response: Type.Ref(ContactDto),
  handler: async ({ tenantId, body }, { contacts }) => toContactDto(await contacts.create(tenantId, body)),
});
