import { principalOf } from '../../../transports/http/auth.js';
import { EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type EmailRoute } from './kit.js';

/** The message exactly as received, byte for byte. */
export const getRawEmailContents: EmailRoute = (app, { emails }) =>
  app.get('/emails/:emailId/raw', {
    schema: {
      operationId: 'getRawEmailContents', tags: EMAIL_TAG, summary: 'The raw message as received (text/plain, byte for byte)',
      params: EmailIdParams,
      response: { 200: { type: 'string', description: 'RFC 5322 message' } },
    },
  }, async (request, reply) => {
    const raw = await emails.raw(principalOf(request).tenantId, request.params.emailId);
    // A Buffer is sent as is: Fastify does not serialize it.
    return reply.type('text/plain; charset=utf-8').send(raw);
  });
