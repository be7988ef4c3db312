import { emailSendOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailIdParams } from '../../email/email.schemas.js';
import { toSentEmailDto } from '../sending.dto.js';
import { ReplyToEmailOptions, SentEmailDto } from '../sending.schemas.js';

export const replyToEmail = emailSendOperation({
  operationId: 'replyToEmail', method: 'PUT', path: '/emails/{emailId}',
  summary: "Reply from the receiving inbox to the email's Reply-To or sender, with the original subject",
  params: EmailIdParams,
  body: Type.Ref(ReplyToEmailOptions),
  status: 201,
  response: Type.Ref(SentEmailDto),
  handler: async ({ tenantId, params, body }, { sending, emails }) => {
    const original = await emails.find(tenantId, params.emailId);
    const { sent } = await sending.reply(original, body);
    return toSentEmailDto(sent);
  },
});
