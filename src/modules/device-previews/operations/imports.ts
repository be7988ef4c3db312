import { Type } from '@sinclair/typebox';
import { badRequest, tooLarge } from '../../../core/errors.js';
import type { Upload } from '../../../core/operation.js';
import type { Services } from '../../services.js';
import { toRunDto } from '../device-previews.dto.js';
import { CreateDevicePreviewHtmlImportOptions, CreateDevicePreviewImportOptions, CreateDevicePreviewRunResult, ImportQuery } from '../device-previews.schemas.js';
import { devicePreviewOperation } from './define.js';

/** Imports take messages as large as the email imports do (PIGEONHOLE's import limit). */
const tooLargeImport = ({ imports }: Services) => tooLarge(`The message is larger than the ${imports.maxBytes} bytes an import accepts`);

export const createDevicePreviewRunFromImport = devicePreviewOperation({
  operationId: 'createDevicePreviewRunFromImport', method: 'POST', path: '/emails/device-previews/import',
  summary: 'Render an imported message (base64 .eml) at each device target\'s geometry; its cid: images come from its own parts',
  body: Type.Ref(CreateDevicePreviewImportOptions),
  response: Type.Ref(CreateDevicePreviewRunResult),
  bodyLimit: ({ imports }) => Math.ceil(imports.maxBytes / 3) * 4 + 64 * 1024,
  tooLarge: tooLargeImport,
  handler: async ({ tenantId, body, baseUrl }, { devicePreviews }) => {
    const message = Buffer.from(body.rawEmailBase64, 'base64');
    const view = await devicePreviews.runFromMessage(tenantId, message, { ...body, nativeTargets: body.options?.nativeTargets });
    return { run: toRunDto(view, baseUrl), created: true };
  },
});

export const createDevicePreviewRunFromHtmlImport = devicePreviewOperation({
  operationId: 'createDevicePreviewRunFromHtmlImport', method: 'POST', path: '/emails/device-previews/import/html',
  summary: 'Render an HTML document at each device target\'s geometry',
  body: Type.Ref(CreateDevicePreviewHtmlImportOptions),
  response: Type.Ref(CreateDevicePreviewRunResult),
  handler: async ({ tenantId, body, baseUrl }, { devicePreviews }) => ({ run: toRunDto(await devicePreviews.runFromHtml(tenantId, body), baseUrl), created: true }),
});

export const createDevicePreviewRunFromRawImport = devicePreviewOperation({
  operationId: 'createDevicePreviewRunFromRawImport', method: 'POST', path: '/emails/device-previews/import/raw',
  summary: 'Render the raw message sent as the request body (message/rfc822) at each device target\'s geometry',
  query: ImportQuery,
  bodyKind: 'raw',
  response: Type.Ref(CreateDevicePreviewRunResult),
  bodyLimit: ({ imports }) => imports.maxBytes,
  tooLarge: tooLargeImport,
  handler: async ({ tenantId, query, body, baseUrl }, { devicePreviews }) =>
    ({ run: toRunDto(await devicePreviews.runFromMessage(tenantId, body, query), baseUrl), created: true }),
});

export const createDevicePreviewRunFromMultipartImport = devicePreviewOperation({
  operationId: 'createDevicePreviewRunFromMultipartImport', method: 'POST', path: '/emails/device-previews/import/multipart',
  summary: 'Render an uploaded .eml file (multipart/form-data field "file") at each device target\'s geometry',
  query: ImportQuery,
  bodyKind: 'multipart',
  response: Type.Ref(CreateDevicePreviewRunResult),
  bodyLimit: ({ imports }) => imports.maxBytes,
  tooLarge: tooLargeImport,
  handler: async ({ tenantId, query, upload, baseUrl }, { devicePreviews }) =>
    ({ run: toRunDto(await devicePreviews.runFromMessage(tenantId, await uploadedFile(upload), query), baseUrl), created: true }),
});

async function uploadedFile(upload: Upload): Promise<Buffer> {
  if (!upload.isMultipart) throw badRequest('Send the message as multipart/form-data in a field named "file"');
  for await (const file of upload.files()) {
    if (file.fieldName === 'file') return file.read();
  }
  throw badRequest('The multipart form has no file: add the .eml file in a field named "file"');
}
