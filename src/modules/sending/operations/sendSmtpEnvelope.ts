import { inboxSendOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toSentEmailDto } from '../sending.dto.js';
import { SendSMTPEnvelopeOptions, SentEmailDto } from '../sending.schemas.js';

export const sendSmtpEnvelope = inboxSendOperation({
  operationId: 'sendSmtpEnvelope', method: 'POST', path: '/inboxes/{inboxId}/smtp-envelope',
  summary: 'Send your own RFC 5322 message from the inbox to the envelope recipients',
  params: InboxIdParams,
  body: Type.Ref(SendSMTPEnvelopeOptions),
  status: 201,
  response: Type.Ref(SentEmailDto),
  handler: async ({ tenantId, params, body }, { sending }) => {
    const { sent } = await sending.sendEnvelope(tenantId, params.inboxId, body);
    return toSentEmailDto(sent);
  },
});
