import { inboxSendOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toSentEmailDto } from '../sending.dto.js';
import { SendEmailOptions, SentEmailDto } from '../sending.schemas.js';

export const sendEmail = inboxSendOperation({
  operationId: 'sendEmail', method: 'POST', path: '/inboxes/{inboxId}',
  summary: 'Send an email from the inbox (no receipt in the answer; see sendEmailAndConfirm)',
  params: InboxIdParams,
  body: Type.Ref(SendEmailOptions),
  status: 204,
  response: { type: 'null', description: 'Sent' },
  handler: async ({ tenantId, params, body }, { sending }) => {
    await sending.send(tenantId, params.inboxId, body);
  },
});

export const sendEmailAndConfirm = inboxSendOperation({
  operationId: 'sendEmailAndConfirm', method: 'POST', path: '/inboxes/{inboxId}/confirm',
  summary: 'Send an email from the inbox and answer with the sent-email receipt',
  params: InboxIdParams,
  body: Type.Ref(SendEmailOptions),
  status: 201,
  response: Type.Ref(SentEmailDto),
  handler: async ({ tenantId, params, body }, { sending }) => {
    const { sent } = await sending.send(tenantId, params.inboxId, body);
    return toSentEmailDto(sent);
  },
});

export const sendTestEmail = inboxSendOperation({
  operationId: 'sendTestEmail', method: 'POST', path: '/inboxes/{inboxId}/send-test-email',
  summary: 'Send a short test email from the inbox to itself',
  params: InboxIdParams,
  status: 204,
  response: { type: 'null', description: 'Sent' },
  handler: async ({ tenantId, params }, { sending }) => {
    await sending.sendTest(tenantId, params.inboxId);
  },
});
