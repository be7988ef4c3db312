import { randomBytes } from 'node:crypto';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { EmailRepository, InboxPlacementRepository, PlacementTargetRecord, PlacementTestRecord, PlacementTestSource } from '../../storage/ports.js';
import type { InboxService } from '../inbox/inbox.service.js';
import type { SpamScoreService } from '../spam/spam-score.service.js';
import { evidenceOf, latencyOf } from './placement-evidence.js';

/** The tag of the inboxes a test makes for its seeds. */
export const SEED_TAG = 'inbox-placement-seed';
/** Seeds per test: every seed is an inbox of this server, so more would only repeat the same verdict path. */
export const SEEDS_PER_TEST = 3;
/** How long a test waits for mail to its seeds; a seed still empty then is NOT_RECEIVED. */
export const TEST_LIFETIME_MS = 60 * 60 * 1000;
/** Most tests a list or an analytics answer reads. */
export const MAX_LISTED = 500;

export interface CreatePlacementInput {
  requestedSegment: string;
  addressFormat: string;
  seedlistProfile?: string | null;
  senderDomain?: string | null;
  fromEmail?: string | null;
  publicShareRequested?: boolean;
}

export type TestState = 'WAITING_FOR_EMAIL' | 'IN_PROGRESS' | 'COMPLETED';

/** A seed's outcome as the client's results name it. */
export function targetStatus(test: PlacementTestRecord, target: PlacementTargetRecord): 'RECEIVED' | 'WAITING' | 'NOT_RECEIVED' {
  if (target.emailId) return 'RECEIVED';
  return test.completedAt ? 'NOT_RECEIVED' : 'WAITING';
}

export function testState(test: PlacementTestRecord): TestState {
  if (test.completedAt) return 'COMPLETED';
  return test.firstMatchAt ? 'IN_PROGRESS' : 'WAITING_FOR_EMAIL';
}

/**
 * Inbox placement tests: a test makes seed inboxes on this server and a tracking token; the user
 * sends their message to the seeds; each seed's first message is its result, judged INBOX or SPAM
 * by SpamAssassin (modules/spam) against PIGEONHOLE_SPAM_THRESHOLD, with the latency from its Date
 * header and its SPF/DKIM/DMARC verdicts as evidence. Nothing is polled in the background: the
 * seeds' mail is stored durably by ingest, and a test is brought up to date (and saved) whenever
 * it is read, so a restart loses nothing. The seeds are this server's inboxes, never Gmail or
 * Outlook: the provider is reported as this server, and no remote test exists (remote* null).
 */
export class InboxPlacementService {
  constructor(
    private readonly tests: InboxPlacementRepository,
    private readonly inboxes: InboxService,
    private readonly emails: EmailRepository,
    private readonly spamScores: SpamScoreService,
    private readonly clock: Clock,
    /** the mail domain, reported as the seeds' provider */
    readonly provider: string,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  async create(tenantId: string, source: PlacementTestSource, input: CreatePlacementInput): Promise<PlacementTestRecord> {
    const fromEmail = input.fromEmail?.trim() || null;
    if (fromEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(fromEmail)) throw badRequest(`fromEmail '${fromEmail}' is not an email address`);
    const senderDomain = input.senderDomain?.trim().toLowerCase() || fromEmail?.split('@')[1]?.toLowerCase() || null;
    if (senderDomain && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(senderDomain)) throw badRequest(`senderDomain '${senderDomain}' is not a domain name`);
    const now = this.clock.now();
    const id = newId();
    const targets: PlacementTargetRecord[] = [];
    for (let i = 1; i <= SEEDS_PER_TEST; i++) {
      const inbox = await this.inboxes.create(tenantId, { name: `Inbox placement seed ${i} of test ${id}`, tags: [SEED_TAG] });
      targets.push({
        seedAccountId: i, seedAddress: inbox.emailAddress, inboxId: inbox.id, emailId: null, receivedAt: null, latencyMs: null,
        verdict: null, spamScore: null, spamThreshold: null, spamRules: {}, spamUnavailable: null, evidence: {},
      });
    }
    return this.tests.insert({
      id, tenantId, source, requestedSegment: input.requestedSegment, seedlistProfile: input.seedlistProfile?.trim() || 'LOCAL_SEEDS',
      addressFormat: input.addressFormat, senderDomain, fromEmail, trackingToken: `ph-${randomBytes(6).toString('hex')}`,
      shareToken: input.publicShareRequested ? randomBytes(32).toString('base64url') : null, targets,
      submittedAt: null, firstMatchAt: null, completedAt: null, expiresAt: new Date(now.getTime() + TEST_LIFETIME_MS), lastEventAt: null,
      createdAt: now, updatedAt: now,
    });
  }

  /** A test of the tenant, brought up to date. */
  async get(tenantId: string, id: string, source: PlacementTestSource): Promise<PlacementTestRecord> {
    const test = await this.tests.get(tenantId, id);
    if (!test || test.source !== source) throw notFound(`No ${source === 'API' ? 'inbox placement test' : 'spam test'} ${id}`);
    return this.refresh(test);
  }

  async byShareToken(token: string): Promise<PlacementTestRecord> {
    const test = await this.tests.byShareToken(token);
    if (!test) throw notFound('No inbox placement test is shared with this token');
    return this.refresh(test);
  }

  async list(tenantId: string, source: PlacementTestSource, filter: { since?: Date; before?: Date; limit?: number } = {}): Promise<PlacementTestRecord[]> {
    const tests = await this.tests.list(tenantId, { source, since: filter.since, before: filter.before, limit: filter.limit ?? MAX_LISTED });
    return Promise.all(tests.map((t) => this.refresh(t)));
  }

  /** submitPublicSpamTest: the sender says the message is on its way. */
  async submit(tenantId: string, id: string): Promise<PlacementTestRecord> {
    const test = await this.get(tenantId, id, 'PUBLIC_SPAM_TEST');
    if (!test.submittedAt) {
      test.submittedAt = this.clock.now();
      test.updatedAt = test.submittedAt;
      await this.tests.update(test);
    }
    return test;
  }

  /**
   * Takes in what the seeds received since the test was made, judges it, and closes the test
   * once every seed has its message or the test's time is up. Saved only when something changed.
   */
  private async refresh(test: PlacementTestRecord): Promise<PlacementTestRecord> {
    if (test.completedAt) return test;
    const now = this.clock.now();
    let changed = false;
    for (const target of test.targets) {
      if (!target.emailId) changed = (await this.takeFirstEmail(test, target)) || changed;
      if (target.emailId && target.verdict === null && target.spamUnavailable === null) changed = (await this.judge(test, target)) || changed;
    }
    const received = test.targets.filter((t) => t.emailId);
    if (received.length > 0 && !test.firstMatchAt) {
      test.firstMatchAt = new Date(Math.min(...received.map((t) => t.receivedAt!.getTime())));
      changed = true;
    }
    const allJudged = received.every((t) => t.verdict !== null || t.spamUnavailable !== null);
    if ((received.length === test.targets.length && allJudged) || now >= test.expiresAt) {
      test.completedAt = received.length === test.targets.length ? now : test.expiresAt;
      changed = true;
    }
    if (changed) {
      test.updatedAt = now;
      await this.tests.update(test);
    }
    return test;
  }

  private async takeFirstEmail(test: PlacementTestRecord, target: PlacementTargetRecord): Promise<boolean> {
    const [first] = await this.emails.list(test.tenantId, { inboxIds: [target.inboxId] }, 'ASC', 1);
    if (!first) return false;
    const email = await this.emails.findById(test.tenantId, first.id);
    if (!email) return false;
    target.emailId = email.id;
    target.receivedAt = email.createdAt;
    target.latencyMs = latencyOf(email);
    target.evidence = evidenceOf(email, test.trackingToken);
    test.lastEventAt = email.createdAt;
    return true;
  }

  /** INBOX or SPAM by spamd's score; when spamd cannot be asked, no verdict and the reason kept. */
  private async judge(test: PlacementTestRecord, target: PlacementTargetRecord): Promise<boolean> {
    try {
      const score = await this.spamScores.scoreOf(test.tenantId, target.emailId!);
      target.spamScore = score.score;
      target.spamThreshold = score.threshold;
      target.spamRules = Object.fromEntries(score.rules.filter((r) => r.score > 0).map((r) => [r.name, r.score]));
      target.verdict = score.spam ? 'SPAM' : 'INBOX';
    } catch (err) {
      if (!(err instanceof AppError) || (err.code !== 'UNAVAILABLE' && err.code !== 'TOO_LARGE' && err.code !== 'NOT_FOUND')) throw err;
      target.spamUnavailable = err.message;
    }
    return true;
  }
}
