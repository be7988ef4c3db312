import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WaitForRoute, WaitForRouteDeps } from './kit.js';
import { waitFor } from './waitFor.js';
import { waitForLatestEmail } from './waitForLatestEmail.js';
import { waitForNthEmail } from './waitForNthEmail.js';
import { waitForEmailCount } from './waitForEmailCount.js';
import { waitForMatchingEmails } from './waitForMatchingEmails.js';
import { waitForMatchingFirstEmail } from './waitForMatchingFirstEmail.js';

/** WaitForController's email operations (its SMS ones, waitForSms and waitForLatestSms, come with SMS). */
export const waitForRoutes: WaitForRoute[] = [
  waitFor, waitForLatestEmail, waitForNthEmail, waitForEmailCount, waitForMatchingEmails, waitForMatchingFirstEmail,
];

export const waitForPlugin: FastifyPluginAsyncTypebox<WaitForRouteDeps> = async (app, deps) => {
  for (const route of waitForRoutes) route(app, deps);
};
