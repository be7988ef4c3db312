import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { SortDirection } from '../../shared/schemas.js';
import { toEmailThreadItem } from '../thread.dto.js';
import { EmailThreadItemsDto, ThreadIdParams } from '../thread.schemas.js';

export const getEmailThreadItems = emailOperation({
  operationId: 'getEmailThreadItems', method: 'GET', path: '/emails/threads/{threadId}/items',
  summary: 'Every message of a conversation, received (RECEIVED_EMAIL) and sent (SENT_EMAIL), by createdAt; does not mark them read',
  params: ThreadIdParams,
  query: Type.Object({ sort: Type.Optional(SortDirection) }),
  response: Type.Ref(EmailThreadItemsDto),
  handler: async ({ tenantId, params, query }, { threads }) => {
    const items = await threads.items(tenantId, params.threadId, query.sort);
    return { items: items.map(toEmailThreadItem) };
  },
});
