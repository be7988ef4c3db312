import { badRequest } from '../../core/errors.js';
import type { PhoneNumberRecord } from '../../storage/ports.js';
import type { InboundSms, SmsInboundStep, SmsSendGuard } from '../sms/sms-pipeline.js';
import { describeRule, passes } from './ruleset-match.js';
import type { RulesetService } from './ruleset.service.js';

/**
 * The SMS rulesets in the SMS pipelines, judged by the same `judge` as email (the number's
 * own rules first, then the account's; ALLOW beats the rest).
 *
 * Receiving (RECEIVING_SMS, on the sender's number): any action but ALLOW keeps the SMS out.
 * It is not stored, announced, counted against the SMS cap or recorded anywhere else: the
 * carrier takes it and nothing is left of it, as a blocked email leaves nothing in the inbox.
 * SMS has no bounce, so BOUNCE_SOFT / BOUNCE_HARD drop it like BLOCK, and FILTER_REMOVE (the
 * one recipient removed) too.
 */
export class RulesetSmsInbound implements SmsInboundStep {
  readonly name = 'rulesets';

  constructor(private readonly rulesets: RulesetService) {}

  async apply(phone: PhoneNumberRecord, sms: InboundSms): Promise<'deliver' | 'drop'> {
    return passes(await this.rulesets.smsVerdict(phone, 'RECEIVING_SMS', sms.fromNumber)) ? 'deliver' : 'drop';
  }
}

/**
 * Sending (SENDING_SMS, on the recipient's number): any action but ALLOW refuses the send with
 * a 400 naming the ruleset, before anything is delivered or stored. An SMS has one recipient,
 * so FILTER_REMOVE leaves nobody to send to and refuses it too.
 */
export class RulesetSmsSendGuard implements SmsSendGuard {
  readonly name = 'rulesets';

  constructor(private readonly rulesets: RulesetService) {}

  async check(from: PhoneNumberRecord, toNumber: string): Promise<void> {
    const verdict = await this.rulesets.smsVerdict(from, 'SENDING_SMS', toNumber);
    if (passes(verdict) || !verdict.rule) return;
    throw badRequest(`Sending an SMS from ${from.phoneNumber} to ${toNumber} is refused by ${describeRule(verdict.rule)}; nothing was sent`);
  }
}
