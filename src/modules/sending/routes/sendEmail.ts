import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toSentEmailDto } from '../sending.dto.js';
import { SendEmailOptions, SentEmailDto } from '../sending.schemas.js';
import { INBOX_TAG, type SendingRoute } from './kit.js';

export const sendEmail: SendingRoute = (app, { sending }) =>
  app.post('/inboxes/:inboxId', {
    schema: {
      operationId: 'sendEmail', tags: INBOX_TAG,
      summary: 'Send an email from the inbox (no receipt in the answer; see sendEmailAndConfirm)',
      params: InboxIdParams,
      body: Type.Ref(SendEmailOptions),
      response: { 204: { type: 'null', description: 'Sent' } },
    },
  }, async (request, reply) => {
    await sending.send(principalOf(request).tenantId, request.params.inboxId, request.body);
    return reply.status(204).send();
  });

export const sendEmailAndConfirm: SendingRoute = (app, { sending }) =>
  app.post('/inboxes/:inboxId/confirm', {
    schema: {
      operationId: 'sendEmailAndConfirm', tags: INBOX_TAG,
      summary: 'Send an email from the inbox and answer with the sent-email receipt',
      params: InboxIdParams,
      body: Type.Ref(SendEmailOptions),
      response: { 201: Type.Ref(SentEmailDto) },
    },
  }, async (request, reply) => {
    const { sent } = await sending.send(principalOf(request).tenantId, request.params.inboxId, request.body);
    return reply.status(201).send(toSentEmailDto(sent));
  });

export const sendTestEmail: SendingRoute = (app, { sending }) =>
  app.post('/inboxes/:inboxId/send-test-email', {
    schema: {
      operationId: 'sendTestEmail', tags: INBOX_TAG, summary: 'Send a short test email from the inbox to itself',
      params: InboxIdParams,
      response: { 204: { type: 'null', description: 'Sent' } },
    },
  }, async (request, reply) => {
    await sending.sendTest(principalOf(request).tenantId, request.params.inboxId);
    return reply.status(204).send();
  });
