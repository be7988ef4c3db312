import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AccessRoute, AccessRouteDeps } from './kit.js';
import { getSmtpAccess } from './getSmtpAccess.js';
import { updateSmtpAccess } from './updateSmtpAccess.js';
import { getImapAccess } from './getImapAccess.js';
import { updateImapAccess } from './updateImapAccess.js';
import { getImapSmtpAccess } from './getImapSmtpAccess.js';
import { getImapSmtpAccessEnv } from './getImapSmtpAccessEnv.js';
import { getImapSmtpAccessServers } from './getImapSmtpAccessServers.js';

/** SMTP and IMAP logins of inboxes and accounts (InboxController's access operations). */
export const accessRoutes: AccessRoute[] = [
  getSmtpAccess, updateSmtpAccess, getImapAccess, updateImapAccess, getImapSmtpAccess, getImapSmtpAccessEnv, getImapSmtpAccessServers,
];

export const accessPlugin: FastifyPluginAsyncTypebox<AccessRouteDeps> = async (app, deps) => {
  for (const route of accessRoutes) route(app, deps);
};
