import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Principal } from '../../core/principal.js';
import type { AllowList } from '../../jobs/outbound-targets.js';
import { fetchBytes, postWebhook } from '../../jobs/webhook-http.js';
import type {
  AutomationJobRepository, ClaimedAutomationJob, PhoneNumberRecord, PhoneNumberRepository, SentSmsRecord, SentSmsRepository, SmsMediaRepository,
} from '../../storage/ports.js';
import { validatePhone } from '../phone/phone-validation.js';
import { smsSid } from '../sms/sent-sms.dto.js';
import type { SmsSendGuard } from '../sms/sms-pipeline.js';
import type { SmsService } from '../sms/sms.service.js';
import type { SmsForwarder } from '../sms/sms-sending.service.js';
import { isFailNumber, messageResource, missingParameter, TwilioError, twilioSignature, type MessageView, API_VERSION } from './twilio.js';

/** The automation job kind of status callbacks (one job per callback, each queuing the next: they arrive in order). */
export const SMS_STATUS_CALLBACK = 'sms-status-callback';

/** Twilio's limits: 1600 characters of body, 10 media per message, 5 MB per media. */
export const MAX_SINK_BODY = 1600;
export const MAX_MEDIA_URLS = 10;
export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;
/** The error a number configured to fail answers with (Twilio: "Unreachable destination handset"). */
export const FAIL_ERROR_CODE = 30003;

export interface SmsSinkSettings {
  /** PIGEONHOLE_SMS_FAIL_NUMBERS: E.164 numbers or prefixes whose messages fail */
  failNumbers: readonly string[];
  /** the outbound target policy of webhooks, for callbacks and media fetches */
  blockPrivate: boolean | (() => Promise<boolean>);
  allow?: AllowList;
  timeoutMs: number;
}

export interface SinkKeys {
  resolve(apiKey: string): Promise<Principal | undefined>;
}

/** Failed logins per source address, shared with API keys, SMTP AUTH and IMAP LOGIN (main.ts hands in the transports' one). */
export interface SinkThrottle {
  /** milliseconds the address is still locked out; 0 = not */
  lockedFor(address: string): number;
  failed(address: string): void;
}

/** The caller of a sink request: Basic auth's account SID and the API key that is its password. */
export interface SinkCaller {
  tenantId: string;
  accountSid: string;
  /** the auth token: status callbacks are signed with it */
  authToken: string;
}

interface Callback {
  url: string;
  params: Record<string, string>;
  signature: string;
}

const ACCOUNT_SID = /^AC[0-9A-Za-z]{1,62}$/;
const SID = /^SM([0-9a-f]{32})$/;

const idOfSid = (sid: string): string | undefined => {
  const hex = SID.exec(sid)?.[1];
  return hex && `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const one = (form: Map<string, string[]>, name: string): string | undefined => {
  const value = form.get(name)?.[0]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

/**
 * The SMS sink: apps under test send SMS through Twilio's Messages resource with their base URL
 * pointed here. A message from a number the account holds is a send from that number; from any
 * other sender id it is still a sent SMS of the account (no number). Either way, to a number of
 * the carrier it is delivered there as a received SMS (with its media, fetched), to any other
 * number it is recorded; to a number configured to fail it fails. Never dropped. Status
 * callbacks are durable automation jobs, signed like Twilio's.
 */
export class SmsSinkService {
  constructor(
    private readonly sent: SentSmsRepository,
    private readonly phones: PhoneNumberRepository,
    private readonly sms: SmsService,
    private readonly media: SmsMediaRepository,
    private readonly jobs: AutomationJobRepository,
    private readonly keys: SinkKeys,
    private readonly clock: Clock,
    private readonly settings: SmsSinkSettings,
    private readonly wake: () => void = () => {},
  ) {}

  /** set by the composition root when failed logins are throttled (app.ts) */
  throttle: SinkThrottle | undefined;

  /**
   * The SENDING_SMS guards of the API's sends (SmsSendingService.guards, shared by the
   * composition root): a sink message from a number of the account passes them too. A message
   * from an app's own sender id has no number of the account to judge it by.
   */
  sendGuards: readonly SmsSendGuard[] = [];

  /** set by the composition root when PIGEONHOLE_SMS_RELAY_URL is: messages to outside numbers are forwarded too */
  forwarder: SmsForwarder | undefined;

  /** Basic auth: the username is the account SID of the path, the password a Pigeonhole API key. Twilio's 20003 otherwise. */
  async authenticate(authorization: string | undefined, accountSid: string, ip = ''): Promise<SinkCaller> {
    const refused = new TwilioError(401, 20003, 'Authenticate');
    this.refuseWhileLockedOut(ip);
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
    if (!match) throw refused;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw refused;
    const username = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    if (username !== accountSid || !ACCOUNT_SID.test(accountSid) || password === '') throw refused;
    const principal = await this.keys.resolve(password);
    if (!principal) {
      // a wrong key counts against the address like a wrong x-api-key (a missing one does not)
      this.refuseWhileLockedOut(ip);
      this.throttle?.failed(ip);
      throw refused;
    }
    return { tenantId: principal.tenantId, accountSid, authToken: password };
  }

  /** A refusing guard (a blocking ruleset) is Twilio's 21610, the answer for a recipient that may not be sent to. */
  private async guarded(sender: PhoneNumberRecord, to: string): Promise<void> {
    for (const guard of this.sendGuards) {
      try {
        await guard.check(sender, to);
      } catch (err) {
        if (err instanceof AppError) throw new TwilioError(400, 21610, err.message);
        throw err;
      }
    }
  }

  private refuseWhileLockedOut(ip: string): void {
    const lockedFor = this.throttle?.lockedFor(ip) ?? 0;
    if (lockedFor > 0) throw new TwilioError(429, 20429, `Too many failed logins from your address: try again in ${Math.ceil(lockedFor / 1000)} s`);
  }

  /** Messages.json POST: records (and delivers) the message; answers it as queued, as Twilio does. */
  async create(caller: SinkCaller, form: Map<string, string[]>): Promise<ReturnType<typeof messageResource>> {
    const toText = one(form, 'To');
    if (!toText) throw missingParameter('To', 21604);
    const fromText = one(form, 'From');
    if (!fromText) throw new TwilioError(400, 21603, "A 'From' phone number is required.");
    if (fromText.length > 64) throw new TwilioError(400, 21212, `The 'From' number ${fromText.slice(0, 64)}... is not a valid phone number or sender id.`);
    const body = form.get('Body')?.[0] ?? '';
    const mediaUrls = (form.get('MediaUrl') ?? []).map((u) => u.trim()).filter(Boolean);
    if (body === '' && mediaUrls.length === 0) throw new TwilioError(400, 21602, 'Message body is required.');
    if (body.length > MAX_SINK_BODY) throw new TwilioError(400, 21617, `The concatenated message body exceeds the ${MAX_SINK_BODY} character limit.`);
    if (mediaUrls.length > MAX_MEDIA_URLS) throw new TwilioError(400, 21623, `Too many media URLs: at most ${MAX_MEDIA_URLS}.`);
    for (const url of mediaUrls) if (!isHttpUrl(url)) throw new TwilioError(400, 21620, `Invalid media URL: ${url.slice(0, 200)}`);
    const callbackUrl = one(form, 'StatusCallback');
    if (callbackUrl !== undefined && !isHttpUrl(callbackUrl)) throw new TwilioError(400, 21609, `Invalid StatusCallback URL: ${callbackUrl.slice(0, 200)}`);

    // To: a number of the carrier (any tenant's), or any number libphonenumber-js calls valid.
    const toValidation = validatePhone(toText);
    const recipient = await this.phones.findAnyByNumber(toValidation.phoneNumber);
    if (!recipient && !toValidation.isValid) throw new TwilioError(400, 21211, `Invalid 'To' Phone Number: ${toText.slice(0, 64)}`);
    const to = recipient?.phoneNumber ?? toValidation.phoneNumber;
    // From: a number the account holds is a send from it; anything else is the app's sender id, kept as given.
    const fromValidation = validatePhone(fromText);
    const sender = fromValidation.countryPrefix ? await this.phones.findByNumber(caller.tenantId, fromValidation.phoneNumber) : undefined;
    const from = sender?.phoneNumber ?? (fromValidation.isValid ? fromValidation.phoneNumber : fromText);

    if (sender) await this.guarded(sender, to);

    const fails = isFailNumber(to, this.settings.failNumbers);
    // Media first: a message whose media cannot be fetched is refused whole, nothing half stored.
    const fetched = recipient && !fails ? await this.fetchMedia(mediaUrls) : [];
    const delivered = recipient && !fails
      ? await this.sms.deliver(recipient, from, body, { beforePublish: (sms) => this.storeMedia(sms.id, recipient, sms.createdAt, fetched) })
      : undefined;
    const now = this.clock.now();
    const record: SentSmsRecord = {
      id: newId(), tenantId: caller.tenantId, phoneId: sender?.id ?? null, fromNumber: from, toNumber: to, body,
      replyToId: null, deliveredSmsId: delivered?.id ?? null, accountSid: caller.accountSid,
      status: fails ? 'failed' : 'delivered', errorCode: fails ? FAIL_ERROR_CODE : null, createdAt: now, updatedAt: now,
    };
    await this.sent.create(record);
    this.sms.announceSent(record);
    // outside the carrier and not configured to fail: forwarded to the real provider as well
    if (!recipient && !fails && this.forwarder) await this.forwarder.queue(record);
    if (callbackUrl) await this.queueCallbacks(caller, record, callbackUrl);
    return messageResource({ ...this.viewOf(record, fetched.length), status: 'queued', errorCode: null });
  }

  /** Messages/{Sid}.json: a sink message of this account, 20404 otherwise (another tenant's too). */
  async get(caller: SinkCaller, sid: string): Promise<ReturnType<typeof messageResource>> {
    const id = idOfSid(sid);
    const record = id ? await this.sent.findById(caller.tenantId, id) : undefined;
    if (!record || record.accountSid !== caller.accountSid) {
      throw new TwilioError(404, 20404, `The requested resource ${`/${API_VERSION}/Accounts/${caller.accountSid}/Messages/${sid}.json`.slice(0, 300)} was not found`);
    }
    return messageResource(this.viewOf(record, await this.mediaCount(record)));
  }

  /** Messages.json GET: the account's sink messages, newest first, Twilio's page shape. */
  async list(caller: SinkCaller, page: number, pageSize: number) {
    const slice = await this.sent.page(caller.tenantId, { accountSid: caller.accountSid }, { page, size: pageSize, sort: 'DESC' });
    const messages = await Promise.all(slice.items.map(async (r) => messageResource(this.viewOf(r, await this.mediaCount(r)))));
    const base = `/${API_VERSION}/Accounts/${caller.accountSid}/Messages.json`;
    const pageUri = (n: number) => `${base}?PageSize=${pageSize}&Page=${n}`;
    const start = page * pageSize;
    return {
      messages,
      page,
      page_size: pageSize,
      start,
      end: start + Math.max(messages.length - 1, 0),
      uri: pageUri(page),
      first_page_uri: pageUri(0),
      next_page_uri: start + messages.length < slice.total ? pageUri(page + 1) : null,
      previous_page_uri: page > 0 ? pageUri(page - 1) : null,
    };
  }

  /** The automation job: POSTs one callback, then queues the next; a non-2xx answer is retried. */
  async runCallbackJob(job: ClaimedAutomationJob): Promise<Record<string, unknown>> {
    const callbacks = (job.payload?.callbacks ?? []) as Callback[];
    const [first, ...rest] = callbacks;
    if (!first) return { posted: null };
    const blockPrivate = typeof this.settings.blockPrivate === 'function' ? await this.settings.blockPrivate() : this.settings.blockPrivate;
    const attempt = await postWebhook({
      url: first.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': first.signature, 'user-agent': 'Pigeonhole-SMS-Sink' },
      body: new URLSearchParams(first.params).toString(),
    }, { timeoutMs: this.settings.timeoutMs, blockPrivate, allow: this.settings.allow });
    if (attempt.status === null || attempt.status < 200 || attempt.status >= 300) {
      throw new Error(`status callback ${first.params.MessageStatus} to ${first.url}: ${attempt.error ?? `answered ${attempt.status}`}`);
    }
    if (rest.length > 0) {
      await this.jobs.enqueue([{ ...this.jobOf(job.tenantId, job.subjectId ?? '', rest), createdAt: this.clock.now() }]);
      this.wake();
    }
    return { posted: first.params.MessageStatus, status: attempt.status };
  }

  private async queueCallbacks(caller: SinkCaller, record: SentSmsRecord, url: string): Promise<void> {
    const statuses = record.status === 'failed' ? ['queued', 'failed'] : ['queued', 'sent', 'delivered'];
    const sid = smsSid(record.id);
    const callbacks = statuses.map((status): Callback => {
      const params: Record<string, string> = {
        AccountSid: caller.accountSid, ApiVersion: API_VERSION, From: record.fromNumber, To: record.toNumber,
        MessageSid: sid, SmsSid: sid, MessageStatus: status, SmsStatus: status,
        ...(status === 'failed' && record.errorCode !== null && record.errorCode !== undefined ? { ErrorCode: String(record.errorCode) } : {}),
      };
      // Signed now with the key the app used: the key itself is never stored with the job.
      return { url, params, signature: twilioSignature(caller.authToken, url, params) };
    });
    await this.jobs.enqueue([{ ...this.jobOf(caller.tenantId, record.id, callbacks), createdAt: this.clock.now() }]);
    this.wake();
  }

  private jobOf(tenantId: string, messageId: string, callbacks: Callback[]) {
    return {
      id: newId(), tenantId, kind: SMS_STATUS_CALLBACK, subjectId: messageId, inboxId: null, emailId: null,
      payload: { callbacks } as unknown as Record<string, unknown>, nextAttemptAt: this.clock.now(),
    } as const;
  }

  private async fetchMedia(urls: string[]): Promise<Array<{ url: string; contentType: string | null; body: Buffer }>> {
    const blockPrivate = typeof this.settings.blockPrivate === 'function' ? await this.settings.blockPrivate() : this.settings.blockPrivate;
    const fetched = [];
    for (const url of urls) {
      let answer;
      try {
        answer = await fetchBytes(url, { timeoutMs: this.settings.timeoutMs, blockPrivate, allow: this.settings.allow, maxBytes: MAX_MEDIA_BYTES });
      } catch (err) {
        throw new TwilioError(400, 21620, `Invalid media URL ${url.slice(0, 200)}: ${(err as Error).message}`);
      }
      if (answer.status < 200 || answer.status >= 300) throw new TwilioError(400, 21620, `Invalid media URL ${url.slice(0, 200)}: it answered ${answer.status}`);
      fetched.push({ url, contentType: answer.contentType, body: answer.body });
    }
    return fetched;
  }

  private async storeMedia(smsId: string, phone: PhoneNumberRecord, at: Date, fetched: Array<{ url: string; contentType: string | null; body: Buffer }>): Promise<void> {
    for (const [position, item] of fetched.entries()) {
      await this.media.create({
        id: newId(), tenantId: phone.tenantId, smsId, phoneId: phone.id, position, url: item.url, contentType: item.contentType,
        size: item.body.length, createdAt: at,
      }, item.body);
    }
  }

  private async mediaCount(record: SentSmsRecord): Promise<number> {
    // The media are the delivered SMS's, kept by whoever holds the receiving number.
    if (!record.deliveredSmsId) return 0;
    const phone = await this.phones.findAnyByNumber(record.toNumber);
    return phone ? (await this.media.listOfSms(phone.tenantId, [record.deliveredSmsId])).length : 0;
  }

  private viewOf(record: SentSmsRecord, numMedia: number): MessageView {
    // a forwarded message: its status is the provider's (queued until the provider answered)
    const relay = record.relay;
    if (relay) {
      return {
        sid: smsSid(record.id), accountSid: record.accountSid ?? '', from: record.fromNumber, to: record.toNumber, body: record.body,
        status: relay.status === 'pending' ? 'queued' : relay.status, errorCode: relay.status === 'failed' ? relay.errorCode : null,
        errorMessage: relay.status === 'failed' ? relay.error : null, numMedia, createdAt: record.createdAt, updatedAt: relay.updatedAt,
      };
    }
    return {
      sid: smsSid(record.id), accountSid: record.accountSid ?? '', from: record.fromNumber, to: record.toNumber, body: record.body,
      status: record.status ?? 'delivered', errorCode: record.errorCode ?? null, numMedia, createdAt: record.createdAt, updatedAt: record.updatedAt,
    };
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && text.length <= 2048;
  } catch {
    return false;
  }
}
