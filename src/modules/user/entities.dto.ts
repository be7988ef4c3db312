import type { EntityAutomationRecord, EntityEventRecord, EntityFavouriteRecord } from '../../storage/ports.js';

export const toAutomationItem = (r: EntityAutomationRecord) => ({
  id: r.id, name: r.name, inboxId: r.inboxId, phoneId: r.phoneId, action: r.action, automationType: r.automationType, createdAt: r.createdAt.toISOString(),
});

/** Severity from what the tables record: webhook result types, event statuses, job states. */
export function severityOf(outcome: string): 'INFO' | 'SUCCESS' | 'WARNING' | 'DANGER' {
  switch (outcome) {
    case 'SUCCESS':
    case 'done':
      return 'SUCCESS';
    case 'BAD_RESPONSE':
    case 'cancelled':
      return 'WARNING';
    case 'FAILURE':
    case 'EXCEPTION':
    case 'EXHAUSTED':
    case 'failed':
      return 'DANGER';
    default:
      return 'INFO';
  }
}

export const toEventItem = (r: EntityEventRecord) => ({
  id: r.id, eventType: r.eventType, severity: severityOf(r.outcome), outcome: r.outcome, inboxId: r.inboxId, emailId: r.emailId, phoneId: r.phoneId,
  smsId: r.smsId, attachmentId: r.attachmentId, createdAt: r.createdAt.toISOString(),
});

export const toFavouriteItem = (r: EntityFavouriteRecord) => ({
  id: r.id, name: r.name, description: r.description, createdAt: r.createdAt.toISOString(), entityType: r.entityType,
});
