import { principalOf } from '../../../transports/http/auth.js';
import { EmailIdParams } from '../email.schemas.js';
import { displayBody } from '../parse.js';
import { EMAIL_TAG, type ListingRoute } from './listing-kit.js';

/** The body Email.body shows, typed as what it is: text/html when the email has HTML, else text/plain. */
export const downloadBody: ListingRoute = (app, { emails }) =>
  app.get('/emails/:emailId/body', {
    schema: {
      operationId: 'downloadBody', tags: EMAIL_TAG,
      summary: 'The body as a string: text/html when the email has an HTML body, else text/plain; does not mark the email read',
      params: EmailIdParams,
      response: { 200: { type: 'string', description: 'the HTML or text body' } },
    },
  }, async (request, reply) => {
    const email = await emails.find(principalOf(request).tenantId, request.params.emailId);
    const type = email.htmlBody !== null ? 'text/html' : 'text/plain';
    return reply.type(`${type}; charset=utf-8`).send(displayBody(email) ?? '');
  });
