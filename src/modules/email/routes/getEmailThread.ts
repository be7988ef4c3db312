import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toEmailThreadDto } from '../thread.dto.js';
import { EmailThreadDto, ThreadIdParams } from '../thread.schemas.js';
import { EMAIL_TAG, type ListingRoute } from './listing-kit.js';

export const getEmailThread: ListingRoute = (app, { threads }) =>
  app.get('/emails/threads/:threadId', {
    schema: {
      operationId: 'getEmailThread', tags: EMAIL_TAG,
      summary: 'A conversation: subject and parties of its first message; its messages come from getEmailThreadItems',
      params: ThreadIdParams,
      response: { 200: Type.Ref(EmailThreadDto) },
    },
  }, async (request) => toEmailThreadDto(await threads.get(principalOf(request).tenantId, request.params.threadId)));
