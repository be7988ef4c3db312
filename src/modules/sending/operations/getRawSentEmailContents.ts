import { sentEmailOperation } from './define.js';
import { Content } from '../../../core/operation.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { RawEmailJson } from '../../email/email.schemas.js';
import { PREVIEW_HEADERS } from '../../email/preview-headers.js';

const Params = Type.Object({ emailId: Uuid });

export const getRawSentEmailContents = sentEmailOperation({
  operationId: 'getRawSentEmailContents', method: 'GET', path: '/sent/{emailId}/raw',
  summary: 'The MIME message as sent (text/plain)',
  params: Params,
  previewToken: { scope: 'sent', param: 'emailId' },
  response: { type: 'string', description: 'RFC 5322 message' },
  handler: async ({ tenantId, params }, { sending }) => new Content(await sending.raw(tenantId, params.emailId), 'text/plain; charset=utf-8', PREVIEW_HEADERS),
});

export const getRawSentEmailJson = sentEmailOperation({
  operationId: 'getRawSentEmailJson', method: 'GET', path: '/sent/{emailId}/raw/json',
  summary: 'The MIME message as sent, in a JSON string',
  params: Params,
  response: Type.Ref(RawEmailJson),
  handler: async ({ tenantId, params }, { sending }) => ({ content: (await sending.raw(tenantId, params.emailId)).toString('utf8') }),
});
