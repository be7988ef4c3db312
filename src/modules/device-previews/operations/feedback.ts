import { Type } from '@sinclair/typebox';
import { toFeedbackDto } from '../device-previews.dto.js';
import {
  CreateDevicePreviewFeedbackOptions, DevicePreviewFeedbackDto, DevicePreviewFeedbackListDto, FeedbackParams, FeedbackQuery, UpdateDevicePreviewFeedbackOptions,
} from '../device-previews.schemas.js';
import { devicePreviewOperation } from './define.js';

export const createDevicePreviewFeedback = devicePreviewOperation({
  operationId: 'createDevicePreviewFeedback', method: 'POST', path: '/emails/device-previews/feedback',
  summary: 'Record feedback on device previews (a run it names must be yours)',
  body: Type.Ref(CreateDevicePreviewFeedbackOptions),
  response: Type.Ref(DevicePreviewFeedbackDto),
  handler: async ({ tenantId, body }, { devicePreviews }) => toFeedbackDto(await devicePreviews.feedback.create(tenantId, body)),
});

export const getDevicePreviewFeedback = devicePreviewOperation({
  operationId: 'getDevicePreviewFeedback', method: 'GET', path: '/emails/device-previews/feedback/{feedbackId}',
  summary: 'Get a device preview feedback item',
  params: FeedbackParams,
  response: Type.Ref(DevicePreviewFeedbackDto),
  handler: async ({ tenantId, params }, { devicePreviews }) => toFeedbackDto(await devicePreviews.feedback.get(tenantId, params.feedbackId)),
});

export const getDevicePreviewFeedbackItems = devicePreviewOperation({
  operationId: 'getDevicePreviewFeedbackItems', method: 'GET', path: '/emails/device-previews/feedback',
  summary: 'A page of your device preview feedback, newest first, filtered by source, run, status, provider, category or text',
  query: FeedbackQuery,
  response: Type.Ref(DevicePreviewFeedbackListDto),
  handler: async ({ tenantId, query }, { devicePreviews }) => {
    const { page, size, ...filter } = query;
    const { slice, request } = await devicePreviews.feedback.page(tenantId, filter, { page, size });
    return { totalElements: slice.total, page: request.page, size: request.size, items: slice.items.map(toFeedbackDto) };
  },
});

export const updateDevicePreviewFeedback = devicePreviewOperation({
  operationId: 'updateDevicePreviewFeedback', method: 'PUT', path: '/emails/device-previews/feedback/{feedbackId}',
  summary: 'Change a feedback item (fields left out keep their value; appendInternalNote adds to the note)',
  params: FeedbackParams,
  body: Type.Ref(UpdateDevicePreviewFeedbackOptions),
  response: Type.Ref(DevicePreviewFeedbackDto),
  handler: async ({ tenantId, params, body }, { devicePreviews }) => toFeedbackDto(await devicePreviews.feedback.update(tenantId, params.feedbackId, body)),
});
