import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { BounceRoute, BounceRouteDeps } from './kit.js';
import { getBouncedEmails } from './getBouncedEmails.js';
import { getBouncedEmail } from './getBouncedEmail.js';
import { getBouncedRecipients } from './getBouncedRecipients.js';
import { getBouncedRecipient } from './getBouncedRecipient.js';
import { filterBouncedRecipient } from './filterBouncedRecipient.js';

/** BounceController: bounces of sent mail (complaints, reputation and list-unsubscribe are not offered). */
export const bounceRoutes: BounceRoute[] = [
  getBouncedEmails, getBouncedEmail, getBouncedRecipients, getBouncedRecipient, filterBouncedRecipient,
];

export const bouncePlugin: FastifyPluginAsyncTypebox<BounceRouteDeps> = async (app, deps) => {
  for (const route of bounceRoutes) route(app, deps);
};
