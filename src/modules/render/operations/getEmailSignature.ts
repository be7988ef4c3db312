import { Type } from '@sinclair/typebox';
import { EmailIdParams } from '../../email/email.schemas.js';
import { emailSignature } from '../email-signature.js';
import { EmailSignatureParseResult } from '../render.schemas.js';
import { renderOperation } from './define.js';

export const getEmailSignature = renderOperation({
  operationId: 'getEmailSignature', method: 'GET', path: '/emails/{emailId}/signature',
  summary: 'The sender\'s signature block: a signature element of the HTML, else after a "-- " line, a mobile footer or a sign-off in the text; heuristic. Does not mark the email read',
  params: EmailIdParams,
  response: Type.Ref(EmailSignatureParseResult),
  handler: async ({ tenantId, params }, { emails, content }) => {
    const signature = await emailSignature(await emails.find(tenantId, params.emailId), tenantId, content);
    return { present: signature !== null, signature };
  },
});
