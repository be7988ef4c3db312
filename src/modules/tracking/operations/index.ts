import { createTrackingPixel } from './createTrackingPixel.js';
import { getAllTrackingPixels } from './getAllTrackingPixels.js';
import { getTrackingPixel } from './getTrackingPixel.js';
import { listInboxTrackingPixels } from './listInboxTrackingPixels.js';
import { getAllSentTrackingPixels, getSentEmailTrackingPixels } from './sentTrackingPixels.js';
import { pixelImage } from './pixelImage.js';

/**
 * TrackingController, InboxController.listInboxTrackingPixels and the SentEmailsController
 * pixel lists (all need the key), and the public pixel image mail clients load.
 */
export const trackingOperations = [
  createTrackingPixel, getAllTrackingPixels, getTrackingPixel, listInboxTrackingPixels, getAllSentTrackingPixels, getSentEmailTrackingPixels,
  pixelImage,
];
