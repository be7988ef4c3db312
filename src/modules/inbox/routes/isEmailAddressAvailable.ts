import { Type } from '@sinclair/typebox';
import { EmailAvailableResult } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

export const isEmailAddressAvailable: InboxRoute = (app, { inboxes }) =>
  app.post('/inboxes/available', {
    schema: {
      operationId: 'isEmailAddressAvailable', tags: TAG,
      summary: 'Is this address free to create an inbox with?',
      querystring: Type.Object({ emailAddress: Type.String() }),
      response: { 200: Type.Ref(EmailAvailableResult) },
    },
  }, async (request) => ({ available: await inboxes.isAvailable(request.query.emailAddress) }));
