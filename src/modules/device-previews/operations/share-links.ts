import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { toShareLinkDto, toSharedResultDto } from '../device-previews.dto.js';
import {
  CreateDevicePreviewShareLinkOptions, DeleteDevicePreviewShareLinkResult, DevicePreviewShareLinkDto, DevicePreviewSharedResultDto, RunParams,
  SharedScreenshotParams, ShareLinkParams, ShareTokenParams,
} from '../device-previews.schemas.js';
import { devicePreviewOperation } from './define.js';

export const createDevicePreviewShareLink = devicePreviewOperation({
  operationId: 'createDevicePreviewShareLink', method: 'POST', path: '/emails/device-previews/{runId}/share-links',
  summary: 'Make a link that opens a run\'s results without an API key until it expires (7 days unless expiresAt says otherwise); the token is shown only now',
  params: RunParams,
  body: Type.Ref(CreateDevicePreviewShareLinkOptions),
  optionalBody: true,
  response: Type.Ref(DevicePreviewShareLinkDto),
  handler: async ({ tenantId, params, body, baseUrl }, { devicePreviews }) => {
    const { link, token } = await devicePreviews.shareLinks.create(tenantId, params.runId, body ?? {});
    return toShareLinkDto(link, token, baseUrl);
  },
});

export const getDevicePreviewShareLinks = devicePreviewOperation({
  operationId: 'getDevicePreviewShareLinks', method: 'GET', path: '/emails/device-previews/{runId}/share-links',
  summary: 'List a run\'s share links (revoked ones too; tokens are never shown again)',
  params: RunParams,
  response: Type.Array(Type.Ref(DevicePreviewShareLinkDto)),
  handler: async ({ tenantId, params }, { devicePreviews }) => (await devicePreviews.shareLinks.list(tenantId, params.runId)).map((l) => toShareLinkDto(l)),
});

export const deleteDevicePreviewShareLink = devicePreviewOperation({
  operationId: 'deleteDevicePreviewShareLink', method: 'DELETE', path: '/emails/device-previews/share-links/{shareLinkId}',
  summary: 'Revoke a share link: its token stops working at once',
  params: ShareLinkParams,
  response: Type.Ref(DeleteDevicePreviewShareLinkResult),
  handler: async ({ tenantId, params }, { devicePreviews }) => {
    await devicePreviews.shareLinks.revoke(tenantId, params.shareLinkId);
    return { shareLinkId: params.shareLinkId, revoked: true };
  },
});

export const getDevicePreviewSharedResult = devicePreviewOperation({
  operationId: 'getDevicePreviewSharedResult', method: 'GET', path: '/emails/device-previews/share/{shareToken}',
  summary: 'A shared run\'s results, opened by its share token without an API key (404 once expired or revoked)',
  access: 'public',
  params: ShareTokenParams,
  response: Type.Ref(DevicePreviewSharedResultDto),
  handler: async ({ params, baseUrl }, { devicePreviews }) => {
    const { link, view } = await devicePreviews.shareLinks.open(params.shareToken);
    return toSharedResultDto(link, view, params.shareToken, baseUrl);
  },
});

export const getDevicePreviewSharedResultScreenshot = devicePreviewOperation({
  operationId: 'getDevicePreviewSharedResultScreenshot', method: 'GET', path: '/emails/device-previews/share/{shareToken}/screenshots/{screenshotId}/image',
  summary: 'A shared run\'s screenshot (PNG), opened by its share token without an API key',
  access: 'public',
  params: SharedScreenshotParams,
  response: { type: 'string', format: 'binary', description: 'image/png' },
  handler: async ({ params }, { devicePreviews }) =>
    new Content(await devicePreviews.shareLinks.screenshot(params.shareToken, params.screenshotId), 'image/png', { 'cache-control': 'no-store' }),
});
