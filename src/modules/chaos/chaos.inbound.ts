import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { AutomationJobRepository, InboxRecord } from '../../storage/ports.js';
import { RecipientRefused, type InboundEnvelope, type InboundStep, type RecipientCheck } from '../email/ingest.service.js';
import type { ParsedMessage } from '../email/parse.js';
import { RcptMemo } from '../email/rcpt-memo.js';
import { headerBlockOf } from '../ruleset/dsn.js';
import type { RuleBouncePayload } from '../ruleset/rule-bounce.handler.js';
import { fires, replyText, type ChaosStage, type StoredChaosRule } from './chaos.rules.js';
import type { ActiveChaos, ChaosService } from './chaos.service.js';

/** The job kind of a chaos bounce: run by the rule-bounce handler (same DSN, same sending path). */
export const CHAOS_BOUNCE = 'chaos-bounce';
/** A greylisted triple is remembered this long after it was first seen (then greylisted again). */
export const GREYLIST_MEMORY_MS = 24 * 60 * 60_000;
/** Most triples remembered per inbox; past it the oldest are forgotten. */
export const GREYLIST_MAX_TRIPLES = 10_000;

/**
 * Chaos rules on the SMTP path, for mail from SMTP clients only (envelope.smtp): API sends,
 * imports and local deliveries are never failed on purpose. As a RecipientCheck (at each RCPT
 * naming an inbox) it applies the MAIL and RCPT stages and greylisting; as an InboundStep
 * (after DATA, before the store) the DATA stage and accept-then-bounce. Rules are tried in
 * order; a DELAY holds the answer on a timer (never the event loop: smtp-server keeps the
 * connection's idle timer off while a handler is pending) and goes on to the next rule; the
 * first failure that fires answers.
 */
export class ChaosInbound implements RecipientCheck, InboundStep {
  readonly name = 'chaos';
  /** the inbox's chaos settings as read at RCPT, for the same transaction's DATA stage */
  private readonly atRcpt = new RcptMemo<ActiveChaos | undefined>();

  constructor(
    private readonly chaos: ChaosService,
    private readonly jobs: AutomationJobRepository,
    private readonly clock: Clock,
    /** told when bounce jobs were queued (wakes the automation worker) */
    private readonly queued: () => void,
  ) {}

  async check(inbox: InboxRecord, envelope: InboundEnvelope): Promise<void> {
    if (!envelope.smtp) return;
    const active = await this.atRcpt.remember(inbox, () => this.chaos.active(inbox.id));
    if (!active) return;
    for (const [index, rule] of active.rules.entries()) {
      if (rule.mode === 'GREYLIST') {
        await this.greylist(inbox, rule, envelope);
      } else if ((rule.mode === 'FAIL' || rule.mode === 'DELAY') && rule.stage !== 'DATA') {
        await this.apply1(active, index, rule, rule.stage);
      }
    }
  }

  async apply(message: ParsedMessage, recipients: InboxRecord[], raw: Buffer, envelope?: InboundEnvelope): Promise<InboxRecord[]> {
    if (!envelope?.smtp) return recipients;
    const kept: InboxRecord[] = [];
    for (const inbox of recipients) {
      const active = await this.atRcpt.take(inbox, () => this.chaos.active(inbox.id));
      let bounced = false;
      for (const [index, rule] of (active?.rules ?? []).entries()) {
        if (rule.mode === 'BOUNCE') {
          if (!bounced && fires(rule, this.chaos.draw(active!, index))) {
            bounced = true;
            await this.bounce(inbox, rule, raw, envelope);
          }
        } else if ((rule.mode === 'FAIL' || rule.mode === 'DELAY') && rule.stage === 'DATA') {
          // One DATA reply answers for every recipient: a DATA failure refuses the whole message.
          await this.apply1(active!, index, rule, 'DATA');
        }
      }
      if (!bounced) kept.push(inbox);
    }
    return kept;
  }

  /** A FAIL or DELAY rule at a stage: throws the rule's answer, or waits, when it fires. */
  private async apply1(active: ActiveChaos, index: number, rule: StoredChaosRule, stage: ChaosStage): Promise<void> {
    if (!fires(rule, this.chaos.draw(active, index))) return;
    if (rule.mode === 'DELAY') {
      const delayMs = rule.delaySeconds * 1000;
      this.chaos.injected({ inboxId: active.inboxId, mode: 'DELAY', stage, delayMs });
      await sleep(delayMs, undefined, { ref: false });
      return;
    }
    this.chaos.injected({ inboxId: active.inboxId, mode: 'FAIL', stage, code: rule.code });
    throw new RecipientRefused(replyText(rule), 'chaos', { code: rule.code, wholeTransaction: stage === 'MAIL' });
  }

  /** 451 4.7.1 until the triple was first seen greylistSeconds ago. */
  private async greylist(inbox: InboxRecord, rule: StoredChaosRule, envelope: InboundEnvelope): Promise<void> {
    const triple = createHash('sha256')
      .update(`${(envelope.mailFrom ?? '').toLowerCase()}\n${inbox.emailAddress.toLowerCase()}\n${envelope.remoteAddress ?? ''}`).digest('hex');
    const now = this.clock.now();
    const firstSeen = await this.chaos.greylistFirstSeen(inbox.id, triple, now, new Date(now.getTime() - GREYLIST_MEMORY_MS), GREYLIST_MAX_TRIPLES);
    const waitMs = firstSeen.getTime() + rule.greylistSeconds * 1000 - now.getTime();
    if (waitMs <= 0) return;
    this.chaos.injected({ inboxId: inbox.id, mode: 'GREYLIST', stage: 'RCPT', code: 451 });
    throw new RecipientRefused(`4.7.1 ${rule.message}: retry in ${Math.ceil(waitMs / 1000)} s`, 'chaos', { code: 451 });
  }

  /** Accepted but not stored: a durable job sends the DSN to the envelope sender after the rule's delay. */
  private async bounce(inbox: InboxRecord, rule: StoredChaosRule, raw: Buffer, envelope: InboundEnvelope): Promise<void> {
    this.chaos.injected({ inboxId: inbox.id, mode: 'BOUNCE', stage: 'DATA', code: rule.code });
    // The null reverse path (a DSN itself) is never answered: the message is only dropped.
    if (!envelope.mailFrom) return;
    const now = this.clock.now();
    const payload: RuleBouncePayload = {
      rulesetId: '', action: 'CHAOS_BOUNCE', sender: envelope.mailFrom, recipient: inbox.emailAddress, reportingMta: inbox.domain,
      permanent: true, diagnostic: rule.message, headers: headerBlockOf(raw), arrivalDate: now.toISOString(),
      code: rule.code, status: rule.enhancedStatus,
    };
    await this.jobs.enqueue([{
      id: newId(), tenantId: inbox.tenantId, kind: CHAOS_BOUNCE, subjectId: inbox.id, inboxId: inbox.id, emailId: null,
      payload: { ...payload }, nextAttemptAt: new Date(now.getTime() + rule.bounceAfterSeconds * 1000), createdAt: now,
    }]);
    this.queued();
  }
}
