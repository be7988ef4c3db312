/**
 * Team inboxes (spec §2.2): "organization inboxes are inboxes with team access; they are
 * read-only for non-admin users", and team access is always on. So every inbox of a member of
 * an organisation is a team inbox of that organisation:
 * - any member READS another member's inbox and its mail through the operations in
 *   TEAM_READ_OPERATIONS (run as the owner, so they answer exactly what the owner would get);
 * - only the organisation's ADMINs CHANGE it (any other operation naming it, run as the owner);
 *   a MEMBER gets a 403 saying so;
 * - users outside the organisation notice nothing: the inbox is not theirs (404), as before.
 */
import { forbidden } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import type { ResourceOwner, TeamAccessRepository } from '../../storage/ports.js';

/**
 * What a member may do with another member's inbox: read it, its mail and the content of that
 * mail, and wait for mail in it. (getEmail marks the email read, as it does for the owner.)
 * Credentials (IMAP/SMTP access), webhooks, rulesets, forwarders and the rest stay the
 * owner's and its organisation admins'.
 */
export const TEAM_READ_OPERATIONS: ReadonlySet<string> = new Set([
  // the inbox and its lists
  'getInbox', 'getEmails', 'getInboxEmailsPaginated', 'getInboxEmailCount', 'getLatestEmailInInbox',
  'getLatestEmailInInbox1', 'getInboxSentEmails', 'getInboxSentCount', 'getEmailCount', 'getUnreadEmailCount',
  'getSentOrganizationEmails', 'getSentEmails',
  // an email and its content
  'getEmail', 'getRawEmailContents', 'getRawEmailJson', 'getEmailHTML', 'getEmailHTMLJson', 'getEmailHTMLQuery',
  'getEmailTextLines', 'downloadBody', 'downloadBodyBytes', 'getEmailSummary', 'getEmailAttachments',
  'downloadAttachment', 'downloadAttachmentBase64', 'getAttachmentMetaData', 'getEmailLinks', 'getEmailContentPart',
  'getEmailContentPartContent', 'getEmailContentMatch', 'getEmailCodes', 'getEmailPreviewURLs', 'validateEmail',
  // a sent email and its content
  'getSentEmail', 'getSentEmailHTMLContent', 'getRawSentEmailContents', 'getRawSentEmailJson', 'getSentEmailPreviewURLs',
  // waiting for mail in it
  'waitFor', 'waitForLatestEmail', 'waitForEmailCount', 'waitForNthEmail', 'waitForMatchingEmails', 'waitForMatchingFirstEmail',
]);

/** The inboxes and emails a request names (path, query or body). */
export interface TeamTargets {
  inboxIds: readonly string[];
  /** received emails (or, on /sent/{emailId} routes, sent ones) */
  emailIds: readonly string[];
  sentIds: readonly string[];
}

interface Named {
  kind: 'Inbox' | 'Email' | 'Sent email';
  id: string;
  owner: ResourceOwner;
}

export class TeamAccessService {
  constructor(private readonly owners: TeamAccessRepository) {}

  /**
   * The tenant an operation runs as: the caller's own, or, when everything it names that
   * exists belongs to one other member of the caller's organisation, that member's (for
   * reads, and for changes by an organisation ADMIN). Throws a 403 when a MEMBER would change
   * another member's inbox. Callers outside any organisation are never looked up.
   */
  async tenantFor(principal: Principal, operationId: string, targets: TeamTargets): Promise<string> {
    const organizationId = principal.organizationId;
    if (!organizationId) return principal.tenantId;
    const named = await this.lookUp(targets);
    // Something of the caller's own is named: the operation is the caller's, as always.
    if (named.some((n) => n.owner.tenantId === principal.tenantId)) return principal.tenantId;
    const team = named.filter((n) => n.owner.organizationId === organizationId);
    const owners = new Set(team.map((n) => n.owner.tenantId));
    // Nothing of a team mate (strangers' ids stay 404), or two team mates' at once (no one
    // tenant can run it): as the caller, which answers what it answers for ids it does not own.
    if (owners.size !== 1) return principal.tenantId;
    const [owner] = owners as Set<string>;
    if (TEAM_READ_OPERATIONS.has(operationId) || principal.orgRole === 'ADMIN') return owner!;
    throw forbidden(refusal(team[0]!, operationId));
  }

  private async lookUp(targets: TeamTargets): Promise<Named[]> {
    const unique = (ids: readonly string[]) => [...new Set(ids.filter((id) => id !== ''))];
    const looked = await Promise.all([
      ...unique(targets.inboxIds).map(async (id) => ({ kind: 'Inbox' as const, id, owner: await this.owners.inboxOwner(id) })),
      ...unique(targets.emailIds).map(async (id) => ({ kind: 'Email' as const, id, owner: await this.owners.emailOwner(id) })),
      ...unique(targets.sentIds).map(async (id) => ({ kind: 'Sent email' as const, id, owner: await this.owners.sentEmailOwner(id) })),
    ]);
    return looked.filter((n): n is Named => n.owner !== undefined);
  }
}

function refusal(named: Named, operationId: string): string {
  const what = named.kind === 'Inbox' ? `Inbox ${named.id} is a team inbox` : `${named.kind} ${named.id} belongs to a team inbox`;
  return `${what} of your organization; only organization admins may change it (${operationId}); members may read its mail`;
}
