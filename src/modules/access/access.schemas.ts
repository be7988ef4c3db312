import { Type } from '@sinclair/typebox';
import { Nullable, Uuid } from '../shared/schemas.js';

export const SmtpAccessDetails = Type.Object(
  {
    secureSmtpServerHost: Type.String(),
    secureSmtpServerPort: Type.Integer({ description: 'implicit TLS (SMTPS)' }),
    secureSmtpUsername: Type.String(),
    secureSmtpPassword: Type.String(),
    smtpServerHost: Type.String(),
    smtpServerPort: Type.Integer({ description: 'plain, with STARTTLS offered' }),
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

export const accessModelSchemas = [SmtpAccessDetails, UpdateSmtpAccessOptions];
