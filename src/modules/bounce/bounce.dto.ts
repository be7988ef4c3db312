import type { Static } from '@sinclair/typebox';
import type { BouncedEmailRecord, BouncedRecipientRecord } from '../../storage/ports.js';
import type { BouncedEmailDto, BouncedRecipientDto, BounceProjection, BounceRecipientProjection } from './bounce.schemas.js';

export const toBouncedEmailDto = (b: BouncedEmailRecord): Static<typeof BouncedEmailDto> => ({
  id: b.id,
  userId: b.tenantId,
  notificationType: b.notificationType,
  sentToRecipients: b.sentTo,
  sender: b.sender,
  bounceMta: b.bounceMta,
  bounceType: b.bounceType,
  bounceRecipients: b.bounceRecipients,
  bounceSubType: b.bounceSubType,
  sentEmailId: b.sentId,
  subject: b.subject,
  createdAt: b.createdAt.toISOString(),
});

export const toBounceProjection = (b: BouncedEmailRecord): Static<typeof BounceProjection> => ({
  id: b.id,
  sender: b.sender,
  subject: b.subject,
  createdAt: b.createdAt.toISOString(),
  bounceType: b.bounceType,
  bounceMta: b.bounceMta,
});

export const toBouncedRecipientDto = (r: BouncedRecipientRecord): Static<typeof BouncedRecipientDto> => ({
  id: r.id,
  userId: r.tenantId,
  sentEmailId: r.sentId,
  recipient: r.recipient,
  diagnosticCode: r.diagnosticCode,
  action: r.action,
  bounceType: r.bounceType,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

export const toBounceRecipientProjection = (r: BouncedRecipientRecord): Static<typeof BounceRecipientProjection> => ({
  id: r.id,
  status: r.status,
  sentEmailId: r.sentId,
  createdAt: r.createdAt.toISOString(),
  action: r.action,
  recipient: r.recipient,
  bounceType: r.bounceType,
  diagnosticCode: r.diagnosticCode,
});
