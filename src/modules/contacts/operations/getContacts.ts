import { Type } from '@sinclair/typebox';
import { contactOperation } from './define.js';
import { toContactProjection } from '../contacts.dto.js';
import { ContactProjection } from '../contacts.schemas.js';

export const getContacts = contactOperation({
  operationId: 'getContacts', method: 'GET', path: '/contacts',
  summary: "Every contact of the caller, oldest first",
  response: Type.Array(Type.Ref(ContactProjection)),
  handler: async ({ tenantId }, { contacts }) => (await contacts.list(tenantId)).map(toContactProjection),
});
