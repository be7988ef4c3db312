import type { SortDirection } from '../../core/paging.js';
import type { InboxType } from '../../storage/ports.js';

/** Creation options, the union of createInbox's query and CreateInboxDto, already typed. */
export interface CreateInboxInput {
  emailAddress?: string | null;
  domainName?: string | null;
  domainId?: string | null;
  name?: string | null;
  description?: string | null;
  useDomainPool?: boolean | null;
  tags?: string[] | null;
  expiresAt?: Date | null;
  expiresIn?: number | null;
  favourite?: boolean | null;
  /** deprecated by the spec: team access is always on; accepted and ignored */
  allowTeamAccess?: boolean | null;
  /** HTTP / SMTP, or the client's HTTP_INBOX / SMTP_INBOX */
  inboxType?: string | null;
  virtualInbox?: boolean | null;
  useShortAddress?: boolean | null;
  prefix?: string | null;
}

export interface UpdateInboxInput {
  name?: string | null;
  description?: string | null;
  tags?: string[] | null;
  expiresAt?: Date | null;
  favourite?: boolean | null;
}

/** Filters accepted by the list operations, before normalisation. */
export interface ListInboxesInput {
  page?: number;
  size?: number;
  sort?: SortDirection;
  favourite?: boolean | null;
  search?: string | null;
  tag?: string | null;
  since?: Date | null;
  before?: Date | null;
  inboxType?: string | null;
  /** no inbox of this service functions as an alias, thread, catch-all...: any value matches none */
  inboxFunction?: string | null;
  domainId?: string | null;
  /** every member's inboxes of this organisation instead of the caller's (getOrganizationInboxes) */
  organizationId?: string | null;
}

export const normaliseInboxType = (value: string | null | undefined): InboxType | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const upper = value.toUpperCase();
  if (upper === 'HTTP' || upper === 'HTTP_INBOX') return 'HTTP';
  if (upper === 'SMTP' || upper === 'SMTP_INBOX') return 'SMTP';
  return undefined;
};
