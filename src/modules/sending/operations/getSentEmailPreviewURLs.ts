import { sentEmailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { EmailPreviewUrls } from '../../email/content.schemas.js';
import { withPreviewToken } from '../../email/preview-tokens.js';
import { sentPreviewUrls } from '../sent-content.js';

export const getSentEmailPreviewURLs = sentEmailOperation({
  operationId: 'getSentEmailPreviewURLs', method: 'GET', path: '/sent/{id}/urls',
  summary: "Links of this server to the sent email's raw message and HTML body that open without a key (signed for this email, expiring)",
  params: Type.Object({ id: Uuid }),
  response: Type.Ref(EmailPreviewUrls),
  handler: async ({ tenantId, params, baseUrl }, { sending, previews }) => {
    const sent = await sending.get(tenantId, params.id);
    const { token } = await previews.sign('sent', sent.id, tenantId);
    return withPreviewToken(sentPreviewUrls(sent.id, baseUrl), token);
  },
});
