import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailIdParams } from '../email.schemas.js';
import { ValidationDto } from '../validation.schemas.js';

/**
 * The email's HTML body checked by html-validate, configured for email, and the WHATWG
 * tokenizer's parse errors (see html-validation.ts and html-validate-config.ts). An email without an HTML body is valid for this check, as the operation defines.
 */
export const validateEmail = emailOperation({
  operationId: 'validateEmail', method: 'POST', path: '/emails/{emailId}/validate',
  summary: 'Validate the HTML body with html-validate (rules for email HTML) and the WHATWG tokenizer\'s parse errors; each message starts with its rule id',
  params: EmailIdParams,
  response: Type.Ref(ValidationDto),
  handler: async ({ tenantId, params }, { emails, content }) => {
    const email = await emails.find(tenantId, params.emailId);
    if (email.htmlBody === null || email.htmlBody.trim() === '') {
      return {
        emailId: email.id,
        html: { isValid: true, infos: [{ lineNumber: 0, message: 'The email has no HTML body: nothing to validate' }], errors: [], warnings: [] },
      };
    }
    return { emailId: email.id, html: await content.validateHtml(email.htmlBody) };
  },
});
