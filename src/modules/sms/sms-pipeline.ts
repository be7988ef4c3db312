/**
 * The extension points of the SMS pipelines, so other modules act on SMS without SmsService
 * or SmsSendingService knowing them (the way InboundStep and SendGuard work for email):
 *  - SmsInboundStep: before an inbound SMS is stored (rulesets' RECEIVING_SMS rules, the
 *    tenant SMS cap). A step that answers 'drop' keeps it out: nothing is stored or announced.
 *  - SmsSendGuard: before an outbound SMS is delivered or recorded (SENDING_SMS rules); it
 *    throws a 400 naming why to refuse the send, and then nothing is stored.
 */
import type { PhoneNumberRecord } from '../../storage/ports.js';

export interface InboundSms {
  fromNumber: string;
  body: string;
}

export interface SmsInboundStep {
  readonly name: string;
  apply(phone: PhoneNumberRecord, sms: InboundSms): Promise<'deliver' | 'drop'>;
}

export interface SmsSendGuard {
  readonly name: string;
  check(from: PhoneNumberRecord, toNumber: string): Promise<void>;
}
