import type { Static } from '@sinclair/typebox';
import type { ComplaintRecord, ListUnsubscribeRecord, ReputationItemRecord } from '../../storage/ports.js';
import type { Complaint, ListUnsubscribeRecipientProjection, ReputationItemProjection } from './reputation.schemas.js';

export const toComplaint = (c: ComplaintRecord): Static<typeof Complaint> => ({
  id: c.id,
  userId: c.tenantId,
  eventType: c.feedbackType,
  mailSource: c.mailSource,
  // without angle brackets, as the sent email's messageId is shown
  mailMessageId: c.mailMessageId?.replace(/^<(.*)>$/, '$1') ?? null,
  complaintRecipient: c.complaintRecipient,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const toUnsubscribeProjection = (u: ListUnsubscribeRecord): Static<typeof ListUnsubscribeRecipientProjection> => ({
  id: u.id,
  createdAt: u.createdAt.toISOString(),
  emailAddress: u.emailAddress,
  domainId: u.domainId,
});

/** Feedback types that say the mail was unwanted or harmful; not-spam and other say less. */
const SERIOUS_FEEDBACK = new Set(['abuse', 'fraud', 'virus']);

export const toReputationItem = (r: ReputationItemRecord): Static<typeof ReputationItemProjection> => ({
  id: r.id,
  severity: r.kind === 'BOUNCE'
    ? (r.detail === 'Permanent' ? 'DANGER' : 'WARNING')
    : (SERIOUS_FEEDBACK.has(r.detail ?? '') ? 'DANGER' : r.detail === 'not-spam' ? 'INFO' : 'WARNING'),
  source: r.source,
  createdAt: r.createdAt.toISOString(),
  recipient: r.recipient,
  reputationType: r.kind,
});
