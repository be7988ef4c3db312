import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { badRequest } from '../../../core/errors.js';
import { INT32_MAX } from '../../shared/schemas.js';
import { UploadAttachmentOptions, UploadedIds } from '../attachment.schemas.js';
import { ATTACHMENT_TAG, headerValue, jsonBodyLimit, type AttachmentRoute } from './kit.js';

const FileSize = Type.Integer({ minimum: 0, maximum: INT32_MAX, description: 'size in bytes, if known: larger than the limit is refused before reading' });

export const uploadAttachment: AttachmentRoute = (app, { attachments }) =>
  app.post('/attachments', {
    bodyLimit: jsonBodyLimit(attachments.maxSize),
    schema: {
      operationId: 'uploadAttachment', tags: ATTACHMENT_TAG,
      summary: 'Upload a file for sending, base64 encoded in JSON; answers [id]. Send it with SendEmailOptions.attachments',
      body: Type.Ref(UploadAttachmentOptions),
      response: { 201: UploadedIds },
    },
  }, async (request, reply) => {
    const body = request.body;
    const record = await attachments.uploadBase64(principalOf(request).tenantId, {
      base64Contents: body.base64Contents,
      filename: body.filename,
      contentType: [body.contentType],
      contentId: body.contentId,
    });
    return reply.status(201).send([record.id]);
  });

/**
 * The file is the raw request body, of any Content-Type. The generated client's
 * uploadAttachmentBytes has no body parameter: pass the bytes as `initOverrides.body`.
 * This route lives in its own context whose only body parser keeps the bytes as they are.
 */
export const uploadAttachmentBytes: AttachmentRoute = (app, { attachments }) =>
  app.post('/attachments/bytes', {
    bodyLimit: attachments.maxSize,
    schema: {
      operationId: 'uploadAttachmentBytes', tags: ATTACHMENT_TAG,
      summary: 'Upload a file for sending as the raw request body; answers [id]',
      querystring: Type.Object({
        contentType: Type.Optional(Type.String({ description: 'content type of the file (also accepted as a contentType header)' })),
        contentId: Type.Optional(Type.String()),
        filename: Type.Optional(Type.String({ description: 'file name (also accepted as a filename header)' })),
        fileSize: Type.Optional(FileSize),
      }),
      response: { 201: UploadedIds },
    },
  }, async (request, reply) => {
    const q = request.query;
    if (q.fileSize !== undefined && q.fileSize > attachments.maxSize) throw attachments.tooLargeError(q.fileSize);
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw badRequest('The request body is empty: send the file bytes as the body (the generated client needs them as initOverrides.body)');
    }
    const record = await attachments.upload(principalOf(request).tenantId, {
      content: body,
      filename: q.filename ?? headerValue(request.headers.filename),
      contentType: [q.contentType, headerValue(request.headers.contenttype)],
      declaredType: [request.headers['content-type']],
      contentId: q.contentId,
    });
    return reply.status(201).send([record.id]);
  });

export const uploadMultipartForm: AttachmentRoute = (app, { attachments }) =>
  app.post('/attachments/multipart', {
    schema: {
      operationId: 'uploadMultipartForm', tags: ATTACHMENT_TAG,
      summary: 'Upload a file for sending as multipart/form-data (field "file"); answers [id]',
      querystring: Type.Object({
        contentId: Type.Optional(Type.String()),
        contentType: Type.Optional(Type.String({ description: "the file's content type; unset = the part's, else from the name or bytes" })),
        filename: Type.Optional(Type.String({ description: "the file's name; unset = the part's" })),
        contentTypeHeader: Type.Optional(Type.String({ description: 'alternative to contentType' })),
        'x-filename': Type.Optional(Type.String()),
        'x-filename-raw': Type.Optional(Type.String()),
        'x-filesize': Type.Optional(FileSize),
      }),
      response: { 201: UploadedIds },
    },
  }, async (request, reply) => {
    const q = request.query;
    const size = q['x-filesize'];
    if (size !== undefined && size > attachments.maxSize) throw attachments.tooLargeError(size);
    if (!request.isMultipart()) {
      throw badRequest(
        'Send the file as multipart/form-data in a field named "file" (the generated client\'s uploadMultipartForm sends JSON, which carries no file: use uploadAttachment with base64 instead)',
      );
    }
    const part = await request.file({ limits: { fileSize: attachments.maxSize, files: 1 } });
    if (!part) throw badRequest('The multipart form has no file: add the file in a field named "file"');
    const content = await part.toBuffer();
    const record = await attachments.upload(principalOf(request).tenantId, {
      content,
      filename: q.filename ?? q['x-filename-raw'] ?? q['x-filename'] ?? part.filename,
      contentType: [q.contentType, q.contentTypeHeader],
      declaredType: [part.mimetype],
      contentId: q.contentId,
    });
    return reply.status(201).send([record.id]);
  });
