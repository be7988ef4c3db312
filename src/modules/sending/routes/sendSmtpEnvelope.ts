import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toSentEmailDto } from '../sending.dto.js';
import { SendSMTPEnvelopeOptions, SentEmailDto } from '../sending.schemas.js';
import { INBOX_TAG, type SendingRoute } from './kit.js';

export const sendSmtpEnvelope: SendingRoute = (app, { sending }) =>
  app.post('/inboxes/:inboxId/smtp-envelope', {
    schema: {
      operationId: 'sendSmtpEnvelope', tags: INBOX_TAG,
      summary: 'Send your own RFC 5322 message from the inbox to the envelope recipients',
      params: InboxIdParams,
      body: Type.Ref(SendSMTPEnvelopeOptions),
      response: { 201: Type.Ref(SentEmailDto) },
    },
  }, async (request, reply) => {
    const { sent } = await sending.sendEnvelope(principalOf(request).tenantId, request.params.inboxId, request.body);
    return reply.status(201).send(toSentEmailDto(sent));
  });
