import { badRequest } from '../../../core/errors.js';
import type { SmsRecord } from '../../../storage/ports.js';
import type { EmailContentService } from '../../../modules/email/content.service.js';
import type { SmsMatch, SmsService } from '../../../modules/sms/sms.service.js';
import { dateArg, orUndefined, uuidArg } from '../args.js';
import { tenantOf } from '../context.js';
import type { FieldResolver, Maybe } from './types.js';
import { DEFAULT_WAIT_MS } from './wait.js';

interface SmsWaitArgs {
  phoneNumberId: string;
  timeout?: Maybe<number>;
  unreadOnly?: Maybe<boolean>;
  since?: Maybe<string>;
  before?: Maybe<string>;
  sortDirection?: Maybe<'ASC' | 'DESC'>;
}

interface SmsConditionsArgs extends SmsWaitArgs {
  count: number;
  countType?: Maybe<'EXACTLY' | 'ATLEAST'>;
  limit?: Maybe<number>;
  matches?: Maybe<SmsMatch[]>;
}

/** The SMS as the REST SmsDto names its fields (phoneNumber is the receiving number's id). */
export const graphqlSms = (m: SmsRecord) => ({
  id: m.id, userId: m.tenantId, phoneNumber: m.phoneId, fromNumber: m.fromNumber, toNumber: m.toNumber, body: m.body,
  read: m.read, favourite: m.favourite, createdAt: m.createdAt.toISOString(), updatedAt: m.updatedAt.toISOString(),
});

/** Longest a GraphQL count may ask for, as the REST waitForSms's WaitForSmsConditions allows. */
const MAX_COUNT = 1000;

/**
 * waitForLatestSms and waitForSms, next to the email waits, on the same SmsService calls as
 * REST's WaitForController: held until the SMS arrives (woken by sms.received, never polling)
 * or TIMEOUT; MATCH runs on the content service's time-limited regex worker as over REST.
 */
export function smsWaitResolvers(sms: SmsService, content: EmailContentService) {
  const common = (args: SmsWaitArgs) => {
    const timeout = args.timeout ?? DEFAULT_WAIT_MS;
    if (timeout < 0) throw badRequest(`timeout must be 0 or more milliseconds, got ${timeout}`);
    return {
      phoneNumberId: uuidArg('phoneNumberId', args.phoneNumberId), timeout, unreadOnly: orUndefined(args.unreadOnly),
      since: dateArg('since', args.since), before: dateArg('before', args.before), sortDirection: orUndefined(args.sortDirection),
    };
  };

  const waitForLatestSms: FieldResolver<SmsWaitArgs> = async (_root, args, context) =>
    graphqlSms(await sms.waitLatest(tenantOf(context), common(args)));

  const waitForSms: FieldResolver<SmsConditionsArgs> = async (_root, args, context) => {
    if (args.count < 1 || args.count > MAX_COUNT) throw badRequest(`count must be between 1 and ${MAX_COUNT}, got ${args.count}`);
    if (args.limit !== null && args.limit !== undefined && (args.limit < 1 || args.limit > MAX_COUNT)) {
      throw badRequest(`limit must be between 1 and ${MAX_COUNT}, got ${args.limit}`);
    }
    const found = await sms.waitMatching(tenantOf(context), {
      ...common(args), count: args.count, countType: orUndefined(args.countType), limit: orUndefined(args.limit), matches: orUndefined(args.matches),
    }, (pattern, texts) => content.regexTests(pattern, texts));
    return found.map(graphqlSms);
  };

  return { Query: { waitForLatestSms, waitForSms } };
}
