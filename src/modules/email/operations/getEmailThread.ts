import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toEmailThreadDto } from '../thread.dto.js';
import { EmailThreadDto, ThreadIdParams } from '../thread.schemas.js';

export const getEmailThread = emailOperation({
  operationId: 'getEmailThread', method: 'GET', path: '/emails/threads/{threadId}',
  summary: 'A conversation: subject and parties of its first message; its messages come from getEmailThreadItems',
  params: ThreadIdParams,
  response: Type.Ref(EmailThreadDto),
  handler: async ({ tenantId, params }, { threads }) => toEmailThreadDto(await threads.get(tenantId, params.threadId)),
});
