import { checkEmailBody } from './checkEmailBody.js';
import { getEmailInlinePart } from './getEmailInlinePart.js';

/** Checks of an email's body (links, images) and the inline parts its HTML view loads. */
export const checkOperations = [checkEmailBody, getEmailInlinePart];
