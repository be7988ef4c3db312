import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { RawEmailJson } from '../../email/email.schemas.js';
import { SENT_TAG, type SendingRoute } from './kit.js';

const Params = Type.Object({ emailId: Uuid });

export const getRawSentEmailContents: SendingRoute = (app, { sending }) =>
  app.get('/sent/:emailId/raw', {
    schema: {
      operationId: 'getRawSentEmailContents', tags: SENT_TAG, summary: 'The MIME message as sent (text/plain)',
      params: Params,
      response: { 200: { type: 'string', description: 'RFC 5322 message' } },
    },
  }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(await sending.raw(principalOf(request).tenantId, request.params.emailId)));

export const getRawSentEmailJson: SendingRoute = (app, { sending }) =>
  app.get('/sent/:emailId/raw/json', {
    schema: {
      operationId: 'getRawSentEmailJson', tags: SENT_TAG, summary: 'The MIME message as sent, in a JSON string',
      params: Params,
      response: { 200: Type.Ref(RawEmailJson) },
    },
  }, async (request) => ({ content: (await sending.raw(principalOf(request).tenantId, request.params.emailId)).toString('utf8') }));
