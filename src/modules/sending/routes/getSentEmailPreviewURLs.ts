import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { EmailPreviewUrls } from '../../email/content.schemas.js';
import { sentPreviewUrls } from '../sent-content.js';
import { SENT_TAG, type SendingRoute } from './kit.js';

export const getSentEmailPreviewURLs: SendingRoute = (app, { sending }) =>
  app.get('/sent/:id/urls', {
    schema: {
      operationId: 'getSentEmailPreviewURLs', tags: SENT_TAG,
      summary: "URLs of this server for the sent email's raw message and HTML body (as reached by this request)",
      params: Type.Object({ id: Uuid }),
      response: { 200: Type.Ref(EmailPreviewUrls) },
    },
  }, async (request) => {
    const sent = await sending.get(principalOf(request).tenantId, request.params.id);
    return sentPreviewUrls(sent.id, `${request.protocol}://${request.host}`);
  });
