import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { EmailIdParams } from '../../email/email.schemas.js';
import { toSentEmailDto } from '../sending.dto.js';
import { ReplyToEmailOptions, SentEmailDto } from '../sending.schemas.js';
import { EMAIL_TAG, type SendingRoute } from './kit.js';

export const replyToEmail: SendingRoute = (app, { sending, emails }) =>
  app.put('/emails/:emailId', {
    schema: {
      operationId: 'replyToEmail', tags: EMAIL_TAG,
      summary: "Reply from the receiving inbox to the email's Reply-To or sender, with the original subject",
      params: EmailIdParams,
      body: Type.Ref(ReplyToEmailOptions),
      response: { 201: Type.Ref(SentEmailDto) },
    },
  }, async (request, reply) => {
    const original = await emails.find(principalOf(request).tenantId, request.params.emailId);
    const { sent } = await sending.reply(original, request.body);
    return reply.status(201).send(toSentEmailDto(sent));
  });
