import { emailSendOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailIdParams } from '../../email/email.schemas.js';
import { forwardEmail as forward } from '../forward.js';
import { ForwardEmailOptions } from '../forward-and-check.schemas.js';
import { toSentEmailDto } from '../sending.dto.js';
import { SentEmailDto } from '../sending.schemas.js';

export const forwardEmail = emailSendOperation({
  operationId: 'forwardEmail', method: 'POST', path: '/emails/{emailId}/forward',
  summary: 'Forward a received email (body and attachments) from the inbox that received it; answers the sent-email receipt',
  params: EmailIdParams,
  body: Type.Ref(ForwardEmailOptions),
  status: 201,
  response: Type.Ref(SentEmailDto),
  handler: async ({ tenantId, params, body }, { sending, emails }) => {
    const original = await emails.find(tenantId, params.emailId);
    const { sent } = await forward(sending, original, body);
    return toSentEmailDto(sent);
  },
});
