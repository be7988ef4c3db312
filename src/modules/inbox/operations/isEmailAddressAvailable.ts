import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailAvailableResult } from '../inbox.schemas.js';

export const isEmailAddressAvailable = inboxOperation({
  operationId: 'isEmailAddressAvailable', method: 'POST', path: '/inboxes/available',
  summary: 'Is this address free to create an inbox with?',
  query: Type.Object({ emailAddress: Type.String() }),
  response: Type.Ref(EmailAvailableResult),
  handler: async ({ query }, { inboxes }) => ({ available: await inboxes.isAvailable(query.emailAddress) }),
});
