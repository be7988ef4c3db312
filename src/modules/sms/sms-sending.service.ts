import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { PhoneNumberRecord, PhoneNumberRepository, SentSmsFilter, SentSmsRecord, SentSmsRepository, Slice, SmsRepository } from '../../storage/ports.js';
import { validatePhone } from '../phone/phone-validation.js';
import type { SmsService } from './sms.service.js';
import type { SmsSendGuard } from './sms-pipeline.js';

/** Where a send comes from: a number of the caller by id or by its E.164 form; neither: the caller's oldest number. */
export interface SmsSender {
  phoneId?: string;
  phoneNumber?: string;
}

/** Forwards an SMS to a number outside the carrier to a real provider (sms-sink/sms-relay.service.ts), off the request path. */
export interface SmsForwarder {
  queue(record: SentSmsRecord): Promise<SentSmsRecord>;
}

export interface SentSmsQuery extends SentSmsFilter {
  page?: number;
  size?: number;
  sort?: SortDirection;
}

/**
 * Outbound SMS of the simulated carrier: a send from a caller's number to a number the carrier
 * holds (any tenant's) is delivered there as a received SMS; to any other valid number it is
 * recorded only. Either way the sender keeps a sent SMS saying which it was.
 */
export class SmsSendingService {
  /** every send passes these before anything is delivered or stored (sms-pipeline.ts) */
  readonly guards: SmsSendGuard[] = [];

  /** set by the composition root when PIGEONHOLE_SMS_RELAY_URL is: outside sends are forwarded too */
  forwarder: SmsForwarder | undefined;

  constructor(
    private readonly sent: SentSmsRepository,
    private readonly received: SmsRepository,
    private readonly phones: PhoneNumberRepository,
    private readonly sms: SmsService,
    private readonly clock: Clock,
  ) {}

  async send(tenantId: string, from: SmsSender, to: string, body: string): Promise<SentSmsRecord> {
    const phone = await this.senderPhone(tenantId, from);
    return this.sendFrom(phone, to, body, null);
  }

  /** replyToSmsMessage: answers a received SMS from the number that received it, to its sender. */
  async reply(tenantId: string, smsId: string, body: string): Promise<SentSmsRecord> {
    const original = await this.received.findById(tenantId, smsId);
    if (!original) throw notFound(`No SMS ${smsId}`);
    const phone = await this.phones.findById(tenantId, original.phoneId);
    if (!phone) throw notFound(`No phone number ${original.phoneId}`);
    return this.sendFrom(phone, original.fromNumber, body, original.id);
  }

  /** getReplyForSmsMessage: the newest reply sent to a received SMS, 404 when none was */
  async replyFor(tenantId: string, smsId: string): Promise<SentSmsRecord> {
    if (!(await this.received.findById(tenantId, smsId))) throw notFound(`No SMS ${smsId}`);
    const reply = await this.sent.findReplyTo(tenantId, smsId);
    if (!reply) throw notFound(`No reply was sent to SMS ${smsId}`);
    return reply;
  }

  async page(tenantId: string, query: SentSmsQuery): Promise<{ slice: Slice<SentSmsRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    const { page: _p, size: _s, sort: _o, ...filter } = query;
    return { slice: await this.sent.page(tenantId, filter, request), request };
  }

  /** getSentSmsByPhoneNumber: 404 for a number the caller does not hold */
  async pageOfPhone(tenantId: string, phoneId: string, query: SentSmsQuery): Promise<{ slice: Slice<SentSmsRecord>; request: PageRequest }> {
    if (!(await this.phones.findById(tenantId, phoneId))) throw notFound(`No phone number ${phoneId}`);
    return this.page(tenantId, { ...query, phoneId });
  }

  async get(tenantId: string, id: string): Promise<SentSmsRecord> {
    const sent = await this.sent.findById(tenantId, id);
    if (!sent) throw notFound(`No sent SMS ${id}`);
    return sent;
  }

  count(tenantId: string): Promise<number> {
    return this.sent.count(tenantId);
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.sent.delete(tenantId, id))) throw notFound(`No sent SMS ${id}`);
  }

  deleteAll(tenantId: string, phoneId?: string): Promise<void> {
    return this.sent.deleteAll(tenantId, phoneId);
  }

  private async sendFrom(phone: PhoneNumberRecord, to: string, body: string, replyToId: string | null): Promise<SentSmsRecord> {
    if (body.length === 0) throw badRequest('body must not be empty: an SMS carries text');
    const recipient = await this.recipient(to);
    for (const guard of this.guards) await guard.check(phone, recipient.number);
    // delivered first: a recorded send always names the SMS it became
    const delivered = recipient.phone ? await this.sms.deliver(recipient.phone, phone.phoneNumber, body) : undefined;
    const now = this.clock.now();
    const sent: SentSmsRecord = {
      id: newId(), tenantId: phone.tenantId, phoneId: phone.id, fromNumber: phone.phoneNumber, toNumber: recipient.number, body,
      replyToId, deliveredSmsId: delivered?.id ?? null, createdAt: now, updatedAt: now,
    };
    await this.sent.create(sent);
    this.sms.announceSent(sent);
    return !delivered && this.forwarder ? this.forwarder.queue(sent) : sent;
  }

  /**
   * The recipient in E.164, and the carrier's number when it holds it. The carrier's own numbers
   * are taken as they are (its fictional ranges are not assigned numbers to libphonenumber-js);
   * any other number must be one libphonenumber-js calls valid.
   */
  private async recipient(to: string): Promise<{ number: string; phone?: PhoneNumberRecord }> {
    const validation = validatePhone(to);
    const phone = await this.phones.findAnyByNumber(validation.phoneNumber);
    if (phone) return { number: phone.phoneNumber, phone };
    if (!validation.isValid) throw badRequest(`to (${to}) is not a valid phone number: ${validation.validationErrors.join('; ')}`);
    return { number: validation.phoneNumber };
  }

  private async senderPhone(tenantId: string, from: SmsSender): Promise<PhoneNumberRecord> {
    if (from.phoneId) {
      const phone = await this.phones.findById(tenantId, from.phoneId);
      if (!phone) throw notFound(`No phone number ${from.phoneId}`);
      return phone;
    }
    if (from.phoneNumber) {
      const number = validatePhone(from.phoneNumber).phoneNumber;
      const phone = await this.phones.findByNumber(tenantId, number);
      if (!phone) throw notFound(`You hold no phone number ${from.phoneNumber}`);
      return phone;
    }
    const oldest = (await this.phones.page(tenantId, {}, pageRequest({ page: 0, size: 1, sort: 'ASC' }))).items[0];
    if (!oldest) throw badRequest('You hold no phone number to send from: create one with createPhoneNumber, or name one with fromPhoneId');
    return oldest;
  }
}
