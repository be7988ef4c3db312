import { inboxEmailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { badRequest, tooLarge } from '../../../core/errors.js';
import type { Upload } from '../../../core/operation.js';
import type { Services } from '../../services.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toEmail } from '../email.dto.js';
import { Email } from '../email.schemas.js';
import { ImportEmailOptions, ImportQuery } from '../import.schemas.js';

const BASE64 = /^[A-Za-z0-9+/\-_=\s]*$/;

/** A body (or uploaded file) over the limit of an import: the message is too large. */
const tooLargeImport = ({ imports }: Services) => tooLarge(`The message is larger than the ${imports.maxBytes} bytes an import accepts`);

export const importEmailIntoInbox = inboxEmailOperation({
  operationId: 'importEmailIntoInbox', method: 'POST', path: '/inboxes/{inboxId}/emails/import',
  summary: 'Store a raw RFC 5322 message (base64 in JSON) in the inbox, whatever its To header says; answers the Email',
  params: InboxIdParams,
  body: Type.Ref(ImportEmailOptions),
  status: 201,
  response: Type.Ref(Email),
  // base64 of the largest message, and room for the other fields
  bodyLimit: ({ imports }) => Math.ceil(imports.maxBytes / 3) * 4 + 64 * 1024,
  tooLarge: tooLargeImport,
  handler: async ({ tenantId, params, body }, { imports }) => {
    const { rawEmailBase64, ...options } = body;
    if (!BASE64.test(rawEmailBase64)) throw badRequest('rawEmailBase64 is not base64: encode the whole .eml file');
    const email = await imports.import(tenantId, params.inboxId, Buffer.from(rawEmailBase64, 'base64'), options);
    return toEmail(email);
  },
});

/**
 * The message is the request body, byte for byte, whatever its content type. The generated
 * client sends its string `body` JSON-quoted; such a body is unquoted and taken as UTF-8
 * (pass a Blob to send bytes).
 */
export const importEmailIntoInboxBytes = inboxEmailOperation({
  operationId: 'importEmailIntoInboxBytes', method: 'POST', path: '/inboxes/{inboxId}/emails/import/raw',
  summary: 'Store the raw RFC 5322 message sent as the request body (message/rfc822 or application/octet-stream) in the inbox; answers the Email',
  params: InboxIdParams,
  query: ImportQuery,
  bodyKind: 'raw',
  status: 201,
  response: Type.Ref(Email),
  bodyLimit: ({ imports }) => imports.maxBytes,
  tooLarge: tooLargeImport,
  handler: async ({ tenantId, params, query, body }, { imports }) => {
    // bodyKind 'raw': the body is the bytes as they came (empty when there are none)
    const email = await imports.import(tenantId, params.inboxId, unquoted(body), query);
    return toEmail(email);
  },
});

export const importEmailIntoInboxMultipart = inboxEmailOperation({
  operationId: 'importEmailIntoInboxMultipart', method: 'POST', path: '/inboxes/{inboxId}/emails/import/multipart',
  summary: 'Store an uploaded .eml file (multipart/form-data field "file") in the inbox; answers the Email',
  params: InboxIdParams,
  query: ImportQuery,
  bodyKind: 'multipart',
  status: 201,
  response: Type.Ref(Email),
  bodyLimit: ({ imports }) => imports.maxBytes,
  tooLarge: tooLargeImport,
  handler: async ({ tenantId, params, query, upload }, { imports }) => {
    // The inbox first: another tenant's inbox is 404 whatever the body.
    await imports.target(tenantId, params.inboxId);
    const content = await uploadedFile(upload);
    const email = await imports.import(tenantId, params.inboxId, content, query);
    return toEmail(email);
  },
});

async function uploadedFile(upload: Upload): Promise<Buffer> {
  if (!upload.isMultipart) throw badRequest('Send the message as multipart/form-data in a field named "file"');
  for await (const file of upload.files()) {
    if (file.fieldName === 'file') return file.read();
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
