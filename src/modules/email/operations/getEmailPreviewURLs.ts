import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailPreviewUrls } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';

export const getEmailPreviewURLs = emailOperation({
  operationId: 'getEmailPreviewURLs', method: 'GET', path: '/emails/{emailId}/urls',
  summary: "URLs of this server for the email's raw message and HTML body (as reached by this request)",
  params: EmailIdParams,
  response: Type.Ref(EmailPreviewUrls),
  handler: async ({ tenantId, params, baseUrl }, { content }) => content.previewUrls(tenantId, params.emailId, baseUrl),
});
