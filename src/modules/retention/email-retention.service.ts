import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Clock } from '../../core/clock.js';
import type { EmailRetentionPolicyRecord, EmailRetentionRepository } from '../../storage/ports.js';

/** The server's limits (settings); 0 = none of that kind. */
export interface EmailRetentionSettings {
  maxEmailsPerInbox: number;
  maxEmailsPerAccount: number;
  /** milliseconds */
  maxEmailAge: number;
  /** emails deleted per transaction */
  batchSize: number;
}

/** Limits in force; null = none of that kind. */
export interface EmailRetentionLimits {
  maxEmailsPerInbox: number | null;
  maxEmailsPerAccount: number | null;
  maxAgeSeconds: number | null;
}

/** What a pass (or one account's prune) did. */
export interface EmailPruneReport {
  deleted: number;
  /** delete transactions; each holds at most the batch size */
  batches: number;
  /** the longest batch's delete, in milliseconds (how long it kept the database's write lock) */
  longestBatchMs: number;
}

/** The email service's delete (deleteEmail's path: attachments, thread rows, index rows, unreferenced bytes). */
export interface RetentionEmailDeleter {
  deleteByIds(tenantId: string, ids: string[]): Promise<string[]>;
}

/** Told about an account whose prune failed (the pass goes on with the others). */
export type EmailRetentionErrorLog = (err: unknown, tenantId: string) => void;

const none = (n: number): number | null => (n > 0 ? n : null);
/** The stricter of two limits (null = no limit): an account can tighten the server's, never loosen it. */
const stricter = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * Email retention by count and age (issue 19): the server's settings and each account's policy,
 * and the pass that deletes the oldest emails beyond them. Favourited emails are kept: never
 * deleted and not counted. Deletion goes through the email service in batches of at most
 * `batchSize` ids, one short transaction each, yielding to the event loop between them, so ingest
 * (which on SQLite waits for the write lock) never waits for more than one batch.
 */
export class EmailRetentionService {
  constructor(
    private readonly repo: EmailRetentionRepository,
    private readonly emails: RetentionEmailDeleter,
    private readonly clock: Clock,
    private readonly settings: EmailRetentionSettings,
  ) {}

  /** The server's own limits. */
  serverLimits(): EmailRetentionLimits {
    const s = this.settings;
    return { maxEmailsPerInbox: none(s.maxEmailsPerInbox), maxEmailsPerAccount: none(s.maxEmailsPerAccount), maxAgeSeconds: none(Math.ceil(s.maxEmailAge / 1000)) };
  }

  /** True when the server sets any limit, so every account is pruned, not only those with a policy. */
  serverLimited(): boolean {
    const s = this.settings;
    return s.maxEmailsPerInbox > 0 || s.maxEmailsPerAccount > 0 || s.maxEmailAge > 0;
  }

  /** What applies to an account: each kind the stricter of the server's and the account's. */
  effectiveLimits(policy: EmailRetentionPolicyRecord | undefined): EmailRetentionLimits {
    const server = this.serverLimits();
    return {
      maxEmailsPerInbox: stricter(server.maxEmailsPerInbox, policy?.maxEmailsPerInbox ?? null),
      maxEmailsPerAccount: stricter(server.maxEmailsPerAccount, policy?.maxEmailsPerAccount ?? null),
      maxAgeSeconds: stricter(server.maxAgeSeconds, policy?.maxAgeSeconds ?? null),
    };
  }

  getPolicy(tenantId: string): Promise<EmailRetentionPolicyRecord | undefined> {
    return this.repo.findPolicy(tenantId);
  }

  async setPolicy(tenantId: string, limits: Partial<EmailRetentionLimits>): Promise<EmailRetentionPolicyRecord> {
    const now = this.clock.now();
    return this.repo.savePolicy({
      tenantId, maxEmailsPerInbox: limits.maxEmailsPerInbox ?? null, maxEmailsPerAccount: limits.maxEmailsPerAccount ?? null,
      maxAgeSeconds: limits.maxAgeSeconds ?? null, createdAt: now, updatedAt: now,
    });
  }

  /** Removes the account's policy; none to remove is not an error (the state asked for holds). */
  async deletePolicy(tenantId: string): Promise<void> {
    await this.repo.deletePolicy(tenantId);
  }

  /** Deletes the account's emails beyond its limits now: age first, then each inbox's cap, then the account's. */
  async prune(tenantId: string, report: EmailPruneReport = { deleted: 0, batches: 0, longestBatchMs: 0 }): Promise<EmailPruneReport> {
    const limits = this.effectiveLimits(await this.repo.findPolicy(tenantId));
    const batch = this.settings.batchSize;
    if (limits.maxAgeSeconds !== null) {
      const cutoff = new Date(this.clock.now().getTime() - limits.maxAgeSeconds * 1000);
      // Each batch asks again: what the last one deleted is gone, so the next oldest come up.
      while (await this.deleteBatch(tenantId, await this.repo.olderThan(tenantId, cutoff, batch), report));
    }
    if (limits.maxEmailsPerInbox !== null) {
      for (const { inboxId, count } of await this.repo.inboxesOver(tenantId, limits.maxEmailsPerInbox)) {
        // The excess is counted once: mail arriving meanwhile is newer and waits for the next pass.
        let excess = count - limits.maxEmailsPerInbox;
        while (excess > 0) {
          const ids = await this.repo.oldestInInbox(tenantId, inboxId, Math.min(excess, batch));
          if (!(await this.deleteBatch(tenantId, ids, report))) break;
          excess -= ids.length;
        }
      }
    }
    if (limits.maxEmailsPerAccount !== null) {
      let excess = (await this.repo.countKept(tenantId)) - limits.maxEmailsPerAccount;
      while (excess > 0) {
        const ids = await this.repo.oldestInAccount(tenantId, Math.min(excess, batch));
        if (!(await this.deleteBatch(tenantId, ids, report))) break;
        excess -= ids.length;
      }
    }
    return report;
  }

  /**
   * The scheduled pass: every account when the server sets a limit, else those with a policy.
   * An account whose prune fails is told to `onError`; the others still run.
   */
  async runScheduled(onError?: EmailRetentionErrorLog): Promise<EmailPruneReport> {
    const report: EmailPruneReport = { deleted: 0, batches: 0, longestBatchMs: 0 };
    const tenants = this.serverLimited() ? await this.repo.allTenants() : await this.repo.tenantsWithPolicies();
    for (const tenantId of tenants) {
      try {
        await this.prune(tenantId, report);
      } catch (err) {
        onError?.(err, tenantId);
      }
    }
    return report;
  }

  /** One delete transaction, timed, then a turn of the event loop; false when there was nothing to delete. */
  private async deleteBatch(tenantId: string, ids: string[], report: EmailPruneReport): Promise<boolean> {
    if (ids.length === 0) return false;
    const started = performance.now();
    const deleted = await this.emails.deleteByIds(tenantId, ids);
    report.longestBatchMs = Math.max(report.longestBatchMs, performance.now() - started);
    report.batches++;
    report.deleted += deleted.length;
    await yieldToEventLoop();
    // Nothing deleted (another node or a user got there first): stop rather than ask for the same ids again.
    return deleted.length > 0;
  }
}
