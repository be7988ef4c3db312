import { sentEmailOperation } from './define.js';
import { Content } from '../../../core/operation.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { sentDisplayBody } from '../sent-content.js';
import { PREVIEW_HEADERS } from '../../email/preview-headers.js';

export const getSentEmailHTMLContent = sentEmailOperation({
  operationId: 'getSentEmailHTMLContent', method: 'GET', path: '/sent/{id}/html',
  summary: 'The HTML body as sent, as text/html (the text body when it had no HTML), read from the raw message',
  params: Type.Object({ id: Uuid }),
  previewToken: { scope: 'sent', param: 'id' },
  response: { type: 'string', description: 'HTML document' },
  handler: async ({ tenantId, params }, { sending }) => {
    const sent = await sending.get(tenantId, params.id);
    const raw = await sending.raw(tenantId, sent.id);
    return new Content(await sentDisplayBody(raw, sent.bodyMd5, (bytes) => sending.parse(bytes)), 'text/html; charset=utf-8', PREVIEW_HEADERS);
  },
});
