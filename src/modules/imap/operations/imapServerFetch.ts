import { imapOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ImapServerFetchResult } from '../imap.schemas.js';
import { INT32_MAX, Uuid } from '../../shared/schemas.js';

export const imapServerFetch = imapOperation({
  operationId: 'imapServerFetch', method: 'POST', path: '/imap/server/fetch',
  summary: 'IMAP FETCH BODY[] of the message at seqNum: its raw content; fetching it marks it read (result null past the last message)',
  query: Type.Object({ inboxId: Type.Optional(Uuid), seqNum: Type.Integer({ minimum: 1, maximum: INT32_MAX }) }),
  response: Type.Ref(ImapServerFetchResult),
  handler: async ({ tenantId, query }, { imapCommands }) => ({
    result: await imapCommands.fetch(tenantId, query.inboxId, query.seqNum),
  }),
});
