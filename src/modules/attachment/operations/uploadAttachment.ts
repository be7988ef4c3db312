import { Type } from '@sinclair/typebox';
import { badRequest } from '../../../core/errors.js';
import type { UploadedFile } from '../../../core/operation.js';
import { INT32_MAX } from '../../shared/schemas.js';
import { UploadAttachmentOptions, UploadedIds } from '../attachment.schemas.js';
import { headerValue, jsonBodyLimit } from '../upload-helpers.js';
import { attachmentOperation, tooLarge } from './define.js';

const FileSize = Type.Integer({ minimum: 0, maximum: INT32_MAX, description: 'size in bytes, if known: larger than the limit is refused before reading' });

export const uploadAttachment = attachmentOperation({
  operationId: 'uploadAttachment', method: 'POST', path: '/attachments',
  summary: 'Upload a file for sending, base64 encoded in JSON; answers [id]. Send it with SendEmailOptions.attachments',
  body: Type.Ref(UploadAttachmentOptions),
  status: 201,
  response: UploadedIds,
  bodyLimit: ({ attachments }) => jsonBodyLimit(attachments.maxSize),
  tooLarge,
  handler: async ({ tenantId, body }, { attachments }) => {
    const record = await attachments.uploadBase64(tenantId, {
      base64Contents: body.base64Contents,
      filename: body.filename,
      contentType: [body.contentType],
      contentId: body.contentId,
    });
    return [record.id];
  },
});

/**
 * The file is the raw request body, of any Content-Type. The generated client's
 * uploadAttachmentBytes has no body parameter: pass the bytes as `initOverrides.body`.
 * A raw-body operation: any body arrives as its bytes.
 */
export const uploadAttachmentBytes = attachmentOperation({
  operationId: 'uploadAttachmentBytes', method: 'POST', path: '/attachments/bytes',
  summary: 'Upload a file for sending as the raw request body; answers [id]',
  query: Type.Object({
    contentType: Type.Optional(Type.String({ description: 'content type of the file (also accepted as a contentType header)' })),
    contentId: Type.Optional(Type.String()),
    filename: Type.Optional(Type.String({ description: 'file name (also accepted as a filename header)' })),
    fileSize: Type.Optional(FileSize),
  }),
  status: 201,
  response: UploadedIds,
  bodyKind: 'raw',
  bodyLimit: ({ attachments }) => attachments.maxSize,
  tooLarge,
  handler: async ({ tenantId, query: q, body, headers }, { attachments }) => {
    if (q.fileSize !== undefined && q.fileSize > attachments.maxSize) throw attachments.tooLargeError(q.fileSize);
    const content = body; // bodyKind 'raw': the bytes, empty when there are none
    if (content.length === 0) {
      throw badRequest('The request body is empty: send the file bytes as the body (the generated client needs them as initOverrides.body)');
    }
    const record = await attachments.upload(tenantId, {
      content,
      filename: q.filename ?? headerValue(headers.filename),
      contentType: [q.contentType, headerValue(headers.contenttype)],
      declaredType: [headerValue(headers['content-type'])],
      contentId: q.contentId,
    });
    return [record.id];
  },
});

export const uploadMultipartForm = attachmentOperation({
  operationId: 'uploadMultipartForm', method: 'POST', path: '/attachments/multipart',
  summary: 'Upload a file for sending as multipart/form-data (field "file"); answers [id]',
  query: Type.Object({
    contentId: Type.Optional(Type.String()),
    contentType: Type.Optional(Type.String({ description: "the file's content type; unset = the part's, else from the name or bytes" })),
    filename: Type.Optional(Type.String({ description: "the file's name; unset = the part's" })),
    contentTypeHeader: Type.Optional(Type.String({ description: 'alternative to contentType' })),
    'x-filename': Type.Optional(Type.String()),
    'x-filename-raw': Type.Optional(Type.String()),
    'x-filesize': Type.Optional(FileSize),
  }),
  status: 201,
  response: UploadedIds,
  bodyKind: 'multipart',
  bodyLimit: ({ attachments }) => attachments.maxSize,
  tooLarge,
  handler: async ({ tenantId, query: q, upload }, { attachments }) => {
    const size = q['x-filesize'];
    if (size !== undefined && size > attachments.maxSize) throw attachments.tooLargeError(size);
    if (!upload.isMultipart) {
      throw badRequest(
        'Send the file as multipart/form-data in a field named "file" (the generated client\'s uploadMultipartForm sends JSON, which carries no file: use uploadAttachment with base64 instead)',
      );
    }
    // The first file of the form (the form holds at most one).
    let file: { part: UploadedFile; content: Buffer } | undefined;
    for await (const part of upload.files()) {
      file = { part, content: await part.read() };
      break;
    }
    if (!file) throw badRequest('The multipart form has no file: add the file in a field named "file"');
    const record = await attachments.upload(tenantId, {
      content: file.content,
      filename: q.filename ?? q['x-filename-raw'] ?? q['x-filename'] ?? file.part.fileName,
      contentType: [q.contentType, q.contentTypeHeader],
      declaredType: [file.part.contentType],
      contentId: q.contentId,
    });
    return [record.id];
  },
});
