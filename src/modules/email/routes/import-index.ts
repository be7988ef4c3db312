import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { tooLarge } from '../../../core/errors.js';
import {
  importEmailIntoInbox, importEmailIntoInboxBytes, importEmailIntoInboxMultipart, type ImportRouteDeps,
} from './importEmailIntoInbox.js';

const TOO_LARGE_CODES = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_REQ_FILE_TOO_LARGE']);

/**
 * InboxController's imports: JSON (base64), the raw body, and a multipart upload. Their own
 * plugin because two of them need body parsing of their own (multipart; bytes as they are).
 */
export const importPlugin: FastifyPluginAsyncTypebox<ImportRouteDeps> = async (app, deps) => {
  app.setErrorHandler((error) => {
    if (TOO_LARGE_CODES.has((error as { code?: string }).code ?? '')) {
      throw tooLarge(`The message is larger than the ${deps.maxBytes} bytes an import accepts`);
    }
    throw error;
  });
  await app.register(multipart, { limits: { fileSize: deps.maxBytes, files: 1, fields: 20, fieldSize: 1024 * 1024 } });
  importEmailIntoInbox(app, deps);
  importEmailIntoInboxMultipart(app, deps);

  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    importEmailIntoInboxBytes(raw, deps);
  });
};
