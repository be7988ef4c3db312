import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { EmailIdParams } from '../../email/email.schemas.js';
import { forwardEmail as forward } from '../forward.js';
import { ForwardEmailOptions } from '../forward-and-check.schemas.js';
import { toSentEmailDto } from '../sending.dto.js';
import { SentEmailDto } from '../sending.schemas.js';
import { EMAIL_TAG, type SendingRoute } from './kit.js';

export const forwardEmail: SendingRoute = (app, { sending, emails }) =>
  app.post('/emails/:emailId/forward', {
    schema: {
      operationId: 'forwardEmail', tags: EMAIL_TAG,
      summary: 'Forward a received email (body and attachments) from the inbox that received it; answers the sent-email receipt',
      params: EmailIdParams,
      body: Type.Ref(ForwardEmailOptions),
      response: { 201: Type.Ref(SentEmailDto) },
    },
  }, async (request, reply) => {
    const original = await emails.find(principalOf(request).tenantId, request.params.emailId);
    const { sent } = await forward(sending, original, request.body);
    return reply.status(201).send(toSentEmailDto(sent));
  });
