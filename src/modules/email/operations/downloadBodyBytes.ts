import { emailOperation } from './define.js';
import { Content } from '../../../core/operation.js';
import { EmailIdParams } from '../email.schemas.js';
import { displayBody } from '../display-body.js';

/** The same body as downloadBody, as UTF-8 bytes for saving to a file. */
export const downloadBodyBytes = emailOperation({
  operationId: 'downloadBodyBytes', method: 'GET', path: '/emails/{emailId}/body-bytes',
  summary: 'The body (HTML when there is one, else text) as UTF-8 bytes, application/octet-stream; does not mark the email read',
  params: EmailIdParams,
  response: { type: 'string', format: 'binary', description: 'the body in UTF-8' },
  handler: async ({ tenantId, params }, { emails }) => {
    const email = await emails.find(tenantId, params.emailId);
    // A Buffer is sent as is: Fastify does not serialize it.
    return new Content(Buffer.from(displayBody(email) ?? '', 'utf8'), 'application/octet-stream');
  },
});
