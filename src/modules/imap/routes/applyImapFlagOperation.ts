import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { EmailIdParams, EmailPreview } from '../../email/email.schemas.js';
import { toEmailPreview } from '../../email/email.dto.js';
import { ImapFlagOperationOptions } from '../imap.schemas.js';
import type { ImapRoute } from './kit.js';

export const applyImapFlagOperation: ImapRoute = (app, { commands }) =>
  app.post('/emails/:emailId/imap-flag-operation', {
    schema: {
      operationId: 'applyImapFlagOperation', tags: ['EmailController'],
      summary: 'Set, add or remove IMAP flags of an email: \\Seen is its read flag, \\Flagged its favourite; \\Answered and \\Deleted are kept too',
      params: EmailIdParams,
      body: Type.Ref(ImapFlagOperationOptions),
      response: { 200: Type.Ref(EmailPreview) },
    },
  }, async (request) => toEmailPreview(await commands.applyToEmail(principalOf(request).tenantId, request.params.emailId, request.body)));
