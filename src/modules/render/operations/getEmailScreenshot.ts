import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { EmailIdParams } from '../../email/email.schemas.js';
import { EmailScreenshotResult, GetEmailScreenshotOptions } from '../render.schemas.js';
import { renderOperation } from './define.js';

const RENDER_NOTE = 'rendered in Chromium with JavaScript off, cid: images from the email\'s own parts, remote content blocked unless loadRemoteContent';

export const getEmailScreenshotAsBase64 = renderOperation({
  operationId: 'getEmailScreenshotAsBase64', method: 'POST', path: '/emails/{emailId}/screenshot/base64',
  summary: `A PNG screenshot of the email's HTML body (text body when none), base64-encoded; ${RENDER_NOTE}`,
  params: EmailIdParams,
  body: Type.Ref(GetEmailScreenshotOptions),
  response: Type.Ref(EmailScreenshotResult),
  handler: async ({ tenantId, params, body, signal }, { screenshots }) => ({
    base64EncodedImage: (await screenshots.screenshot(tenantId, params.emailId, body, signal)).toString('base64'),
  }),
});

export const getEmailScreenshotAsBinary = renderOperation({
  operationId: 'getEmailScreenshotAsBinary', method: 'POST', path: '/emails/{emailId}/screenshot/binary',
  summary: `A PNG screenshot of the email's HTML body (text body when none), as image/png bytes; ${RENDER_NOTE}`,
  params: EmailIdParams,
  body: Type.Ref(GetEmailScreenshotOptions),
  response: { type: 'string', format: 'binary', description: 'image/png' },
  handler: async ({ tenantId, params, body, signal }, { screenshots }) =>
    new Content(await screenshots.screenshot(tenantId, params.emailId, body, signal), 'image/png', { 'cache-control': 'no-store' }),
});
