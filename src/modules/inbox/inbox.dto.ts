import type { InboxRecord } from '../../storage/ports.js';
import type { InboxDto, InboxPreview } from './inbox.schemas.js';

/** Inboxes seen by their owner: never read-only, always team-accessible (the spec's rule). */
export function toInboxDto(inbox: InboxRecord): InboxDto {
  return {
    id: inbox.id,
    userId: inbox.tenantId,
    createdAt: inbox.createdAt.toISOString(),
    name: inbox.name,
    domainId: inbox.domainId,
    description: inbox.description,
    emailAddress: inbox.emailAddress,
    expiresAt: inbox.expiresAt?.toISOString() ?? null,
    favourite: inbox.favourite,
    tags: inbox.tags,
    inboxType: inbox.inboxType,
    readOnly: false,
    virtualInbox: inbox.virtualInbox,
    functionsAs: null,
    localPart: inbox.localPart,
    domain: inbox.domain,
  };
}

export function toInboxPreview(inbox: InboxRecord): InboxPreview {
  return {
    id: inbox.id,
    domainId: inbox.domainId,
    emailAddress: inbox.emailAddress,
    createdAt: inbox.createdAt.toISOString(),
    favourite: inbox.favourite,
    name: inbox.name,
    tags: inbox.tags,
    teamAccess: true,
    inboxType: inbox.inboxType,
    virtualInbox: inbox.virtualInbox,
    expiresAt: inbox.expiresAt?.toISOString() ?? null,
    functionsAs: null,
    userId: inbox.tenantId,
    description: inbox.description,
  };
}

export const toOrganizationInbox = (inbox: InboxRecord) => ({ ...toInboxPreview(inbox), readOnly: false });
