import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ContentRoute, ContentRouteDeps } from './content-kit.js';
import { getEmailHTML, getEmailHTMLJson } from './getEmailHTML.js';
import { getEmailHTMLQuery } from './getEmailHTMLQuery.js';
import { getEmailTextLines } from './getEmailTextLines.js';
import { getEmailLinks } from './getEmailLinks.js';
import { getEmailCodes } from './getEmailCodes.js';
import { getEmailContentMatch } from './getEmailContentMatch.js';
import { getEmailContentPart, getEmailContentPartContent } from './getEmailContentPart.js';
import { getEmailPreviewURLs } from './getEmailPreviewURLs.js';
import { getEmailSummary } from './getEmailSummary.js';

export type { ContentRoute, ContentRouteDeps };

/** EmailController operations that read into an email's content (EmailContentService). */
export const contentRoutes: ContentRoute[] = [
  getEmailHTML, getEmailHTMLJson, getEmailHTMLQuery, getEmailTextLines, getEmailLinks, getEmailCodes,
  getEmailContentMatch, getEmailContentPart, getEmailContentPartContent, getEmailPreviewURLs, getEmailSummary,
];

export const contentPlugin: FastifyPluginAsyncTypebox<ContentRouteDeps> = async (app, deps) => {
  for (const route of contentRoutes) route(app, deps);
};
