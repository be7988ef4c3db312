import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { validateHtml } from '../html-validation.js';
import { EmailIdParams } from '../email.schemas.js';
import { ValidationDto } from '../validation.schemas.js';
import { EMAIL_TAG, type EmailRoute } from './kit.js';

/**
 * HTML well-formedness of the email's HTML body (see html-validation.ts for exactly what is
 * checked). An email without an HTML body is valid for this check, as the operation defines.
 */
export const validateEmail: EmailRoute = (app, { emails }) =>
  app.post('/emails/:emailId/validate', {
    schema: {
      operationId: 'validateEmail', tags: EMAIL_TAG,
      summary: 'Validate the HTML body: WHATWG tokenizer parse errors and tag balance (stray, misnested, unclosed tags)',
      params: EmailIdParams,
      response: { 200: Type.Ref(ValidationDto) },
    },
  }, async (request) => {
    const email = await emails.find(principalOf(request).tenantId, request.params.emailId);
    if (email.htmlBody === null || email.htmlBody.trim() === '') {
      return {
        emailId: email.id,
        html: { isValid: true, infos: [{ lineNumber: 0, message: 'The email has no HTML body: nothing to validate' }], errors: [], warnings: [] },
      };
    }
    return { emailId: email.id, html: validateHtml(email.htmlBody) };
  });
