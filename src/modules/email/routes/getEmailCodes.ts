import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { ExtractCodesOptions, ExtractCodesResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type ContentRoute } from './content-kit.js';

export const getEmailCodes: ContentRoute = (app, { content }) =>
  app.post('/emails/:emailId/codes', {
    schema: {
      operationId: 'getEmailCodes', tags: EMAIL_TAG,
      summary: 'Verification codes (OTP, PIN, passcodes) found in the subject and body, best first',
      params: EmailIdParams,
      // The options are optional: the official client then sends no body at all (see the hooks).
      body: Type.Ref(ExtractCodesOptions),
      response: { 200: Type.Ref(ExtractCodesResult) },
    },
    onRequest: async (request) => {
      // The client still declares Content-Type: application/json for an empty body, which
      // Fastify refuses to parse; without a body there is nothing to parse.
      if (request.headers['content-length'] === '0' && !request.headers['transfer-encoding']) delete request.raw.headers['content-type'];
    },
    preValidation: async (request) => {
      // No body (or JSON null) means the default options.
      request.body ??= {};
    },
  }, async (request) => content.codes(principalOf(request).tenantId, request.params.emailId, request.body));
