import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ExpiredRoute, ExpiredRouteDeps } from './kit.js';
import { getExpiredInboxes } from './getExpiredInboxes.js';
import { getExpiredInboxRecord } from './getExpiredInboxRecord.js';
import { getExpiredInboxByInboxId } from './getExpiredInboxByInboxId.js';
import { getExpirationDefaults } from './getExpirationDefaults.js';

/** ExpiredController: records of expired inboxes, and the expiry defaults. */
export const expiredRoutes: ExpiredRoute[] = [getExpiredInboxes, getExpirationDefaults, getExpiredInboxByInboxId, getExpiredInboxRecord];

export const expiredPlugin: FastifyPluginAsyncTypebox<ExpiredRouteDeps> = async (app, deps) => {
  for (const route of expiredRoutes) route(app, deps);
};
