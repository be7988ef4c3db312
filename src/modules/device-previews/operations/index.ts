import {
  getDevicePreviewEmailDomainOrCreate, getDevicePreviewEmailRuns, getDevicePreviewEmailSubmissions, updateDevicePreviewEmailDomainSubdomain,
  waitForDevicePreviewEmailRuns, waitForDevicePreviewEmailSubmissions,
} from './email-domain.js';
import { createDevicePreviewFeedback, getDevicePreviewFeedback, getDevicePreviewFeedbackItems, updateDevicePreviewFeedback } from './feedback.js';
import {
  createDevicePreviewRunFromHtmlImport, createDevicePreviewRunFromImport, createDevicePreviewRunFromMultipartImport, createDevicePreviewRunFromRawImport,
} from './imports.js';
import {
  createDevicePreviewProfile, deleteDevicePreviewProfile, getDevicePreviewNativeTargetAvailability, getDevicePreviewProfile, getDevicePreviewProfiles,
  updateDevicePreviewProfile,
} from './profiles.js';
import {
  cancelDevicePreviewRun, createDevicePreviewRun, deleteDevicePreviewRun, ensureDevicePreviewRun, getDevicePreviewRun, getDevicePreviewRunProviderProgress,
  getDevicePreviewRunResults, getDevicePreviewRuns, getDevicePreviewRunScreenshot, getDevicePreviewRunsForAccount,
  getDevicePreviewRunsForAccountOffsetPaginated, getDevicePreviewRunsOffsetPaginated, rerunDevicePreviewTargets, waitForDevicePreviewRun,
} from './runs.js';
import {
  createDevicePreviewShareLink, deleteDevicePreviewShareLink, getDevicePreviewSharedResult, getDevicePreviewSharedResultScreenshot, getDevicePreviewShareLinks,
} from './share-links.js';

/** DevicePreviewsController. */
export const devicePreviewOperations = [
  getDevicePreviewProfiles, getDevicePreviewProfile, createDevicePreviewProfile, updateDevicePreviewProfile, deleteDevicePreviewProfile,
  getDevicePreviewNativeTargetAvailability,
  createDevicePreviewRun, ensureDevicePreviewRun, getDevicePreviewRun, getDevicePreviewRuns, getDevicePreviewRunsForAccount,
  getDevicePreviewRunsOffsetPaginated, getDevicePreviewRunsForAccountOffsetPaginated, getDevicePreviewRunResults, getDevicePreviewRunProviderProgress,
  getDevicePreviewRunScreenshot, waitForDevicePreviewRun, cancelDevicePreviewRun, deleteDevicePreviewRun, rerunDevicePreviewTargets,
  createDevicePreviewShareLink, getDevicePreviewShareLinks, deleteDevicePreviewShareLink, getDevicePreviewSharedResult, getDevicePreviewSharedResultScreenshot,
  createDevicePreviewFeedback, getDevicePreviewFeedback, getDevicePreviewFeedbackItems, updateDevicePreviewFeedback,
  createDevicePreviewRunFromImport, createDevicePreviewRunFromHtmlImport, createDevicePreviewRunFromRawImport, createDevicePreviewRunFromMultipartImport,
  // the static email-domain paths, before the run routes' {runId} in the same place
  getDevicePreviewEmailDomainOrCreate, updateDevicePreviewEmailDomainSubdomain, getDevicePreviewEmailSubmissions, getDevicePreviewEmailRuns,
  waitForDevicePreviewEmailSubmissions, waitForDevicePreviewEmailRuns,
];
