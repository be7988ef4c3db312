import { Type } from '@sinclair/typebox';
import { DateTime, Nullable } from '../shared/schemas.js';

/** Most emails a count limit may name: a billion, far beyond any store, inside every integer type. */
export const MAX_EMAIL_COUNT_LIMIT = 1_000_000_000;
/** Longest age an account may name: a hundred years in seconds. */
export const MAX_AGE_SECONDS = 100 * 365 * 24 * 60 * 60;

const count = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_EMAIL_COUNT_LIMIT, description });
const age = Type.Integer({ minimum: 1, maximum: MAX_AGE_SECONDS, description: 'seconds an email is kept after it arrived' });

const limitFields = (what: string) => ({
  maxEmailsPerInbox: Nullable(Type.Integer({ description: `emails each inbox keeps (${what}); null = no limit` })),
  maxEmailsPerAccount: Nullable(Type.Integer({ description: `emails the account keeps over all its inboxes (${what}); null = no limit` })),
  maxAgeSeconds: Nullable(Type.Integer({ description: `seconds an email is kept after it arrived (${what}); null = for ever` })),
});

export const EmailRetentionLimits = Type.Object(limitFields('these limits'), { $id: 'EmailRetentionLimits', description: 'Email retention limits; favourited emails are neither counted nor deleted' });

export const EmailRetentionPolicyDto = Type.Object(
  {
    ...limitFields("the account's own"),
    server: Type.Ref(EmailRetentionLimits, { description: "the server's limits (PIGEONHOLE_MAX_EMAILS_PER_INBOX, PIGEONHOLE_MAX_EMAILS_PER_ACCOUNT, PIGEONHOLE_MAX_EMAIL_AGE)" }),
    effective: Type.Ref(EmailRetentionLimits, { description: 'what the retention pass applies: each kind the stricter of the server\'s and the account\'s' }),
    updatedAt: Nullable(DateTime),
  },
  { $id: 'EmailRetentionPolicyDto', description: "The account's email retention policy (Pigeonhole's own; nulls when it has none) with the server's limits and the ones in force" },
);

export const EmailRetentionPolicyOptions = Type.Object(
  {
    maxEmailsPerInbox: Type.Optional(Nullable(count('emails each inbox keeps; the oldest beyond it are deleted'))),
    maxEmailsPerAccount: Type.Optional(Nullable(count('emails the account keeps over all its inboxes; the oldest beyond it are deleted'))),
    maxAgeSeconds: Type.Optional(Nullable(age)),
  },
  { $id: 'EmailRetentionPolicyOptions', description: 'The account\'s limits, replacing any it had; absent or null = none of that kind. A limit looser than the server\'s has no effect: the stricter applies' },
);

export const EmailRetentionRunResult = Type.Object(
  {
    deleted: Type.Integer({ description: 'emails deleted' }),
    batches: Type.Integer({ description: 'delete transactions it took (each at most PIGEONHOLE_EMAIL_RETENTION_BATCH emails)' }),
    longestBatchMs: Type.Number({ description: 'milliseconds the longest of those transactions took: how long ingest could have waited for it' }),
  },
  { $id: 'EmailRetentionRunResult' },
);

export const emailRetentionModelSchemas = [EmailRetentionLimits, EmailRetentionPolicyDto, EmailRetentionPolicyOptions, EmailRetentionRunResult];
