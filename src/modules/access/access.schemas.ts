import { Type } from '@sinclair/typebox';
import { Nullable, Uuid } from '../shared/schemas.js';

export const SmtpAccessDetails = Type.Object(
  {
    secureSmtpServerHost: Type.String(),
    secureSmtpServerPort: Type.Integer({ description: 'plain greeting, STARTTLS required before AUTH (connect with secure: false); implicit TLS is PIGEONHOLE_SMTPS_PORT' }),
    secureSmtpUsername: Type.String(),
    secureSmtpPassword: Type.String(),
    smtpServerHost: Type.String(),
    smtpServerPort: Type.Integer({ description: 'plain; STARTTLS offered only with a configured certificate or PIGEONHOLE_SMTP_STARTTLS' }),
    smtpUsername: Type.String(),
    smtpPassword: Type.String(),
    mailFromDomain: Nullable(Type.String({ description: 'the inbox domain; null for the tenant-wide login' })),
  },
  {
    $id: 'SmtpAccessDetails',
    description: 'AUTH PLAIN or LOGIN with these makes an SMTP session a submission: mail is sent from the inbox',
  },
);

export const UpdateSmtpAccessOptions = Type.Object(
  {
    smtpUsername: Type.Optional(Nullable(Type.String())),
    smtpPassword: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'UpdateSmtpAccessOptions' },
);

export const AccessQuery = Type.Object({
  inboxId: Type.Optional(Uuid),
});

const imapFields = {
  secureImapServerHost: Type.String(),
  secureImapServerPort: Type.Integer({ description: 'implicit TLS (IMAPS)' }),
  secureImapUsername: Type.String(),
  secureImapPassword: Type.String(),
  imapServerHost: Type.String(),
  imapServerPort: Type.Integer({ description: 'plain, with STARTTLS offered' }),
  imapUsername: Type.String(),
  imapPassword: Type.String(),
  imapMailbox: Type.String({ description: "the mailbox to SELECT: INBOX for an inbox login; for the tenant-wide login (one folder per inbox, named by its address) the oldest inbox's folder, INBOX while there is none" }),
};

export const ImapAccessDetails = Type.Object(imapFields, {
  $id: 'ImapAccessDetails',
  description: 'LOGIN (or AUTHENTICATE PLAIN) with these opens the inbox over IMAP',
});

export const ImapSmtpAccessDetails = Type.Object(
  {
    emailAddress: Type.String({ description: 'the inbox address; the login name for the tenant-wide login' }),
    secureSmtpServerHost: Type.String(),
    secureSmtpServerPort: Type.Integer({ description: 'plain greeting, STARTTLS required before AUTH (connect with secure: false)' }),
    secureSmtpUsername: Type.String(),
    secureSmtpPassword: Type.String(),
    smtpServerHost: Type.String(),
    smtpServerPort: Type.Integer(),
    smtpUsername: Type.String(),
    smtpPassword: Type.String(),
    ...imapFields,
    mailFromDomain: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'ImapSmtpAccessDetails' },
);

export const ServerEndpoints = Type.Object(
  {
    host: Type.String(),
    port: Type.Integer(),
    tls: Type.Boolean({ description: 'true: encrypted before any login (IMAP: TLS from the first byte; SMTP: STARTTLS required on port, TLS from the first byte on altPorts); false: plain' }),
    altPorts: Type.Array(Type.Integer({ description: 'the same service on other ports: for the secure SMTP server, the implicit-TLS port' })),
  },
  { $id: 'ServerEndpoints' },
);

export const ImapSmtpAccessServers = Type.Object(
  {
    imapServer: Type.Ref(ServerEndpoints),
    secureImapServer: Type.Ref(ServerEndpoints),
    smtpServer: Type.Ref(ServerEndpoints),
    secureSmtpServer: Type.Ref(ServerEndpoints),
  },
  { $id: 'ImapSmtpAccessServers' },
);

export const UpdateImapAccessOptions = Type.Object(
  {
    imapUsername: Type.Optional(Nullable(Type.String())),
    imapPassword: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'UpdateImapAccessOptions' },
);

export const accessModelSchemas = [
  SmtpAccessDetails, UpdateSmtpAccessOptions, ImapAccessDetails, ImapSmtpAccessDetails, ServerEndpoints,
  ImapSmtpAccessServers, UpdateImapAccessOptions,
];
