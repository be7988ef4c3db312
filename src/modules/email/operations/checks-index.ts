import { checkEmailBody } from './checkEmailBody.js';
import { checkEmailBodyFeatureSupport } from './checkEmailBodyFeatureSupport.js';
import { checkEmailClientSupport } from './checkEmailClientSupport.js';
import { getEmailInlinePart } from './getEmailInlinePart.js';

/** Checks of an email's body (links, images, email-client support) and the inline parts its HTML view loads. */
export const checkOperations = [checkEmailBody, checkEmailBodyFeatureSupport, checkEmailClientSupport, getEmailInlinePart];
