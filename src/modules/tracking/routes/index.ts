import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TrackingRoute, TrackingRouteDeps } from './kit.js';
import { createTrackingPixel } from './createTrackingPixel.js';
import { getAllTrackingPixels } from './getAllTrackingPixels.js';
import { getTrackingPixel } from './getTrackingPixel.js';
import { listInboxTrackingPixels } from './listInboxTrackingPixels.js';
import { getAllSentTrackingPixels, getSentEmailTrackingPixels } from './sentTrackingPixels.js';

/** TrackingController, InboxController.listInboxTrackingPixels and the SentEmailsController pixel lists (all need the key). */
export const trackingRoutes: TrackingRoute[] = [
  createTrackingPixel, getAllTrackingPixels, getTrackingPixel, listInboxTrackingPixels, getAllSentTrackingPixels, getSentEmailTrackingPixels,
];

export const trackingPlugin: FastifyPluginAsyncTypebox<TrackingRouteDeps> = async (app, deps) => {
  for (const route of trackingRoutes) route(app, deps);
};
