import { badRequest } from '../../core/errors.js';
import type { SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import { effectiveTimeout } from '../../events/wait.js';
import type { EmailFilter, EmailRecord, EmailRepository, EmailSummary } from '../../storage/ports.js';
import { javaRegex } from '../email/content.js';
import type { EmailService } from '../email/email.service.js';
import { RegexRunner, RegexTimeoutError } from '../email/regex-runner.js';
import { emailQueryTimeout, newestArrival, waitForMail } from '../email/wait.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { fieldValues, meetsPlainOptions, type MatchableEmail } from './matching.js';
import type { ConditionOptionT, MatchOptionT, MatchOptionsT } from './waitfor.schemas.js';

/** How long a wait lasts when the caller names no timeout. */
export const DEFAULT_WAIT_TIMEOUT_MS = 30_000;
/** Emails read per query while scanning an inbox for matches. */
const SCAN_BATCH = 200;

export interface WaitQuery {
  /** the inbox watched; without it (latest and nth only) every inbox of the caller */
  inboxId?: string;
  timeout?: number;
  unreadOnly?: boolean;
  since?: Date;
  before?: Date;
  sort?: SortDirection;
  /** aborted when the caller has gone: the wait ends at once and leaves nothing behind */
  signal?: AbortSignal;
}

export type CountType = 'EXACTLY' | 'ATLEAST';

interface Matcher {
  matches: MatchOptionT[];
  conditions: ConditionOptionT[];
  /** MATCH options with their compiled whole-value regex */
  regexes: Array<{ option: MatchOptionT; regex: RegExp }>;
}

/**
 * WaitForController: answers at once when the emails asked for are there, otherwise holds
 * the request until they arrive (re-checking only on mail for the watched inbox, never by
 * polling) or the timeout passes (408). Another tenant's inbox is 404 before any wait.
 */
export class WaitForService {
  private readonly regex = new RegexRunner();

  constructor(
    private readonly emails: EmailRepository,
    private readonly emailService: EmailService,
    private readonly inboxes: InboxService,
    private readonly bus: EventBus,
  ) {}

  /**
   * waitForLatestEmail: the newest (unread, if asked) email; reading it marks it read. Woken
   * by mail that arrived on this node, it answers with that email as committed, unread.
   */
  async latest(tenantId: string, query: WaitQuery): Promise<EmailRecord> {
    const { filter, timeoutMs } = await this.prepare(tenantId, query);
    const found = await this.wait(tenantId, query, timeoutMs, async (arrived) =>
      newestArrival(arrived, tenantId, filter) ?? this.emailService.newest(tenantId, filter));
    if (!found) throw emailQueryTimeout(query.inboxId, `No email arrived ${where(query)}`, timeoutMs);
    return this.emailService.markRead(found);
  }

  /** waitForNthEmail: the index-th (zero-based, oldest first unless sort=DESC) email. */
  async nth(tenantId: string, query: WaitQuery & { index: number }): Promise<EmailRecord> {
    const { filter, timeoutMs } = await this.prepare(tenantId, query);
    const sort = query.sort ?? 'ASC';
    const found = await this.wait(tenantId, query, timeoutMs, async () =>
      (await this.emails.page(tenantId, filter, { page: query.index, size: 1, sort })).items[0]);
    if (!found) {
      const have = await this.emails.count(tenantId, filter);
      throw emailQueryTimeout(query.inboxId, `Email number ${query.index} (zero-based) did not arrive ${where(query)}, which has ${have} matching`, timeoutMs);
    }
    return this.emailService.get(tenantId, found.id);
  }

  /** waitForEmailCount: once the inbox holds `count` emails, the first `count` of them. */
  async count(tenantId: string, query: WaitQuery & { inboxId: string; count: number }): Promise<EmailSummary[]> {
    const { filter, timeoutMs } = await this.prepare(tenantId, query);
    const sort = query.sort ?? 'ASC';
    const found = await this.wait(tenantId, query, timeoutMs, async () =>
      (await this.emails.count(tenantId, filter)) >= query.count ? this.emails.list(tenantId, filter, sort, query.count) : undefined);
    if (!found) {
      const have = await this.emails.count(tenantId, filter);
      throw emailQueryTimeout(query.inboxId, `Inbox ${query.inboxId} has ${have} of the ${query.count} emails waited for`, timeoutMs);
    }
    return found;
  }

  /** waitForMatchingEmails: once at least `count` emails match, all that match. */
  async matching(tenantId: string, query: WaitQuery & { inboxId: string; count: number }, options: MatchOptionsT): Promise<EmailSummary[]> {
    return this.waitForMatches(tenantId, query, options, query.count, 'ATLEAST');
  }

  /** waitForMatchingFirstEmail: the first (oldest unless sort=DESC) matching email, marked read. */
  async firstMatching(tenantId: string, query: WaitQuery & { inboxId: string }, options: MatchOptionsT): Promise<EmailRecord> {
    const { filter, timeoutMs } = await this.prepare(tenantId, query);
    const matcher = compileMatcher(options);
    const found = await this.wait(tenantId, query, timeoutMs, async () => (await this.scan(tenantId, filter, query.sort ?? 'ASC', matcher, 1))[0]);
    if (!found) throw emailQueryTimeout(query.inboxId, `No email matching the options arrived ${where(query)}`, timeoutMs);
    return this.emailService.get(tenantId, found.id);
  }

  /** waitFor: the emails meeting the conditions, once there are exactly (or at least) `count`. */
  async conditions(
    tenantId: string,
    query: WaitQuery & { inboxId: string; count?: number | null; countType?: CountType },
    options: MatchOptionsT,
  ): Promise<EmailSummary[]> {
    return this.waitForMatches(tenantId, query, options, query.count ?? 1, query.countType ?? 'EXACTLY');
  }

  private async waitForMatches(tenantId: string, query: WaitQuery & { inboxId: string }, options: MatchOptionsT, count: number, countType: CountType) {
    const { filter, timeoutMs } = await this.prepare(tenantId, query);
    const matcher = compileMatcher(options);
    const sort = query.sort ?? 'ASC';
    // EXACTLY needs to see one more than count to know there are too many.
    const enough = (n: number) => (countType === 'EXACTLY' ? n === count : n >= count);
    const stopAt = countType === 'EXACTLY' ? count + 1 : undefined;
    const found = await this.wait(tenantId, query, timeoutMs, async () => {
      const matched = await this.scan(tenantId, filter, sort, matcher, stopAt);
      return enough(matched.length) ? matched : undefined;
    });
    if (!found) {
      const have = (await this.scan(tenantId, filter, sort, matcher, stopAt)).length;
      const haveText = countType === 'EXACTLY' && have > count ? `more than ${count}` : String(have);
      const expected = countType === 'EXACTLY' ? `exactly ${count}` : `at least ${count}`;
      throw emailQueryTimeout(query.inboxId, `Inbox ${query.inboxId} has ${haveText} matching emails, not ${expected},`, timeoutMs);
    }
    return found;
  }

  /** Checks the inbox is the caller's (404 at once otherwise) and the time range makes sense. */
  private async prepare(tenantId: string, query: WaitQuery): Promise<{ filter: EmailFilter; timeoutMs: number }> {
    if (query.since && query.before && query.since.getTime() >= query.before.getTime()) {
      throw badRequest(`since (${query.since.toISOString()}) must be earlier than before (${query.before.toISOString()})`);
    }
    if (query.inboxId) await this.inboxes.get(tenantId, query.inboxId);
    const filter: EmailFilter = {
      inboxIds: query.inboxId ? [query.inboxId] : undefined,
      unreadOnly: query.unreadOnly || undefined,
      since: query.since,
      before: query.before,
    };
    return { filter, timeoutMs: effectiveTimeout(this.bus, query.timeout ?? DEFAULT_WAIT_TIMEOUT_MS) };
  }

  private wait<T>(tenantId: string, query: WaitQuery, timeoutMs: number, check: (arrived: EmailRecord[]) => Promise<T | undefined>) {
    const scope = { tenantId, inboxIds: query.inboxId ? [query.inboxId] : undefined };
    return waitForMail(this.bus, scope, timeoutMs, check, { signal: query.signal });
  }

  /**
   * The emails passing `matcher`, in `sort` order, read in batches; stops after `limit`.
   * Headers are loaded only for emails still in the running when a HEADERS match needs them.
   */
  private async scan(tenantId: string, filter: EmailFilter, sort: SortDirection, matcher: Matcher, limit?: number): Promise<EmailSummary[]> {
    const cheap = matcher.matches.filter((m) => m.field !== 'HEADERS');
    const onHeaders = matcher.matches.filter((m) => m.field === 'HEADERS');
    const matched: EmailSummary[] = [];
    for (let page = 0; ; page++) {
      const { items } = await this.emails.page(tenantId, filter, { page, size: SCAN_BATCH, sort });
      let batch: MatchableEmail[] = items.filter((e) => meetsPlainOptions(e, cheap, matcher.conditions));
      if (onHeaders.length > 0) {
        batch = (await this.withHeaders(tenantId, batch)).filter((e) => meetsPlainOptions(e, onHeaders, []));
      }
      const passing = matcher.regexes.length ? await this.passingRegexes(batch, matcher) : batch;
      for (const email of passing) {
        matched.push(email);
        if (limit !== undefined && matched.length >= limit) return matched;
      }
      if (items.length < SCAN_BATCH) return matched;
    }
  }

  private async withHeaders(tenantId: string, items: EmailSummary[]): Promise<MatchableEmail[]> {
    const full = await Promise.all(items.map((e) => this.emails.findById(tenantId, e.id)));
    return full.filter((e): e is EmailRecord => e !== undefined);
  }

  /** MATCH options run in the regex worker, so a pathological pattern costs only its own time limit. */
  private async passingRegexes(emails: MatchableEmail[], matcher: Matcher): Promise<MatchableEmail[]> {
    let remaining = emails;
    for (const { option, regex } of matcher.regexes) {
      if (remaining.length === 0) break;
      const inputsPer = remaining.map((e) => fieldValues(e, option.field));
      let results;
      try {
        results = await this.regex.exec(regex, inputsPer.flat(), { all: false, limit: 1 });
      } catch (err) {
        const why = err instanceof RegexTimeoutError ? `took longer than ${err.timeoutMs} ms and was stopped` : `could not be run: ${(err as Error).message}`;
        throw badRequest(`match value '${option.value}' (should MATCH) ${why}`);
      }
      let at = 0;
      remaining = remaining.filter((_, i) => {
        const mine = results.slice(at, (at += inputsPer[i]!.length));
        return mine.some((found) => found.length > 0);
      });
    }
    return remaining;
  }
}

/** Validates the options up front (a bad regex is 400 before any wait). */
function compileMatcher(options: MatchOptionsT): Matcher {
  const matches = options.matches ?? [];
  const regexes = matches
    .filter((m) => m.should === 'MATCH')
    .map((option) => {
      const re = javaRegex(option.value);
      // Java's String.matches: the whole value, whatever the m flag does to ^ and $.
      return { option, regex: new RegExp(`(?<![\\s\\S])(?:${re.source})(?![\\s\\S])`, re.flags) };
    });
  return { matches, conditions: options.conditions ?? [], regexes };
}

const where = (query: WaitQuery) => (query.inboxId ? `in inbox ${query.inboxId}` : 'in any of your inboxes');
