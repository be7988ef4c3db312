import { getEmailHTML, getEmailHTMLJson } from './getEmailHTML.js';
import { getEmailHTMLQuery } from './getEmailHTMLQuery.js';
import { getEmailTextLines } from './getEmailTextLines.js';
import { getEmailLinks } from './getEmailLinks.js';
import { getEmailCodes } from './getEmailCodes.js';
import { getEmailContentMatch } from './getEmailContentMatch.js';
import { getEmailContentPart, getEmailContentPartContent } from './getEmailContentPart.js';
import { getEmailPreviewURLs } from './getEmailPreviewURLs.js';
import { getEmailSummary } from './getEmailSummary.js';

/** EmailController operations that read into an email's content (EmailContentService). */
export const contentOperations = [
  getEmailHTML, getEmailHTMLJson, getEmailHTMLQuery, getEmailTextLines, getEmailLinks, getEmailCodes,
  getEmailContentMatch, getEmailContentPart, getEmailContentPartContent, getEmailPreviewURLs, getEmailSummary,
];
