/**
 * Which inboxes or phone numbers a deliverability test watches (its selector), and whether a
 * received message meets an expectation. Matching is a case-insensitive "contains" on each
 * filter given: the sender, a recipient (for SMS the receiving number), the subject (for SMS
 * the body).
 */
import { badRequest } from '../../core/errors.js';
import type {
  DeliverabilityEntity, DeliverabilityExpectationRecord, DeliverabilityScope, DeliverabilitySelector, EmailSummary, InboxRepository,
  PhoneNumberRepository, SmsRecord,
} from '../../storage/ports.js';
import { MAX_ENTITIES } from './deliverability.schemas.js';

/** A case-insensitive glob over the whole text: * any run of characters, ? one. */
export function globMatcher(pattern: string): (text: string) => boolean {
  const glob = pattern.trim().toLowerCase();
  return (text) => wildcardMatch(glob, text.toLowerCase());
}

/**
 * Whether `text` matches the glob, in time bounded by the product of the lengths: on a mismatch
 * only the last star takes one more character. A regular expression of several `.*` backtracks
 * without such a bound, and a pattern is user input matched against thousands of addresses.
 */
function wildcardMatch(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (g < glob.length && (glob[g] === '?' || glob[g] === text[t])) {
      g++;
      t++;
    } else if (g < glob.length && glob[g] === '*') {
      star = g++;
      resume = t;
    } else if (star !== -1) {
      g = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (glob[g] === '*') g++;
  return g === glob.length;
}

interface Candidate { id: string; label: string; name: string | null; tags: string[]; phoneCountry: string | null }

function choose(candidates: Candidate[], selector: DeliverabilitySelector, what: string): DeliverabilityEntity[] {
  let chosen = candidates;
  if (selector.type === 'EXPLICIT') {
    if (selector.entityIds.length === 0) throw badRequest('selector.entityIds is required for an EXPLICIT selector');
    const byId = new Map(candidates.map((c) => [c.id, c]));
    const missing = selector.entityIds.filter((id) => !byId.has(id));
    if (missing.length > 0) throw badRequest(`selector.entityIds names no ${what} of yours: ${missing.slice(0, 5).join(', ')}`);
    chosen = [...new Set(selector.entityIds)].map((id) => byId.get(id)!);
  } else if (selector.type === 'PATTERN') {
    if (!selector.pattern?.trim()) throw badRequest('selector.pattern is required for a PATTERN selector');
    const matches = globMatcher(selector.pattern);
    chosen = chosen.filter((c) => matches(c.label) || (c.name !== null && matches(c.name)));
  }
  if (selector.tags.length > 0) {
    const tags = new Set(selector.tags.map((t) => t.trim().toLowerCase()));
    chosen = chosen.filter((c) => c.tags.some((t) => tags.has(t.toLowerCase())));
  }
  if (selector.phoneCountry) chosen = chosen.filter((c) => c.phoneCountry === null || c.phoneCountry === selector.phoneCountry);
  const excluded = new Set(selector.excludeEntityIds);
  return chosen.filter((c) => !excluded.has(c.id)).map((c) => ({ entityId: c.id, label: c.label, phoneCountry: c.phoneCountry }));
}

/** The entities the selector chooses now, oldest first; more than MAX_ENTITIES is a 400. */
export async function selectEntities(
  repos: { inboxes: InboxRepository; phones: PhoneNumberRepository },
  tenantId: string, scope: DeliverabilityScope, selector: DeliverabilitySelector,
): Promise<DeliverabilityEntity[]> {
  const limit = MAX_ENTITIES * 10;
  let candidates: Candidate[];
  if (scope === 'INBOX') {
    const filter = selector.type === 'EXPLICIT' ? { ids: selector.entityIds } : {};
    candidates = (await repos.inboxes.list(tenantId, filter, 'ASC', limit))
      .map((i) => ({ id: i.id, label: i.emailAddress, name: i.name, tags: i.tags, phoneCountry: null }));
  } else {
    const { items } = await repos.phones.page(tenantId, selector.phoneCountry ? { phoneCountry: selector.phoneCountry } : {}, { page: 0, size: limit, sort: 'ASC' });
    candidates = items.map((p) => ({ id: p.id, label: p.phoneNumber, name: p.name, tags: p.tags, phoneCountry: p.phoneCountry }));
  }
  const chosen = choose(candidates, selector, scope === 'INBOX' ? 'inbox' : 'phone number');
  if (chosen.length > MAX_ENTITIES) throw badRequest(`the selector chooses ${chosen.length} ${scope === 'INBOX' ? 'inboxes' : 'phone numbers'}; a test watches at most ${MAX_ENTITIES}`);
  return chosen;
}

const contains = (value: string | null | undefined, part: string | null) => !part || (value ?? '').toLowerCase().includes(part.toLowerCase());

export function emailMeets(email: EmailSummary, e: DeliverabilityExpectationRecord): boolean {
  const recipients = [...email.recipients.to, ...email.recipients.cc, ...email.recipients.bcc].map((r) => r.emailAddress);
  return contains(email.from, e.from) && (!e.to || recipients.some((r) => contains(r, e.to))) && contains(email.subject, e.subject);
}

export function smsMeets(sms: SmsRecord, e: DeliverabilityExpectationRecord): boolean {
  return contains(sms.fromNumber, e.from) && contains(sms.toNumber, e.to) && contains(sms.body, e.subject);
}
