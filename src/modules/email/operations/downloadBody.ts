import { emailOperation } from './define.js';
import { Content } from '../../../core/operation.js';
import { EmailIdParams } from '../email.schemas.js';
import { displayBody } from '../display-body.js';

/** The body Email.body shows, typed as what it is: text/html when the email has HTML, else text/plain. */
export const downloadBody = emailOperation({
  operationId: 'downloadBody', method: 'GET', path: '/emails/{emailId}/body',
  summary: 'The body as a string: text/html when the email has an HTML body, else text/plain; does not mark the email read',
  params: EmailIdParams,
  response: { type: 'string', description: 'the HTML or text body' },
  handler: async ({ tenantId, params }, { emails }) => {
    const email = await emails.find(tenantId, params.emailId);
    const type = email.htmlBody !== null ? 'text/html' : 'text/plain';
    return new Content(displayBody(email) ?? '', `${type}; charset=utf-8`);
  },
});
