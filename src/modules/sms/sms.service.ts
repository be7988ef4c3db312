import type { Clock } from '../../core/clock.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import { effectiveTimeout, waitForEvent } from '../../events/wait.js';
import type { PhoneNumberRecord, PhoneNumberRepository, SentSmsRecord, Slice, SmsFilter, SmsRecord, SmsRepository } from '../../storage/ports.js';
import type { SmsInboundStep } from './sms-pipeline.js';

/** The sender of testPhoneNumberSendSms: a NANP 555-01xx number, reserved for fiction, outside the default ranges. */
export const TEST_SENDER = '+12125550100';

export interface LatestSmsWait {
  phoneNumberId: string;
  timeout: number;
  unreadOnly?: boolean;
  since?: Date;
  before?: Date;
  /** DESC (default): the newest; ASC: the oldest */
  sortDirection?: SortDirection;
  signal?: AbortSignal;
}

export interface SmsMatch {
  field: 'BODY' | 'FROM';
  should: 'MATCH' | 'CONTAIN' | 'EQUAL';
  value: string;
}

export interface SmsConditionsWait {
  phoneNumberId: string;
  count: number;
  countType?: 'EXACTLY' | 'ATLEAST';
  limit?: number;
  timeout: number;
  unreadOnly?: boolean;
  since?: Date;
  before?: Date;
  sortDirection?: SortDirection;
  matches?: SmsMatch[];
  signal?: AbortSignal;
}

/** Runs a user's regex over texts, time-limited (the email content service's worker). */
export type RegexTest = (pattern: string, texts: string[]) => Promise<boolean[]>;

/** Most SMS one waitForSms looks through: a number's whole history in a test run fits. */
const MAX_SCANNED_SMS = 1000;

export interface SmsQuery extends SmsFilter {
  page?: number;
  size?: number;
  sort?: SortDirection;
}

/**
 * SMS of the simulated carrier: delivery to a number (stored, then announced on the bus as
 * sms.received, which GET /events streams) and SmsController's reading side.
 */
export class SmsService {
  /** run in order before an SMS is stored; the first to drop it ends delivery (sms-pipeline.ts) */
  readonly inboundSteps: SmsInboundStep[] = [];

  constructor(
    private readonly sms: SmsRepository,
    private readonly phones: PhoneNumberRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  /** testPhoneNumberSendSms: `body` arrives at the caller's number as the carrier would deliver it (undefined: a step kept it out). */
  async deliverTest(tenantId: string, phoneId: string, body: string): Promise<SmsRecord | undefined> {
    const phone = await this.phones.findById(tenantId, phoneId);
    if (!phone) throw notFound(`No phone number ${phoneId}`);
    return this.deliver(phone, TEST_SENDER, body);
  }

  /**
   * The carrier hands `body` from `fromNumber` to `phone` (whoever holds it): the inbound steps
   * judge it (rulesets, the SMS cap), then it is stored with its domain event (NEW_SMS
   * webhooks) and sms.received wakes waits. undefined when a step kept it out.
   * `beforePublish` stores what goes with the SMS (a sink message's media) before any wait can read it.
   */
  async deliver(
    phone: PhoneNumberRecord, fromNumber: string, body: string, options?: { beforePublish?: (sms: SmsRecord) => Promise<void> },
  ): Promise<SmsRecord | undefined> {
    for (const step of this.inboundSteps) {
      if ((await step.apply(phone, { fromNumber, body })) === 'drop') return undefined;
    }
    const now = this.clock.now();
    const sms: SmsRecord = {
      id: newId(), tenantId: phone.tenantId, phoneId: phone.id, fromNumber, toNumber: phone.phoneNumber, body,
      read: false, favourite: false, createdAt: now, updatedAt: now,
    };
    await this.sms.create(sms);
    await options?.beforePublish?.(sms);
    this.bus.publish('sms.received', { tenantId: phone.tenantId, inboxId: '', phoneId: phone.id, smsId: sms.id, fromNumber, createdAt: now });
    return sms;
  }

  /** sms.sent on the bus (GET /events, the dashboard's threads): a sent SMS was recorded. */
  announceSent(sent: SentSmsRecord): void {
    this.bus.publish('sms.sent', {
      tenantId: sent.tenantId, inboxId: '', phoneId: sent.phoneId, sentSmsId: sent.id, toNumber: sent.toNumber, createdAt: sent.createdAt,
    });
  }

  /**
   * waitForLatestSms: the newest (oldest with ASC) SMS of the number matching the filter, or the
   * first to arrive within the timeout (408 otherwise), re-checked only when sms.received says
   * an SMS came for the caller, never by polling. Reading it marks it read, like getSmsMessage.
   */
  async waitLatest(tenantId: string, wait: LatestSmsWait): Promise<SmsRecord> {
    if (wait.since && wait.before && wait.since.getTime() >= wait.before.getTime()) {
      throw badRequest(`since (${wait.since.toISOString()}) must be earlier than before (${wait.before.toISOString()})`);
    }
    const phone = await this.phones.findById(tenantId, wait.phoneNumberId);
    if (!phone) throw notFound(`No phone number ${wait.phoneNumberId}`);
    const filter: SmsFilter = { phoneId: phone.id, unreadOnly: wait.unreadOnly || undefined, since: wait.since, before: wait.before };
    const request = pageRequest({ page: 0, size: 1, sort: wait.sortDirection ?? 'DESC' });
    const timeoutMs = effectiveTimeout(this.bus, wait.timeout);
    const found = await waitForEvent(this.bus, 'sms.received', (event) => event.tenantId === tenantId && event.phoneId === phone.id, timeoutMs,
      async () => (await this.sms.page(tenantId, filter, request)).items[0], { signal: wait.signal });
    if (!found) throw new AppError('TIMEOUT', `No SMS arrived at ${phone.phoneNumber} within ${timeoutMs} ms`);
    return found.read ? found : this.change(tenantId, found.id, { read: true });
  }

  /**
   * waitForSms: the SMS of the number passing every match, once there are `count` of them
   * (exactly, or at least with ATLEAST), oldest first unless DESC, at most `limit`; held and
   * woken by sms.received like waitLatest, 408 at the timeout. Nothing is marked read.
   */
  async waitMatching(tenantId: string, wait: SmsConditionsWait, regexTest: RegexTest): Promise<SmsRecord[]> {
    if (wait.since && wait.before && wait.since.getTime() >= wait.before.getTime()) {
      throw badRequest(`since (${wait.since.toISOString()}) must be earlier than before (${wait.before.toISOString()})`);
    }
    const phone = await this.phones.findById(tenantId, wait.phoneNumberId);
    if (!phone) throw notFound(`No phone number ${wait.phoneNumberId}`);
    const filter: SmsFilter = { phoneId: phone.id, unreadOnly: wait.unreadOnly || undefined, since: wait.since, before: wait.before };
    const exactly = (wait.countType ?? 'EXACTLY') === 'EXACTLY';
    const matches = wait.matches ?? [];
    const scan = async (): Promise<SmsRecord[]> => {
      const request = pageRequest({ page: 0, size: MAX_SCANNED_SMS, sort: wait.sortDirection ?? 'ASC' });
      // pageRequest caps a page at 100: read page after page up to MAX_SCANNED_SMS
      const all: SmsRecord[] = [];
      for (let page = 0; all.length < MAX_SCANNED_SMS; page++) {
        const slice = await this.sms.page(tenantId, filter, { ...request, page });
        all.push(...slice.items);
        if (slice.items.length < request.size || all.length >= slice.total) break;
      }
      let passing = all.filter((m) => matches.every((match) => match.should === 'MATCH' || plainMatch(m, match)));
      for (const match of matches.filter((x) => x.should === 'MATCH')) {
        const results = await regexTest(match.value, passing.map((m) => fieldOf(m, match.field)));
        passing = passing.filter((_, i) => results[i]);
      }
      return passing;
    };
    const enough = (n: number) => (exactly ? n === wait.count : n >= wait.count);
    const timeoutMs = effectiveTimeout(this.bus, wait.timeout);
    const found = await waitForEvent(this.bus, 'sms.received', (event) => event.tenantId === tenantId && event.phoneId === phone.id, timeoutMs,
      async () => {
        const passing = await scan();
        return enough(passing.length) ? passing : undefined;
      }, { signal: wait.signal });
    if (!found) {
      const have = (await scan()).length;
      const expected = exactly ? `exactly ${wait.count}` : `at least ${wait.count}`;
      throw new AppError('TIMEOUT', `${phone.phoneNumber} has ${have} matching SMS, not ${expected}, after ${timeoutMs} ms`);
    }
    return wait.limit ? found.slice(0, wait.limit) : found;
  }

  async page(tenantId: string, query: SmsQuery): Promise<{ slice: Slice<SmsRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    const { page: _p, size: _s, sort: _o, ...filter } = query;
    return { slice: await this.sms.page(tenantId, filter, request), request };
  }

  async get(tenantId: string, id: string): Promise<SmsRecord> {
    const sms = await this.sms.findById(tenantId, id);
    if (!sms) throw notFound(`No SMS ${id}`);
    return sms;
  }

  /** getSmsMessage: reading an SMS marks it read, like getEmail */
  async open(tenantId: string, id: string): Promise<SmsRecord> {
    const sms = await this.get(tenantId, id);
    if (sms.read) return sms;
    return this.change(tenantId, id, { read: true });
  }

  count(tenantId: string, read?: boolean): Promise<number> {
    return this.sms.count(tenantId, read === undefined ? {} : { read });
  }

  setRead(tenantId: string, id: string, read: boolean): Promise<SmsRecord> {
    return this.change(tenantId, id, { read });
  }

  setFavourite(tenantId: string, id: string, favourite: boolean): Promise<SmsRecord> {
    return this.change(tenantId, id, { favourite });
  }

  markAll(tenantId: string, read: boolean, phoneId?: string): Promise<void> {
    return this.sms.markAll(tenantId, read, phoneId, this.clock.now());
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.sms.delete(tenantId, id))) throw notFound(`No SMS ${id}`);
  }

  deleteAll(tenantId: string, phoneId?: string): Promise<void> {
    return this.sms.deleteAll(tenantId, phoneId);
  }

  private async change(tenantId: string, id: string, change: { read?: boolean; favourite?: boolean }): Promise<SmsRecord> {
    if (!(await this.sms.update(tenantId, id, { ...change, updatedAt: this.clock.now() }))) throw notFound(`No SMS ${id}`);
    return this.get(tenantId, id);
  }
}

const fieldOf = (sms: SmsRecord, field: SmsMatch['field']): string => (field === 'BODY' ? sms.body : sms.fromNumber);

/** CONTAIN or EQUAL on one field (MATCH runs as a regex elsewhere). */
function plainMatch(sms: SmsRecord, match: SmsMatch): boolean {
  const value = fieldOf(sms, match.field);
  return match.should === 'EQUAL' ? value === match.value : value.includes(match.value);
}
