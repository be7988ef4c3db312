import type { Static } from '@sinclair/typebox';
import type { MissedEmailRecord } from '../../storage/ports.js';
import type { MissedEmailDto, MissedEmailProjection, UnknownMissedEmailProjection } from './missed.schemas.js';

export const toMissedEmailDto = (r: MissedEmailRecord): Static<typeof MissedEmailDto> => ({
  id: r.id,
  userId: r.tenantId,
  subject: r.subject,
  bodyExcerpt: r.bodyExcerpt,
  attachmentCount: r.attachmentCount,
  from: r.from,
  rawUrl: null,
  rawKey: null,
  rawBucket: null,
  // every record keeps its raw bytes, so every one can be restored
  canRestore: true,
  to: r.recipients.to,
  cc: r.recipients.cc,
  bcc: r.recipients.bcc,
  inboxIds: [r.inboxId],
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const toMissedEmailProjection = (r: MissedEmailRecord): Static<typeof MissedEmailProjection> => ({
  id: r.id,
  from: r.from,
  subject: r.subject,
  userId: r.tenantId,
  createdAt: r.createdAt.toISOString(),
});

export const toUnknownMissedEmailProjection = (r: MissedEmailRecord): Static<typeof UnknownMissedEmailProjection> => ({
  id: r.id,
  from: r.from,
  subject: r.subject,
  to: r.recipients.to,
  createdAt: r.createdAt.toISOString(),
});
