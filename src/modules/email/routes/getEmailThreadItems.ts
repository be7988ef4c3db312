import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { SortDirection } from '../../shared/schemas.js';
import { toEmailThreadItem } from '../thread.dto.js';
import { EmailThreadItemsDto, ThreadIdParams } from '../thread.schemas.js';
import { EMAIL_TAG, type ListingRoute } from './listing-kit.js';

export const getEmailThreadItems: ListingRoute = (app, { threads }) =>
  app.get('/emails/threads/:threadId/items', {
    schema: {
      operationId: 'getEmailThreadItems', tags: EMAIL_TAG,
      summary: 'Every message of a conversation, received (RECEIVED_EMAIL) and sent (SENT_EMAIL), by createdAt; does not mark them read',
      params: ThreadIdParams,
      querystring: Type.Object({ sort: Type.Optional(SortDirection) }),
      response: { 200: Type.Ref(EmailThreadItemsDto) },
    },
  }, async (request) => {
    const items = await threads.items(principalOf(request).tenantId, request.params.threadId, request.query.sort);
    return { items: items.map(toEmailThreadItem) };
  });
