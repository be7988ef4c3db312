import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { sentDisplayBody } from '../sent-content.js';
import { SENT_TAG, type SendingRoute } from './kit.js';

export const getSentEmailHTMLContent: SendingRoute = (app, { sending }) =>
  app.get('/sent/:id/html', {
    schema: {
      operationId: 'getSentEmailHTMLContent', tags: SENT_TAG,
      summary: 'The HTML body as sent, as text/html (the text body when it had no HTML), read from the raw message',
      params: Type.Object({ id: Uuid }),
      response: { 200: { type: 'string', description: 'HTML document' } },
    },
  }, async (request, reply) => {
    const tenantId = principalOf(request).tenantId;
    const sent = await sending.get(tenantId, request.params.id);
    const raw = await sending.raw(tenantId, sent.id);
    return reply.type('text/html; charset=utf-8').send(await sentDisplayBody(raw, sent.bodyMd5));
  });
