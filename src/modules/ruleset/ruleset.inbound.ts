import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { EventBus } from '../../events/bus.js';
import type { AutomationJobRepository, BounceRepository, InboxRecord, RulesetRecord } from '../../storage/ports.js';
import { RecipientRefused, type InboundEnvelope, type InboundStep, type RecipientCheck } from '../email/ingest.service.js';
import type { ParsedMessage } from '../email/parse.js';
import { RcptMemo } from '../email/rcpt-memo.js';
import { headerBlockOf } from './dsn.js';
import type { RuleBouncePayload } from './rule-bounce.handler.js';
import { describeRule, judge } from './ruleset-match.js';
import type { RulesetService } from './ruleset.service.js';

/** Longest address an event carries (events cross nodes over NOTIFY, which holds 8000 bytes). */
const MAX_EVENT_ADDRESS = 320;

/**
 * The RECEIVING_EMAILS rules in the inbound pipeline. At SMTP RCPT (`check`) a BLOCK of the
 * envelope sender is a 550 naming the ruleset. Between parse and store (`apply`, every path:
 * SMTP, local deliveries of sends, imports) the envelope sender and the From header are judged
 * together per recipient inbox: BLOCK and FILTER_REMOVE drop that inbox's copy (a BLOCK that
 * leaves an SMTP message no inbox refuses it with 550), BOUNCE_* drop it and queue a DSN to the
 * sender as a rule-bounce job, recorded as a bounce of the inbox's account.
 */
export class RulesetInbound implements InboundStep, RecipientCheck {
  readonly name = 'rulesets';
  /** the inbox's RECEIVING_EMAILS rules as read at RCPT, for the same transaction's DATA step */
  private readonly atRcpt = new RcptMemo<RulesetRecord[]>();

  constructor(
    private readonly rulesets: RulesetService,
    private readonly jobs: AutomationJobRepository,
    private readonly bounces: BounceRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    /** told when bounce jobs were queued (wakes the automation worker) */
    private readonly queued: () => void,
  ) {}

  async check(inbox: InboxRecord, envelope: InboundEnvelope): Promise<void> {
    if (!envelope.mailFrom) return;
    const rules = await this.atRcpt.remember(inbox, () => this.rulesets.rulesOf(inbox, 'RECEIVING_EMAILS'));
    const verdict = judge(rules, inbox.id, [envelope.mailFrom]);
    if (verdict.action === 'BLOCK' && verdict.rule) {
      this.publishBlocked(inbox, verdict.rule, envelope.mailFrom);
      throw new RecipientRefused(refusal(verdict.rule, envelope.mailFrom, inbox), 'ruleset');
    }
  }

  async apply(message: ParsedMessage, recipients: InboxRecord[], raw: Buffer, envelope?: InboundEnvelope): Promise<InboxRecord[]> {
    const senders = [envelope?.mailFrom, message.from?.emailAddress].filter((a): a is string => Boolean(a));
    const kept: InboxRecord[] = [];
    let blocked: string | undefined;
    for (const inbox of recipients) {
      const rules = await this.atRcpt.take(inbox, () => this.rulesets.rulesOf(inbox, 'RECEIVING_EMAILS'));
      const verdict = judge(rules, inbox.id, senders);
      const rule = verdict.rule;
      if (!rule || verdict.action === 'ALLOW') {
        kept.push(inbox);
      } else if (verdict.action === 'BLOCK' || verdict.action === 'FILTER_REMOVE') {
        this.publishBlocked(inbox, rule, senders[0] ?? null, verdict.action);
        if (verdict.action === 'BLOCK') blocked ??= refusal(rule, senders.join(', '), inbox);
      } else {
        await this.bounce(message, raw, inbox, rule, envelope);
      }
    }
    // Over SMTP a message every inbox blocks is refused (550 naming the rule); some inboxes
    // left, it is taken for them (one DATA reply answers for all its recipients).
    if (kept.length === 0 && blocked && envelope?.smtp) throw new RecipientRefused(blocked, 'ruleset');
    return kept;
  }

  /** Records the bounce and queues the DSN. A bounce or auto-reply is never bounced (no loops): it is only dropped. */
  private async bounce(message: ParsedMessage, raw: Buffer, inbox: InboxRecord, rule: RulesetRecord, envelope?: InboundEnvelope): Promise<void> {
    // The DSN goes to the return path: the envelope sender, or without an envelope the From header.
    const returnPath = envelope && envelope.mailFrom !== undefined ? envelope.mailFrom : message.from?.emailAddress;
    if (!returnPath || isAutomatic(message)) {
      this.publishBlocked(inbox, rule, returnPath || null, 'FILTER_REMOVE');
      return;
    }
    const now = this.clock.now();
    const permanent = rule.action === 'BOUNCE_HARD';
    const diagnostic = `Refused by ${describeRule(rule)}: mail from ${returnPath} is not accepted for ${inbox.emailAddress}`;
    const payload: RuleBouncePayload = {
      rulesetId: rule.id, action: rule.action, sender: returnPath, recipient: inbox.emailAddress, reportingMta: inbox.domain,
      permanent, diagnostic, headers: headerBlockOf(raw), arrivalDate: now.toISOString(),
    };
    const jobId = newId();
    await this.jobs.enqueue([{
      id: jobId, tenantId: inbox.tenantId, kind: 'rule-bounce', subjectId: rule.id, inboxId: inbox.id, emailId: null,
      payload: { ...payload }, nextAttemptAt: now, createdAt: now,
    }]);
    this.queued();
    const bouncedEmailId = newId();
    await this.bounces.record({
      id: bouncedEmailId, tenantId: inbox.tenantId, sentId: null, notificationType: 'BOUNCE', sender: returnPath.toLowerCase(),
      subject: message.subject, sentTo: [inbox.emailAddress], bounceRecipients: [inbox.emailAddress], bounceMta: inbox.domain,
      bounceType: permanent ? 'Permanent' : 'Transient', bounceSubType: 'General', createdAt: now,
    }, [{
      id: newId(), tenantId: inbox.tenantId, bouncedEmailId, sentId: null, recipient: inbox.emailAddress.toLowerCase(), action: 'failed',
      status: permanent ? '5.7.1' : '4.7.1', diagnosticCode: diagnostic, bounceType: permanent ? 'Permanent' : 'Transient', createdAt: now,
    }]);
    this.bus.publish('ruleset.bounced', {
      tenantId: inbox.tenantId, inboxId: inbox.id, rulesetId: rule.id, action: permanent ? 'BOUNCE_HARD' : 'BOUNCE_SOFT',
      sender: returnPath.slice(0, MAX_EVENT_ADDRESS), jobId, createdAt: now,
    });
  }

  private publishBlocked(inbox: InboxRecord, rule: RulesetRecord, sender: string | null, action: 'BLOCK' | 'FILTER_REMOVE' = 'BLOCK'): void {
    this.bus.publish('ruleset.blocked', {
      tenantId: inbox.tenantId, inboxId: inbox.id, rulesetId: rule.id, action, sender: sender ? sender.slice(0, MAX_EVENT_ADDRESS) : null,
      createdAt: this.clock.now(),
    });
  }
}

const refusal = (rule: RulesetRecord, sender: string, inbox: InboxRecord): string =>
  `Refused by ${describeRule(rule)}: mail from ${sender} is not accepted for ${inbox.emailAddress}`;

/** A delivery report or an automatic message (RFC 3834 Auto-Submitted, Precedence bulk/junk/list): never answered with a bounce. */
function isAutomatic(message: ParsedMessage): boolean {
  const header = (name: string) => message.headers.find(([key]) => key.toLowerCase() === name)?.[1]?.toLowerCase() ?? '';
  const autoSubmitted = header('auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  if (/^(bulk|junk|list)$/.test(header('precedence').trim())) return true;
  return /multipart\/report/.test(header('content-type'));
}
