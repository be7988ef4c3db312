import { AppError, notFound, tooLarge, unavailable } from '../../core/errors.js';
import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type {
  ClaimedAutomationJob, EmailRecord, EmailRepository, InboxRecord, NewAutomationJob, SpamEmailRepository, SpamScoreRecord, SpamScoreRepository,
} from '../../storage/ports.js';
import type { FollowUpPlanner } from '../email/ingest.service.js';
import { SpamdProtocolError } from './spamd-protocol.js';
import { SpamdUnreachable, type SpamdClient } from './spamd-client.js';
import type { SpamdSource } from './spamd-supervisor.js';

/** The automation job kind of the inbound check (PIGEONHOLE_SPAM_CHECK_INBOUND). */
export const SPAM_SCORE_JOB = 'spam-score';

/** spamc's own default: spamd is not asked about larger messages (it would take long on them and rules are written for mail this size). */
export const MAX_SCORED_BYTES = 500 * 1024;

export interface SpamScoreSettings {
  /** at or over this score an email is recorded as spam */
  threshold: number;
  /** score every received message (a job after its store) */
  checkInbound: boolean;
  /** how long a score waits for a spamd that is starting (the spamd time limit) */
  waitForSpamdMs: number;
}

/**
 * Spam scores of received emails by SpamAssassin's spamd: on request (the dashboard's
 * getEmailSpamScore) and, with PIGEONHOLE_SPAM_CHECK_INBOUND, as a job after each message is
 * stored, so the SMTP reply never waits on spamd. The latest check of each email is kept; a
 * score at or over the threshold also records the email in spam_emails (getAllSpamEmails).
 */
export class SpamScoreService {
  constructor(
    private readonly scores: SpamScoreRepository,
    private readonly spamEmails: SpamEmailRepository,
    private readonly emails: EmailRepository,
    private readonly spamd: SpamdSource,
    private readonly client: SpamdClient,
    private readonly clock: Clock,
    private readonly settings: SpamScoreSettings,
  ) {}

  /** The stored score of the email, or one measured now when none is (or `recheck`). */
  async scoreOf(tenantId: string, emailId: string, options: { recheck?: boolean } = {}): Promise<SpamScoreRecord> {
    const email = await this.emails.findById(tenantId, emailId);
    if (!email) throw notFound(`No email ${emailId}`);
    if (!options.recheck) {
      const stored = await this.scores.find(tenantId, emailId);
      if (stored) return stored;
    }
    return this.measure(email);
  }

  private async measure(email: EmailRecord): Promise<SpamScoreRecord> {
    const raw = await this.emails.raw(email.tenantId, email.id);
    if (!raw) throw notFound(`No email ${email.id}`);
    if (raw.length > MAX_SCORED_BYTES) {
      throw tooLarge(`Email ${email.id} is ${raw.length} bytes; spam scores are given for messages up to ${MAX_SCORED_BYTES} bytes (spamc's limit)`);
    }
    // spamd starting (first use, or after it died) is waited for within the request's time limit
    const state = await this.spamd.whenReady(this.settings.waitForSpamdMs);
    if (state.kind !== 'ready') throw unavailable(`Spam scores are unavailable: ${state.reason}`);
    let verdict;
    try {
      verdict = await this.client.report(state.address, raw);
    } catch (err) {
      if (err instanceof SpamdUnreachable || err instanceof SpamdProtocolError) throw unavailable(`Spam scores are unavailable: ${err.message}`);
      throw err;
    }
    const record: SpamScoreRecord = {
      emailId: email.id, tenantId: email.tenantId, inboxId: email.inboxId, score: verdict.score, requiredScore: verdict.requiredScore,
      threshold: this.settings.threshold, spam: verdict.score >= this.settings.threshold, rules: verdict.rules, checkedAt: this.clock.now(),
    };
    await this.scores.save(record);
    if (record.spam) {
      await this.spamEmails.create({
        id: email.id, tenantId: email.tenantId, inboxId: email.inboxId, from: email.from,
        to: email.recipients.to[0]?.emailAddress ?? '', subject: email.subject, createdAt: record.checkedAt,
      });
    }
    return record;
  }

  /** Plans the inbound check of each stored copy (a job in the ingest transaction, run after the commit). */
  readonly planner: FollowUpPlanner = {
    name: SPAM_SCORE_JOB,
    plan: async (_message, email: EmailRecord, _inbox: InboxRecord): Promise<NewAutomationJob[]> => {
      if (!this.settings.checkInbound) return [];
      const state = this.spamd.state();
      // spamd absent or off for good: no job that could only fail
      if (state.kind === 'unavailable' && state.permanent) return [];
      return [{
        id: newId(), tenantId: email.tenantId, kind: SPAM_SCORE_JOB, subjectId: null, inboxId: email.inboxId, emailId: email.id,
        payload: null, nextAttemptAt: email.createdAt, createdAt: email.createdAt,
      }];
    },
  };

  /** Runs an inbound check; spamd still starting or busy is an UNAVAILABLE, which the job worker retries. */
  async runJob(job: ClaimedAutomationJob): Promise<Record<string, unknown>> {
    const email = job.emailId ? await this.emails.findById(job.tenantId, job.emailId) : undefined;
    if (!email) throw notFound(`No email ${job.emailId}: deleted before it was scored`);
    try {
      const record = await this.measure(email);
      return { score: record.score, spam: record.spam };
    } catch (err) {
      // a message over the size limit is never scored: done, with nothing measured
      if (err instanceof AppError && err.code === 'TOO_LARGE') return { skipped: err.message };
      throw err;
    }
  }
}
