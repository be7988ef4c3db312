import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../../transports/http/auth.js';
import { badRequest } from '../../../core/errors.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toEmail } from '../email.dto.js';
import { Email } from '../email.schemas.js';
import type { EmailImportService } from '../import.service.js';
import { ImportEmailOptions, ImportQuery } from '../import.schemas.js';
import { INBOX_TAG, type TypedApp } from './kit.js';

export interface ImportRouteDeps {
  imports: EmailImportService;
  /** largest message accepted, in bytes */
  maxBytes: number;
}
export type ImportRoute = (app: TypedApp, deps: ImportRouteDeps) => void;

const BASE64 = /^[A-Za-z0-9+/\-_=\s]*$/;

export const importEmailIntoInbox: ImportRoute = (app, { imports, maxBytes }) =>
  app.post('/inboxes/:inboxId/emails/import', {
    bodyLimit: Math.ceil(maxBytes / 3) * 4 + 64 * 1024,
    schema: {
      operationId: 'importEmailIntoInbox', tags: INBOX_TAG,
      summary: 'Store a raw RFC 5322 message (base64 in JSON) in the inbox, whatever its To header says; answers the Email',
      params: InboxIdParams,
      body: Type.Ref(ImportEmailOptions),
      response: { 201: Type.Ref(Email) },
    },
  }, async (request, reply) => {
    const { rawEmailBase64, ...options } = request.body;
    if (!BASE64.test(rawEmailBase64)) throw badRequest('rawEmailBase64 is not base64: encode the whole .eml file');
    const email = await imports.import(principalOf(request).tenantId, request.params.inboxId, Buffer.from(rawEmailBase64, 'base64'), options);
    return reply.status(201).send(toEmail(email));
  });

/**
 * The message is the request body, byte for byte. The generated client sends its string
 * `body` JSON-quoted; such a body is unquoted and taken as UTF-8 (pass a Blob to send bytes).
 * Registered in a context whose only body parser keeps the bytes as they are.
 */
export const importEmailIntoInboxBytes: ImportRoute = (app, { imports, maxBytes }) =>
  app.post('/inboxes/:inboxId/emails/import/raw', {
    bodyLimit: maxBytes,
    schema: {
      operationId: 'importEmailIntoInboxBytes', tags: INBOX_TAG,
      summary: 'Store the raw RFC 5322 message sent as the request body (message/rfc822 or application/octet-stream) in the inbox; answers the Email',
      params: InboxIdParams,
      querystring: ImportQuery,
      response: { 201: Type.Ref(Email) },
    },
  }, async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const email = await imports.import(principalOf(request).tenantId, request.params.inboxId, unquoted(body), request.query);
    return reply.status(201).send(toEmail(email));
  });

export const importEmailIntoInboxMultipart: ImportRoute = (app, { imports, maxBytes }) =>
  app.post('/inboxes/:inboxId/emails/import/multipart', {
    schema: {
      operationId: 'importEmailIntoInboxMultipart', tags: INBOX_TAG,
      summary: 'Store an uploaded .eml file (multipart/form-data field "file") in the inbox; answers the Email',
      params: InboxIdParams,
      querystring: ImportQuery,
      response: { 201: Type.Ref(Email) },
    },
  }, async (request, reply) => {
    const tenantId = principalOf(request).tenantId;
    // The inbox first: another tenant's inbox is 404 whatever the body.
    await imports.target(tenantId, request.params.inboxId);
    const content = await uploadedFile(request, maxBytes);
    const email = await imports.import(tenantId, request.params.inboxId, content, request.query);
    return reply.status(201).send(toEmail(email));
  });

async function uploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Send the message as multipart/form-data in a field named "file"');
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
    if (part.type === 'file' && part.fieldname === 'file') return part.toBuffer();
    if (part.type === 'file') await part.toBuffer();
  }
  throw badRequest('The multipart form has no file: add the .eml file in a field named "file"');
}

/** A JSON string literal (what the generated client makes of a string body) → its UTF-8 bytes. */
function unquoted(body: Buffer): Buffer {
  if (body.length < 2 || body[0] !== 0x22 || body[body.length - 1] !== 0x22) return body;
  try {
    const text: unknown = JSON.parse(body.toString('utf8'));
    return typeof text === 'string' ? Buffer.from(text, 'utf8') : body;
  } catch {
    return body;
  }
}
