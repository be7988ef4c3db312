import { emailOperation } from './define.js';
import { Content } from '../../../core/operation.js';
import { EmailIdParams } from '../email.schemas.js';
import { PREVIEW_HEADERS } from '../preview-headers.js';

/** The message exactly as received, byte for byte. */
export const getRawEmailContents = emailOperation({
  operationId: 'getRawEmailContents', method: 'GET', path: '/emails/{emailId}/raw',
  summary: 'The raw message as received (text/plain, byte for byte)',
  params: EmailIdParams,
  previewToken: { scope: 'email', param: 'emailId' },
  response: { type: 'string', description: 'RFC 5322 message' },
  handler: async ({ tenantId, params }, { emails }) => {
    const raw = await emails.raw(tenantId, params.emailId);
    // A Buffer is sent as is: Fastify does not serialize it.
    return new Content(raw, 'text/plain; charset=utf-8', PREVIEW_HEADERS);
  },
});
