import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toEmailPreview } from '../email.dto.js';
import { EmailIdParams, EmailPreview } from '../email.schemas.js';
import { EMAIL_TAG, type ContentRoute } from './content-kit.js';

export const getEmailSummary: ContentRoute = (app, { content }) =>
  app.get('/emails/:emailId/summary', {
    schema: {
      operationId: 'getEmailSummary', tags: EMAIL_TAG, summary: 'Headers and metadata of an email, without the body; does not mark it read',
      params: EmailIdParams,
      querystring: Type.Object({
        decode: Type.Optional(Type.Boolean({ description: 'accepted for compatibility: encoded words are always decoded' })),
      }),
      response: { 200: Type.Ref(EmailPreview) },
    },
  }, async (request) => toEmailPreview(await content.summary(principalOf(request).tenantId, request.params.emailId)));
