import { principalOf } from '../../../transports/http/auth.js';
import { EmailIdParams } from '../email.schemas.js';
import { displayBody } from '../parse.js';
import { EMAIL_TAG, type ListingRoute } from './listing-kit.js';

/** The same body as downloadBody, as UTF-8 bytes for saving to a file. */
export const downloadBodyBytes: ListingRoute = (app, { emails }) =>
  app.get('/emails/:emailId/body-bytes', {
    schema: {
      operationId: 'downloadBodyBytes', tags: EMAIL_TAG,
      summary: 'The body (HTML when there is one, else text) as UTF-8 bytes, application/octet-stream; does not mark the email read',
      params: EmailIdParams,
      response: { 200: { type: 'string', format: 'binary', description: 'the body in UTF-8' } },
    },
  }, async (request, reply) => {
    const email = await emails.find(principalOf(request).tenantId, request.params.emailId);
    // A Buffer is sent as is: Fastify does not serialize it.
    return reply.type('application/octet-stream').send(Buffer.from(displayBody(email) ?? '', 'utf8'));
  });
