import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AccessRoute, AccessRouteDeps } from './kit.js';
import { getSmtpAccess } from './getSmtpAccess.js';
import { updateSmtpAccess } from './updateSmtpAccess.js';

/** SMTP logins of inboxes and accounts (InboxController's access operations). */
export const accessRoutes: AccessRoute[] = [getSmtpAccess, updateSmtpAccess];

export const accessPlugin: FastifyPluginAsyncTypebox<AccessRouteDeps> = async (app, deps) => {
  for (const route of accessRoutes) route(app, deps);
};
