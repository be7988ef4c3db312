import { imapEmailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailIdParams, EmailPreview } from '../../email/email.schemas.js';
import { toEmailPreview } from '../../email/email.dto.js';
import { ImapFlagOperationOptions } from '../imap.schemas.js';

export const applyImapFlagOperation = imapEmailOperation({
  operationId: 'applyImapFlagOperation', method: 'POST', path: '/emails/{emailId}/imap-flag-operation',
  summary: 'Set, add or remove IMAP flags of an email: \\Seen is its read flag, \\Flagged its favourite; \\Answered and \\Deleted are kept too',
  params: EmailIdParams,
  body: Type.Ref(ImapFlagOperationOptions),
  response: Type.Ref(EmailPreview),
  handler: async ({ tenantId, params, body }, { imapCommands }) => toEmailPreview(await imapCommands.applyToEmail(tenantId, params.emailId, body)),
});
