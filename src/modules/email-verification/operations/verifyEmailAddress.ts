import { Type } from '@sinclair/typebox';
import { EmailVerificationResult, VerifyEmailAddressOptions } from '../email-verification.schemas.js';
import { mailServerOperation } from './define.js';

export const verifyEmailAddress = mailServerOperation({
  operationId: 'verifyEmailAddress', method: 'POST', path: '/mail-server/verify/email-address',
  summary: 'Ask the mail server of an address whether it accepts it (SMTP up to RCPT TO, no message sent)',
  body: VerifyEmailAddressOptions,
  response: Type.Ref(EmailVerificationResult),
  handler: ({ body, signal }, { emailVerification }) => emailVerification.verify(body, signal),
});
