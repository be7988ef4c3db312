import { Type } from '@sinclair/typebox';
import { TestSmtpServerOptions, TestSmtpServerResults } from '../email-verification.schemas.js';
import { testSmtpServer as runTest } from '../server-diagnostic.js';
import { toolsOperation } from './define.js';

export const testSmtpServer = toolsOperation({
  operationId: 'testSmtpServer', method: 'POST', path: '/tools/test-smtp-server',
  summary: 'Connect to an SMTP server: banner, EHLO extensions, STARTTLS, optional login, MAIL FROM and RCPT TO, each step timed',
  body: TestSmtpServerOptions,
  response: Type.Ref(TestSmtpServerResults),
  handler: ({ body, signal }, { emailVerification }) => runTest(emailVerification.verifier, body, signal),
});
