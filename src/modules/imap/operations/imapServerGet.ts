import { imapOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ImapServerGetResult } from '../imap.schemas.js';
import { Uuid } from '../../shared/schemas.js';

export const imapServerGet = imapOperation({
  operationId: 'imapServerGet', method: 'POST', path: '/imap/server/get',
  summary: 'The IMAP UID, sequence number and read flag of an email',
  query: Type.Object({ emailId: Uuid, inboxId: Type.Optional(Uuid) }),
  response: Type.Ref(ImapServerGetResult),
  handler: async ({ tenantId, query }, { imapCommands }) => ({
    result: await imapCommands.get(tenantId, query.emailId, query.inboxId),
  }),
});
