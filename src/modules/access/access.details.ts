import type { Static } from '@sinclair/typebox';
import type { InboxRecord, MailCredentialRecord } from '../../storage/ports.js';
import type { ImapAccessDetails, ImapSmtpAccessDetails, ImapSmtpAccessServers } from './access.schemas.js';
import type { AccessService, MailEndpoints } from './access.service.js';

/**
 * The IMAP half of the access details: one login serves both the plain and the TLS port.
 * `mailbox` is what to SELECT (AccessService.imapMailbox): INBOX for an inbox login, the
 * oldest inbox's folder for the account login, which has one folder per inbox (LIST).
 */
export function imapDetails(endpoints: MailEndpoints, login: MailCredentialRecord, mailbox: string): Static<typeof ImapAccessDetails> {
  return {
    secureImapServerHost: endpoints.host,
    secureImapServerPort: endpoints.imapsPort,
    secureImapUsername: login.username,
    secureImapPassword: login.password,
    imapServerHost: endpoints.host,
    imapServerPort: endpoints.imapPort,
    imapUsername: login.username,
    imapPassword: login.password,
    imapMailbox: mailbox,
  };
}

/** getImapSmtpAccess: both logins of the inbox (or of the account), each made on first use. */
export async function imapSmtpDetails(access: AccessService, tenantId: string, inboxId: string | undefined): Promise<Static<typeof ImapSmtpAccessDetails>> {
  const smtp = await access.credential(tenantId, inboxId, 'smtp');
  const imap = await access.credential(tenantId, inboxId, 'imap');
  const { endpoints } = access;
  return {
    emailAddress: inboxAddress(smtp.inbox) ?? smtp.login.username,
    secureSmtpServerHost: endpoints.host,
    // plain greeting, STARTTLS before AUTH: what a client with `secure: false` expects here
    secureSmtpServerPort: endpoints.smtpSubmissionPort,
    secureSmtpUsername: smtp.login.username,
    secureSmtpPassword: smtp.login.password,
    smtpServerHost: endpoints.host,
    smtpServerPort: endpoints.smtpPort,
    smtpUsername: smtp.login.username,
    smtpPassword: smtp.login.password,
    ...imapDetails(endpoints, imap.login, await access.imapMailbox(imap.login)),
    mailFromDomain: smtp.inbox?.domain ?? null,
  };
}

const inboxAddress = (inbox: InboxRecord | null) => inbox?.emailAddress;

export function accessServers(endpoints: MailEndpoints): Static<typeof ImapSmtpAccessServers> {
  const at = (port: number, tls: boolean, altPorts: number[] = []) => ({ host: endpoints.host, port, tls, altPorts });
  return {
    imapServer: at(endpoints.imapPort, false),
    secureImapServer: at(endpoints.imapsPort, true),
    smtpServer: at(endpoints.smtpPort, false),
    // STARTTLS required before AUTH on the port; implicit TLS on the alternative
    secureSmtpServer: at(endpoints.smtpSubmissionPort, true, [endpoints.smtpsPort]),
  };
}

/** The details as .env lines: each field in upper snake case (imapServerHost → IMAP_SERVER_HOST). */
export function toEnvFile(details: Static<typeof ImapSmtpAccessDetails>): string {
  const lines = Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}=${envValue(String(value))}`);
  return `${lines.join('\n')}\n`;
}

/** Quoted only when needed, so the file reads the same in shells and dotenv parsers. */
const envValue = (value: string) => (/^[A-Za-z0-9._@+\-:/]*$/.test(value) ? value : `"${value.replace(/["\\$`]/g, (c) => `\\${c}`)}"`);
