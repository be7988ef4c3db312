import { getEmailScreenshotAsBase64, getEmailScreenshotAsBinary } from './getEmailScreenshot.js';
import { getEmailSignature } from './getEmailSignature.js';
import { getGravatarUrlForEmailAddress } from './getGravatarUrlForEmailAddress.js';

/** EmailController operations of the render module: screenshots, signatures, Gravatar URLs. */
export const renderOperations = [getEmailScreenshotAsBase64, getEmailScreenshotAsBinary, getEmailSignature, getGravatarUrlForEmailAddress];
