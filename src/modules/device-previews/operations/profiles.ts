import { Type } from '@sinclair/typebox';
import { toProfileDto } from '../device-previews.dto.js';
import {
  CreateDevicePreviewProfileOptions, DeleteDevicePreviewProfileResult, DevicePreviewNativeTargetAvailabilityListDto, DevicePreviewProfileDto,
  ProfileParams, UpdateDevicePreviewProfileOptions,
} from '../device-previews.schemas.js';
import { devicePreviewOperation } from './define.js';

export const getDevicePreviewProfiles = devicePreviewOperation({
  operationId: 'getDevicePreviewProfiles', method: 'GET', path: '/emails/device-previews/profiles',
  summary: 'List device preview profiles: the built-in ones (read-only) and your own',
  response: Type.Array(Type.Ref(DevicePreviewProfileDto)),
  handler: async ({ tenantId }, { devicePreviews }) => (await devicePreviews.profiles.list(tenantId)).map(toProfileDto),
});

export const getDevicePreviewProfile = devicePreviewOperation({
  operationId: 'getDevicePreviewProfile', method: 'GET', path: '/emails/device-previews/profiles/{profileId}',
  summary: 'Get a device preview profile',
  params: ProfileParams,
  response: Type.Ref(DevicePreviewProfileDto),
  handler: async ({ tenantId, params }, { devicePreviews }) => toProfileDto(await devicePreviews.profiles.get(tenantId, params.profileId)),
});

export const createDevicePreviewProfile = devicePreviewOperation({
  operationId: 'createDevicePreviewProfile', method: 'POST', path: '/emails/device-previews/profiles',
  summary: 'Create a device preview profile: a named set of device targets (options.nativeTargets)',
  body: Type.Ref(CreateDevicePreviewProfileOptions),
  response: Type.Ref(DevicePreviewProfileDto),
  handler: async ({ tenantId, body }, { devicePreviews }) => toProfileDto(await devicePreviews.profiles.create(tenantId, body)),
});

export const updateDevicePreviewProfile = devicePreviewOperation({
  operationId: 'updateDevicePreviewProfile', method: 'PUT', path: '/emails/device-previews/profiles/{profileId}',
  summary: 'Change one of your device preview profiles (fields left out keep their value; built-in profiles are read-only)',
  params: ProfileParams,
  body: Type.Ref(UpdateDevicePreviewProfileOptions),
  response: Type.Ref(DevicePreviewProfileDto),
  handler: async ({ tenantId, params, body }, { devicePreviews }) => toProfileDto(await devicePreviews.profiles.update(tenantId, params.profileId, body)),
});

export const deleteDevicePreviewProfile = devicePreviewOperation({
  operationId: 'deleteDevicePreviewProfile', method: 'DELETE', path: '/emails/device-previews/profiles/{profileId}',
  summary: 'Delete one of your device preview profiles (built-in profiles cannot be deleted)',
  params: ProfileParams,
  response: Type.Ref(DeleteDevicePreviewProfileResult),
  handler: async ({ tenantId, params }, { devicePreviews }) => {
    await devicePreviews.profiles.delete(tenantId, params.profileId);
    return { profileId: params.profileId, deleted: true };
  },
});

export const getDevicePreviewNativeTargetAvailability = devicePreviewOperation({
  operationId: 'getDevicePreviewNativeTargetAvailability', method: 'GET', path: '/emails/device-previews/native-targets/availability',
  summary: 'List the preview targets: Chromium renders at device geometry (available) and native mail-client targets (not available on this server)',
  response: Type.Ref(DevicePreviewNativeTargetAvailabilityListDto),
  handler: (_call, { devicePreviews }) => devicePreviews.availability(),
});
