import { badRequest } from '../../../core/errors.js';
import { MAX_PAGE_SIZE } from '../../../core/paging.js';
import type { EventBus } from '../../../events/bus.js';
import type { EmailService } from '../../../modules/email/email.service.js';
import type { RegexRunner } from '../../../modules/email/regex-runner.js';
import { MAX_WAIT_MS, timeoutError, waitForMail } from '../../../modules/email/wait.js';
import type { InboxService } from '../../../modules/inbox/inbox.service.js';
import type { EmailFilter, EmailSummary } from '../../../storage/ports.js';
import { orUndefined, uuidArg } from '../args.js';
import { tenantOf, type GraphqlContext } from '../context.js';
import { graphqlEmail, graphqlEmailPreview } from './email-views.js';
import { EmailMatcher, type MatchOptionsInput } from './match.js';
import type { FieldResolver, Maybe } from './types.js';

/** How long a waitFor query holds when it gives no timeout. */
export const DEFAULT_WAIT_MS = 60_000;

interface WaitArgs {
  inboxId: string;
  timeout?: Maybe<number>;
  unreadOnly?: Maybe<boolean>;
}

/**
 * The waitFor queries (spec §4.10, behaviour §4.11): answer at once when the inbox already
 * satisfies the request, otherwise hold until mail arriving for the inbox satisfies it
 * (waitForMail re-checks on each arrival, never by polling) or answer TIMEOUT.
 *
 * They call EmailService and waitForMail directly. The REST WaitForController's service is
 * the natural home of these checks; once it exists these resolvers should call it instead.
 */
export function waitResolvers(emails: EmailService, inboxes: InboxService, bus: EventBus, regexRunner: RegexRunner) {
  /** Validates the common arguments and the inbox (another tenant's is NOT_FOUND), then waits. */
  async function hold<T>(context: GraphqlContext, args: WaitArgs, check: (tenantId: string, filter: EmailFilter) => Promise<T | undefined>, onTimeout: string): Promise<T> {
    const tenantId = tenantOf(context);
    const inboxId = uuidArg('inboxId', args.inboxId);
    const timeout = timeoutOf(args.timeout);
    await inboxes.get(tenantId, inboxId);
    const filter: EmailFilter = { inboxIds: [inboxId], unreadOnly: orUndefined(args.unreadOnly) };
    const found = await waitForMail(bus, { tenantId, inboxIds: [inboxId] }, timeout, () => check(tenantId, filter));
    if (found === undefined) throw timeoutError(`${onTimeout} in inbox ${inboxId}`, timeout);
    return found;
  }

  /** Emails of the filter, oldest first, one page after another (an inbox may hold more than a page). */
  async function* all(tenantId: string, filter: EmailFilter): AsyncGenerator<EmailSummary[]> {
    for (let page = 0; ; page++) {
      const { slice } = await emails.page(tenantId, filter, { page, size: MAX_PAGE_SIZE, sort: 'ASC' });
      if (slice.items.length) yield slice.items;
      if ((page + 1) * MAX_PAGE_SIZE >= slice.total) return;
    }
  }

  async function matching(tenantId: string, filter: EmailFilter, matcher: EmailMatcher, firstOnly: boolean): Promise<EmailSummary[]> {
    const found: EmailSummary[] = [];
    for await (const batch of all(tenantId, filter)) {
      const candidates = matcher.needsHeaders ? await Promise.all(batch.map((e) => emails.find(tenantId, e.id))) : batch;
      found.push(...(await matcher.filter(candidates)));
      if (firstOnly && found.length > 0) break;
    }
    return found;
  }

  const waitForLatestEmail: FieldResolver<WaitArgs> = async (_root, args, context) => {
    const latest = await hold(context, args, async (tenantId, filter) => {
      const { slice } = await emails.page(tenantId, filter, { page: 0, size: 1, sort: 'DESC' });
      return slice.items[0];
    }, args.unreadOnly ? 'No unread email arrived' : 'No email arrived');
    // Fetching it marks it read, as the REST waitForLatestEmail does.
    return graphqlEmail(await emails.get(tenantOf(context), latest.id));
  };

  const waitForNthEmail: FieldResolver<WaitArgs & { index: number }> = async (_root, args, context) => {
    if (args.index < 0) throw badRequest(`index must be 0 or more, got ${args.index}`);
    const nth = await hold(context, args, async (tenantId, filter) => {
      const { slice } = await emails.page(tenantId, filter, { page: args.index, size: 1, sort: 'ASC' });
      return slice.items[0];
    }, `No email at index ${args.index} arrived`);
    return graphqlEmail(await emails.get(tenantOf(context), nth.id));
  };

  const waitForEmailCount: FieldResolver<WaitArgs & { count: number }> = async (_root, args, context) => {
    const count = countOf(args.count);
    const list = await hold(context, args, async (tenantId, filter) => {
      const { slice } = await emails.page(tenantId, filter, { page: 0, size: count, sort: 'ASC' });
      return slice.items.length >= count ? slice.items : undefined;
    }, `Fewer than ${count} emails arrived`);
    return list.map(graphqlEmailPreview);
  };

  const waitForMatchingEmails: FieldResolver<WaitArgs & { count: number; matchOptions: MatchOptionsInput }> = async (_root, args, context) => {
    const count = countOf(args.count);
    const matcher = new EmailMatcher(args.matchOptions, regexRunner);
    const list = await hold(context, args, async (tenantId, filter) => {
      const found = await matching(tenantId, filter, matcher, false);
      return found.length >= count ? found : undefined;
    }, `Fewer than ${count} matching emails arrived`);
    return list.map(graphqlEmailPreview);
  };

  const waitForMatchingFirstEmail: FieldResolver<WaitArgs & { matchOptions: MatchOptionsInput }> = async (_root, args, context) => {
    const matcher = new EmailMatcher(args.matchOptions, regexRunner);
    const first = await hold(context, args, async (tenantId, filter) => (await matching(tenantId, filter, matcher, true))[0], 'No matching email arrived');
    return graphqlEmail(await emails.get(tenantOf(context), first.id));
  };

  return { Query: { waitForLatestEmail, waitForNthEmail, waitForEmailCount, waitForMatchingEmails, waitForMatchingFirstEmail } };
}

function timeoutOf(timeout: Maybe<number>): number {
  if (timeout === null || timeout === undefined) return DEFAULT_WAIT_MS;
  if (timeout < 0) throw badRequest(`timeout must be 0 or more milliseconds, got ${timeout}`);
  // Longer waits are cut to the server's limit, as every REST wait is.
  return Math.min(timeout, MAX_WAIT_MS);
}

/** count must fit one page: the answer lists that many emails. */
function countOf(count: number): number {
  if (count < 1 || count > MAX_PAGE_SIZE) throw badRequest(`count must be between 1 and ${MAX_PAGE_SIZE}, got ${count}`);
  return count;
}
