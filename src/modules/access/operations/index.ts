import { getSmtpAccess } from './getSmtpAccess.js';
import { updateSmtpAccess } from './updateSmtpAccess.js';
import { getImapAccess } from './getImapAccess.js';
import { updateImapAccess } from './updateImapAccess.js';
import { getImapSmtpAccess } from './getImapSmtpAccess.js';
import { getImapSmtpAccessEnv } from './getImapSmtpAccessEnv.js';
import { getImapSmtpAccessServers } from './getImapSmtpAccessServers.js';

/** SMTP and IMAP logins of inboxes and accounts (InboxController's access operations). */
export const accessOperations = [
  getSmtpAccess, updateSmtpAccess, getImapAccess, updateImapAccess, getImapSmtpAccess, getImapSmtpAccessEnv, getImapSmtpAccessServers,
];
