import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailPreviewUrls } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';
import { withPreviewToken } from '../preview-tokens.js';

export const getEmailPreviewURLs = emailOperation({
  operationId: 'getEmailPreviewURLs', method: 'GET', path: '/emails/{emailId}/urls',
  summary: "Links of this server to the email's raw message and HTML body that open without a key (signed for this email, expiring)",
  params: EmailIdParams,
  response: Type.Ref(EmailPreviewUrls),
  handler: async ({ tenantId, params, baseUrl }, { content, previews }) => {
    const urls = await content.previewUrls(tenantId, params.emailId, baseUrl);
    const { token } = await previews.sign('email', params.emailId, tenantId);
    return withPreviewToken(urls, token);
  },
});
