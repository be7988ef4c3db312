import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { AttachmentRoute, AttachmentRouteDeps } from './kit.js';
import { uploadAttachment, uploadAttachmentBytes, uploadMultipartForm } from './uploadAttachment.js';
import { getAttachments } from './getAttachments.js';
import { getAttachment, getAttachmentInfo } from './getAttachment.js';
import { downloadAttachmentAsBase64Encoded, downloadAttachmentAsBytes } from './downloadAttachment.js';
import { deleteAllAttachments, deleteAttachment } from './deleteAttachment.js';
import { extractAttachmentText } from './extractAttachmentText.js';

/** AttachmentController: one file per operationId (or small family). */
export const attachmentRoutes: AttachmentRoute[] = [
  uploadAttachment, uploadMultipartForm, getAttachments, getAttachment, getAttachmentInfo,
  downloadAttachmentAsBytes, downloadAttachmentAsBase64Encoded, deleteAttachment, deleteAllAttachments, extractAttachmentText,
];
/** Routes whose body is the file itself, registered in a context that keeps any body as bytes. */
export const rawBodyRoutes: AttachmentRoute[] = [uploadAttachmentBytes];

const TOO_LARGE_CODES = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_REQ_FILE_TOO_LARGE']);

export const attachmentPlugin: FastifyPluginAsyncTypebox<AttachmentRouteDeps> = async (app, deps) => {
  // Oversized uploads are refused by the body parsers before any handler runs; say which
  // limit applies. Anything else (and this error) goes on to the application's handler.
  app.setErrorHandler((error) => {
    if (TOO_LARGE_CODES.has((error as { code?: string }).code ?? '')) throw deps.attachments.tooLargeError();
    throw error;
  });

  // The generated client sends Content-Type: application/json without a body when the
  // optional options of extractAttachmentText are left out: an empty JSON body is {}.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    (body === '' ? done(null, {}) : json(request, body as string, done)));

  await app.register(multipart, { limits: { fileSize: deps.attachments.maxSize, files: 1, fields: 20, fieldSize: 1024 * 1024 } });
  for (const route of attachmentRoutes) route(app, deps);

  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    for (const route of rawBodyRoutes) route(raw, deps);
  });
};
