import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { EmailPreviewUrls } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type ContentRoute } from './content-kit.js';

export const getEmailPreviewURLs: ContentRoute = (app, { content }) =>
  app.get('/emails/:emailId/urls', {
    schema: {
      operationId: 'getEmailPreviewURLs', tags: EMAIL_TAG,
      summary: "URLs of this server for the email's raw message and HTML body (as reached by this request)",
      params: EmailIdParams,
      response: { 200: Type.Ref(EmailPreviewUrls) },
    },
  }, async (request) =>
    content.previewUrls(principalOf(request).tenantId, request.params.emailId, `${request.protocol}://${request.host}`));
