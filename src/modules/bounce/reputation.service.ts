import type { Clock } from '../../core/clock.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import { forbidden } from '../../core/errors.js';
import type { ReputationItemRecord, ReputationRepository, SenderFigures, Slice } from '../../storage/ports.js';
import type { SendGuard } from '../sending/sending.types.js';

/** The thresholds sending reputation is judged by (PIGEONHOLE_REPUTATION_* and PIGEONHOLE_MAX_*). */
export interface ReputationSettings {
  /** rates are over the tenant's last this many sent emails */
  windowSends: number;
  /** fewer sends than this in the window: no rate is judged (one bounce in two sends says little) */
  minSends: number;
  /** percent of sends with a permanent bounce above which sending is blocked */
  maxBounceRate: number;
  /** percent of sends with a complaint above which sending is blocked */
  maxComplaintRate: number;
  /** bounced emails since midnight UTC at which sending is blocked */
  maxDailyBounces: number;
  /** bounced emails in all at which sending is blocked */
  maxAccountBounces: number;
  /** refuse sends while the block status says blocked (PIGEONHOLE_BLOCK_SENDING); else it is reported only */
  enforceBlock?: boolean;
}

export const DEFAULT_REPUTATION_SETTINGS: ReputationSettings = {
  windowSends: 1000, minSends: 100, maxBounceRate: 5, maxComplaintRate: 0.1, maxDailyBounces: 1000, maxAccountBounces: 100_000,
};

export interface RateJudgement {
  sender: SenderFigures;
  /** null below minSends */
  bounceRate: number | null;
  complaintRate: number | null;
  status: 'HEALTHY' | 'WARNING' | 'BLOCKED' | null;
  findings: Finding[];
}

export interface Finding {
  type: 'BOUNCE_RATE' | 'COMPLAINT_RATE' | 'DAILY_BOUNCES' | 'ACCOUNT_BOUNCES';
  impact: 'HIGH' | 'LOW';
  /** the sending address, or the tenant's account for the count findings */
  subject: string;
  description: string;
}

export interface BlockStatus {
  isSendingBlocked: boolean;
  bounceCount: number;
  bounceCountToday: number;
  maximumDailyBounces: number;
  maximumAccountBounces: number;
  /** why it is blocked, each naming its threshold */
  reasons: string[];
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/**
 * Sending reputation from the tenant's own records: bounce and complaint rates per sending
 * inbox over its last N sends, and the account's block status. Every figure is counted from
 * bounced emails, complaints and sent emails; a rate over too few sends is null, not a guess.
 */
export class ReputationService {
  constructor(
    private readonly reputation: ReputationRepository,
    private readonly clock: Clock,
    readonly settings: ReputationSettings = DEFAULT_REPUTATION_SETTINGS,
  ) {}

  /** the time figures are computed at */
  now(): Date {
    return this.clock.now();
  }

  async items(tenantId: string, input: { page?: number; size?: number; sort?: SortDirection; since?: Date; before?: Date }): Promise<{ slice: Slice<ReputationItemRecord>; request: PageRequest }> {
    const request = pageRequest(input);
    return { slice: await this.reputation.pageItems(tenantId, { since: input.since, before: input.before }, request), request };
  }

  /** Each sending inbox of the window, judged against the rate thresholds. */
  async judgeSenders(tenantId: string): Promise<RateJudgement[]> {
    const figures = await this.reputation.senderFigures(tenantId, this.settings.windowSends);
    return figures.map((sender) => this.judge(sender, sender.fromAddress));
  }

  /** Sends per inbox in the last hour. */
  sendsLastHour(tenantId: string): Promise<Map<string, number>> {
    return this.reputation.sendsSince(tenantId, new Date(this.clock.now().getTime() - 3_600_000));
  }

  policy(): string {
    const s = this.settings;
    return `blocked above ${s.maxBounceRate}% permanent bounces or ${s.maxComplaintRate}% complaints of the last ${s.windowSends} sends `
      + `(judged from ${s.minSends} sends), or at ${s.maxDailyBounces} bounces a day or ${s.maxAccountBounces} in all`;
  }

  /**
   * With PIGEONHOLE_BLOCK_SENDING, a send while the account's block status says blocked is
   * refused with a 403 naming each threshold passed. Off by default: a test suite that makes
   * bounces on purpose would otherwise lock itself out of sending.
   */
  readonly sendGuard: SendGuard = {
    name: 'sending block',
    check: async (inbox, recipients) => {
      if (!this.settings.enforceBlock) return recipients;
      const status = await this.blockStatus(inbox.tenantId);
      if (status.isSendingBlocked) throw forbidden(`Sending is blocked for this account (PIGEONHOLE_BLOCK_SENDING): ${status.reasons.join('; ')}`);
      return recipients;
    },
  };

  async blockStatus(tenantId: string): Promise<BlockStatus> {
    const now = this.clock.now();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [counts, senders] = await Promise.all([this.reputation.bounceCounts(tenantId, midnight), this.reputation.senderFigures(tenantId, this.settings.windowSends)]);
    const reasons = this.countFindings(counts).filter((f) => f.impact === 'HIGH').map((f) => f.description);
    // The account as a whole over the window: all its inboxes' sends together.
    const total = senders.reduce((sum, s) => ({
      ...sum, sends: sum.sends + s.sends, hardBounces: sum.hardBounces + s.hardBounces, complaints: sum.complaints + s.complaints,
    }), { inboxId: '', fromAddress: '', sends: 0, hardBounces: 0, complaints: 0, lastSentAt: now });
    reasons.push(...this.judge(total, 'the account').findings.filter((f) => f.impact === 'HIGH').map((f) => f.description));
    return {
      isSendingBlocked: reasons.length > 0,
      bounceCount: counts.total,
      bounceCountToday: counts.since,
      maximumDailyBounces: this.settings.maxDailyBounces,
      maximumAccountBounces: this.settings.maxAccountBounces,
      reasons,
    };
  }

  /** The findings of the account's bounce counts. */
  countFindings(counts: { total: number; since: number }): Finding[] {
    const s = this.settings;
    const findings: Finding[] = [];
    const count = (type: Finding['type'], value: number, limit: number, what: string, setting: string) => {
      if (value >= limit) findings.push({ type, impact: 'HIGH', subject: 'the account', description: `${value} ${what}: at ${limit} (${setting}) sending is blocked` });
      else if (value >= limit / 2) findings.push({ type, impact: 'LOW', subject: 'the account', description: `${value} ${what}, over half of ${limit} (${setting}) at which sending is blocked` });
    };
    count('DAILY_BOUNCES', counts.since, s.maxDailyBounces, 'bounced emails today (UTC)', 'PIGEONHOLE_MAX_DAILY_BOUNCES');
    count('ACCOUNT_BOUNCES', counts.total, s.maxAccountBounces, 'bounced emails in all', 'PIGEONHOLE_MAX_ACCOUNT_BOUNCES');
    return findings;
  }

  private judge(sender: SenderFigures, subject: string): RateJudgement {
    const s = this.settings;
    if (sender.sends < s.minSends || sender.sends === 0) return { sender, bounceRate: null, complaintRate: null, status: null, findings: [] };
    const bounceRate = sender.hardBounces / sender.sends;
    const complaintRate = sender.complaints / sender.sends;
    const findings: Finding[] = [];
    const rate = (type: Finding['type'], value: number, limitPercent: number, what: string, setting: string) => {
      const limit = limitPercent / 100;
      const of = `${percent(value)} of the last ${sender.sends} sends from ${subject} ${what}`;
      if (value > limit) findings.push({ type, impact: 'HIGH', subject, description: `${of}: above ${limitPercent}% (${setting}) sending is blocked` });
      else if (value > limit / 2) findings.push({ type, impact: 'LOW', subject, description: `${of}, over half of ${limitPercent}% (${setting}) above which sending is blocked` });
    };
    rate('BOUNCE_RATE', bounceRate, s.maxBounceRate, 'bounced permanently', 'PIGEONHOLE_MAX_BOUNCE_RATE');
    rate('COMPLAINT_RATE', complaintRate, s.maxComplaintRate, 'drew a complaint', 'PIGEONHOLE_MAX_COMPLAINT_RATE');
    const status = findings.some((f) => f.impact === 'HIGH') ? 'BLOCKED' : findings.length ? 'WARNING' : 'HEALTHY';
    return { sender, bounceRate, complaintRate, status, findings };
  }
}
