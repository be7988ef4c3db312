import type { Static } from '@sinclair/typebox';
import type { InboxChaosDto } from './chaos.schemas.js';
import type { ChaosRule } from './chaos.schemas.js';

/** The stored rules (defaults filled in) as the API shows them. */
export function toInboxChaosDto(record: { inboxId: string; rules: unknown[]; createdAt: Date | null; updatedAt: Date | null }): Static<typeof InboxChaosDto> {
  return {
    inboxId: record.inboxId,
    rules: record.rules as ChaosRule[],
    createdAt: record.createdAt ? record.createdAt.toISOString() : null,
    updatedAt: record.updatedAt ? record.updatedAt.toISOString() : null,
  };
}
