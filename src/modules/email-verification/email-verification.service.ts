import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { EmailValidationRecord, EmailValidationRepository, Slice } from '../../storage/ports.js';
import { isParsed, parseMailbox } from './address-syntax.js';
import { ConcurrencyLimit } from './concurrency-limit.js';
import type { MailboxProbe, SmtpVerifier } from './smtp-verifier.js';

/** Results younger than this are reused by validateEmailAddressList unless ignoreOldResults. */
export const REUSE_WINDOW_MS = 24 * 3600 * 1000;
/** Addresses of one call checked at once (their SMTP dialogues also share the server-wide limit). */
const ADDRESSES_AT_ONCE = 8;

export interface VerifyInput {
  emailAddress: string;
  mailServerDomain?: string | null;
  senderEmailAddress?: string | null;
  port?: number | null;
}

export interface VerifyOutcome {
  domainName: string;
  port: number;
  emailAddress: string;
  isValid: boolean;
  error: string | null;
}

export interface ListInput {
  page?: number;
  size?: number;
  sort?: SortDirection;
  searchFilter?: string;
  since?: Date;
  before?: Date;
  isValid?: boolean;
}

/** The last check an address reached: its syntax, DNS (no mail host to ask), or an SMTP dialogue. */
export function checkedByOf(probe: MailboxProbe): 'SYNTAX' | 'DNS' | 'SMTP' {
  if (probe.domain === '') return 'SYNTAX';
  return probe.transcript.length > 0 ? 'SMTP' : 'DNS';
}

/**
 * EmailVerificationController's stored validations and MailServerController's verifyEmailAddress:
 * an address is valid only when a mail host of its domain accepted it in RCPT TO.
 */
export class EmailVerificationService {
  constructor(
    private readonly repo: EmailValidationRepository,
    readonly verifier: SmtpVerifier,
    private readonly clock: Clock,
  ) {}

  /** MailServerController verifyEmailAddress: one dialogue, nothing stored. */
  async verify(input: VerifyInput, signal?: AbortSignal): Promise<VerifyOutcome> {
    let from: string | null = null;
    if (input.senderEmailAddress?.trim()) {
      const parsed = parseMailbox(input.senderEmailAddress);
      if (!isParsed(parsed)) throw badRequest(`senderEmailAddress is not an email address: ${parsed.error}`);
      from = parsed.address;
    }
    const server = input.mailServerDomain?.trim();
    if (server && !/^[a-z0-9_](?:[a-z0-9_.-]{0,253})\.?$/i.test(server)) throw badRequest(`mailServerDomain "${server}" is not a domain name`);
    const probe = await this.verifier.probeMailbox(input.emailAddress, { mailServerDomain: server || null, port: input.port, from, signal });
    return { domainName: probe.domain, port: probe.port, emailAddress: probe.emailAddress, isValid: probe.verdict === 'DELIVERABLE', error: probe.error };
  }

  /**
   * Checks each address (syntax, MX, SMTP), stores one result per address of the call and
   * answers the verdicts keyed by the addresses as given. A result of the last 24 hours is
   * reused (not stored again) unless `ignoreOldResults`.
   */
  async validateList(tenantId: string, addresses: string[], ignoreOldResults: boolean, signal?: AbortSignal) {
    const given = [...new Set(addresses.map((a) => a.trim()).filter(Boolean))];
    if (given.length === 0) throw badRequest('emailAddressList holds no address');
    const now = this.clock.now();
    const reused = ignoreOldResults ? new Map<string, EmailValidationRecord>()
      : await this.repo.latestSince(tenantId, given, new Date(now.getTime() - REUSE_WINDOW_MS));
    const perCall = new ConcurrencyLimit(ADDRESSES_AT_ONCE);
    const verdicts = new Map<string, boolean>();
    const fresh: EmailValidationRecord[] = [];
    const batchId = newId();
    await Promise.all(given.map(async (address) => {
      const old = reused.get(address.toLowerCase());
      if (old) {
        verdicts.set(address, old.isValid);
        return;
      }
      const probe = await perCall.run(() => this.verifier.probeMailbox(address, { signal }), signal);
      const isValid = probe.verdict === 'DELIVERABLE';
      verdicts.set(address, isValid);
      fresh.push({
        id: newId(), tenantId, batchId, emailAddress: address, isValid, checkedBy: checkedByOf(probe), verdict: probe.verdict,
        reason: probe.error, mailHost: probe.host, rcptCode: probe.rcptCode, createdAt: now, updatedAt: now,
      });
    }));
    // stored in the order given, so a page of one call reads as it was asked
    fresh.sort((a, b) => given.indexOf(a.emailAddress) - given.indexOf(b.emailAddress));
    await this.repo.insertMany(fresh);
    const map: Record<string, boolean> = {};
    for (const address of given) map[address] = verdicts.get(address)!;
    return {
      validEmailAddresses: given.filter((a) => map[a]),
      invalidEmailAddresses: given.filter((a) => !map[a]),
      resultMapEmailAddressIsValid: map,
    };
  }

  /** Newest first unless sort=ASC. */
  async page(tenantId: string, input: ListInput): Promise<{ slice: Slice<EmailValidationRecord>; request: PageRequest }> {
    const request = pageRequest(input, { sort: 'DESC' });
    const filter = { since: input.since, before: input.before, isValid: input.isValid, search: input.searchFilter?.trim() || undefined };
    return { slice: await this.repo.page(tenantId, filter, request), request };
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.repo.delete(tenantId, id))) throw notFound(`No email validation request ${id}`);
  }

  async deleteAll(tenantId: string): Promise<void> {
    await this.repo.deleteAll(tenantId);
  }
}
