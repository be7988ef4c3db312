import { sentEmailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { EmailPreviewUrls } from '../../email/content.schemas.js';
import { sentPreviewUrls } from '../sent-content.js';

export const getSentEmailPreviewURLs = sentEmailOperation({
  operationId: 'getSentEmailPreviewURLs', method: 'GET', path: '/sent/{id}/urls',
  summary: "URLs of this server for the sent email's raw message and HTML body (as reached by this request)",
  params: Type.Object({ id: Uuid }),
  response: Type.Ref(EmailPreviewUrls),
  handler: async ({ tenantId, params, baseUrl }, { sending }) => {
    const sent = await sending.get(tenantId, params.id);
    return sentPreviewUrls(sent.id, baseUrl);
  },
});
