import { badRequest } from '../../../core/errors.js';
import { MAX_PAGE_SIZE } from '../../../core/paging.js';
import type { WaitForService } from '../../../modules/waitfor/waitfor.service.js';
import type { MatchOptionsT } from '../../../modules/waitfor/waitfor.schemas.js';
import { orUndefined, uuidArg } from '../args.js';
import { tenantOf, type GraphqlContext } from '../context.js';
import { graphqlEmail, graphqlEmailPreview } from './email-views.js';
import type { FieldResolver, Maybe } from './types.js';

/** How long a waitFor query holds when it gives no timeout. */
export const DEFAULT_WAIT_MS = 60_000;

interface WaitArgs {
  inboxId: string;
  timeout?: Maybe<number>;
  unreadOnly?: Maybe<boolean>;
}

/** The REST API's MatchOptions, as GraphQL input (the schema's enums restrict field/should). */
interface MatchArgs {
  matchOptions: { matches?: Maybe<MatchOptionsT['matches']>; conditions?: Maybe<MatchOptionsT['conditions']> };
}

/**
 * The waitFor queries (spec §4.10, behaviour §4.11) on the same WaitForService as REST's
 * WaitForController: answer at once when the inbox already satisfies the request, otherwise
 * hold until mail for the inbox satisfies it (woken by events, never polling) or TIMEOUT.
 */
export function waitResolvers(waitFor: WaitForService) {
  const query = (context: GraphqlContext, args: WaitArgs) => ({
    tenantId: tenantOf(context),
    wait: { inboxId: uuidArg('inboxId', args.inboxId), timeout: timeoutOf(args.timeout), unreadOnly: orUndefined(args.unreadOnly) },
  });
  const matchOptions = (args: MatchArgs): MatchOptionsT => ({
    matches: args.matchOptions.matches ?? undefined,
    conditions: args.matchOptions.conditions ?? undefined,
  });

  const waitForLatestEmail: FieldResolver<WaitArgs> = async (_root, args, context) => {
    const { tenantId, wait } = query(context, args);
    return graphqlEmail(await waitFor.latest(tenantId, wait));
  };

  const waitForNthEmail: FieldResolver<WaitArgs & { index: number }> = async (_root, args, context) => {
    if (args.index < 0) throw badRequest(`index must be 0 or more, got ${args.index}`);
    const { tenantId, wait } = query(context, args);
    return graphqlEmail(await waitFor.nth(tenantId, { ...wait, index: args.index }));
  };

  const waitForEmailCount: FieldResolver<WaitArgs & { count: number }> = async (_root, args, context) => {
    const { tenantId, wait } = query(context, args);
    return (await waitFor.count(tenantId, { ...wait, count: countOf(args.count) })).map(graphqlEmailPreview);
  };

  const waitForMatchingEmails: FieldResolver<WaitArgs & MatchArgs & { count: number }> = async (_root, args, context) => {
    const { tenantId, wait } = query(context, args);
    return (await waitFor.matching(tenantId, { ...wait, count: countOf(args.count) }, matchOptions(args))).map(graphqlEmailPreview);
  };

  const waitForMatchingFirstEmail: FieldResolver<WaitArgs & MatchArgs> = async (_root, args, context) => {
    const { tenantId, wait } = query(context, args);
    return graphqlEmail(await waitFor.firstMatching(tenantId, wait, matchOptions(args)));
  };

  return { Query: { waitForLatestEmail, waitForNthEmail, waitForEmailCount, waitForMatchingEmails, waitForMatchingFirstEmail } };
}

function timeoutOf(timeout: Maybe<number>): number {
  if (timeout === null || timeout === undefined) return DEFAULT_WAIT_MS;
  if (timeout < 0) throw badRequest(`timeout must be 0 or more milliseconds, got ${timeout}`);
  // Longer waits are cut to the server's limit by the waiter, as every REST wait is.
  return timeout;
}

/** count must fit one page: the answer lists that many emails. */
function countOf(count: number): number {
  if (count < 1 || count > MAX_PAGE_SIZE) throw badRequest(`count must be between 1 and ${MAX_PAGE_SIZE}, got ${count}`);
  return count;
}
