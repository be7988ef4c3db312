import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MissedRoute, MissedRouteDeps } from './kit.js';
import { getAllMissedEmails } from './getAllMissedEmails.js';
import { getAllUnknownMissedEmails } from './getAllUnknownMissedEmails.js';
import { getMissedEmail } from './getMissedEmail.js';
import { restoreMissedEmails } from './restoreMissedEmails.js';
import { waitForNthMissedEmail } from './waitForNthMissedEmail.js';

/** MissedEmailController: mail kept aside because its tenant was at the email cap. */
export const missedRoutes: MissedRoute[] = [
  getAllMissedEmails, getAllUnknownMissedEmails, getMissedEmail, restoreMissedEmails, waitForNthMissedEmail,
];

export const missedPlugin: FastifyPluginAsyncTypebox<MissedRouteDeps> = async (app, deps) => {
  for (const route of missedRoutes) route(app, deps);
};
