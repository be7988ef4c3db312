import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ExtractCodesOptions, ExtractCodesResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';

export const getEmailCodes = emailOperation({
  operationId: 'getEmailCodes', method: 'POST', path: '/emails/{emailId}/codes',
  summary: 'Verification codes (OTP, PIN, passcodes) found in the subject and body, best first',
  params: EmailIdParams,
  // The options are optional: the official client then sends no body at all (the default options).
  body: Type.Ref(ExtractCodesOptions),
  optionalBody: true,
  response: Type.Ref(ExtractCodesResult),
  handler: async ({ tenantId, params, body }, { content }) => content.codes(tenantId, params.emailId, body),
});
