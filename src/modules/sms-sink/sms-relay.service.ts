import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { AutomationJobRepository, ClaimedAutomationJob, SentSmsRecord, SentSmsRepository, SmsRelayState } from '../../storage/ports.js';
import { API_VERSION } from './twilio.js';

/** The automation job kind of forwards to the configured provider (one job per sent SMS). */
export const SMS_RELAY = 'sms-relay';

/** PIGEONHOLE_SMS_RELAY_URL, split (config/config.ts SmsRelayTarget). */
export interface SmsRelaySettings {
  /** base URL without credentials, no trailing slash: https://api.twilio.com */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** PIGEONHOLE_SMS_RELAY_FROM; undefined = the sender as recorded */
  from: string | undefined;
  timeoutMs: number;
}

interface RelayPayload {
  to: string;
  from: string;
  body: string;
}

/** The provider refused the message (4xx): the job fails for good. */
class ProviderRefusal extends AppError {
  constructor(message: string) {
    super('BAD_REQUEST', message);
  }
}

/**
 * Forwards SMS to numbers outside the carrier to a real, Twilio-compatible provider: the sent
 * SMS is recorded as always, and a durable automation job POSTs it to the provider's Messages
 * resource (form-encoded To/From/Body, Basic auth with the account SID and auth token). What the
 * provider answers is kept on the sent SMS (`relay`) and in the job's result: its message SID and
 * status, or its error code and message. A 4xx refusal fails the job for good; a 5xx, a network
 * error or a timeout is retried with the worker's backoff. The provider URL is the operator's
 * setting, so it is trusted: the private-target rule of webhooks does not apply to it.
 */
export class SmsRelayService {
  constructor(
    private readonly sent: SentSmsRepository,
    private readonly jobs: AutomationJobRepository,
    private readonly clock: Clock,
    private readonly settings: SmsRelaySettings,
    private readonly wake: () => void = () => {},
  ) {}

  /** Queues the forward of a sent SMS just recorded (to a number outside the carrier) and marks it pending. */
  async queue(record: SentSmsRecord): Promise<SentSmsRecord> {
    const now = this.clock.now();
    const relay: SmsRelayState = { status: 'pending', sid: null, errorCode: null, error: null, updatedAt: now };
    await this.sent.setRelay(record.tenantId, record.id, relay);
    const payload: RelayPayload = { to: record.toNumber, from: this.settings.from ?? record.fromNumber, body: record.body };
    await this.jobs.enqueue([{
      id: newId(), tenantId: record.tenantId, kind: SMS_RELAY, subjectId: record.id, inboxId: null, emailId: null,
      payload: payload as unknown as Record<string, unknown>, nextAttemptAt: now, createdAt: now,
    }]);
    this.wake();
    return { ...record, relay };
  }

  /** The automation job: one POST to the provider. */
  async runJob(job: ClaimedAutomationJob): Promise<Record<string, unknown>> {
    const payload = job.payload as unknown as RelayPayload;
    const url = `${this.settings.baseUrl}/${API_VERSION}/Accounts/${encodeURIComponent(this.settings.accountSid)}/Messages.json`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.settings.accountSid}:${this.settings.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'user-agent': 'Pigeonhole-SMS-Relay',
        },
        body: new URLSearchParams({ To: payload.to, From: payload.from, Body: payload.body }).toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      const why = `the provider could not be reached: ${(err as Error).message}`;
      await this.record(job, { status: 'pending', sid: null, errorCode: null, error: why });
      throw new Error(why);
    }
    const answer = parseJson(text);
    if (response.status >= 200 && response.status < 300) {
      const sid = typeof answer?.sid === 'string' ? answer.sid : null;
      const status = typeof answer?.status === 'string' ? answer.status : 'accepted';
      await this.record(job, { status, sid, errorCode: null, error: null });
      return { providerStatus: response.status, sid, status };
    }
    const errorCode = typeof answer?.code === 'number' ? answer.code : null;
    const message = typeof answer?.message === 'string' ? answer.message.slice(0, 500) : `answered ${response.status}`;
    const error = `provider answered ${response.status}${errorCode === null ? '' : ` (error ${errorCode})`}: ${message}`;
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
      await this.record(job, { status: 'failed', sid: null, errorCode, error: message });
      throw new ProviderRefusal(error);
    }
    await this.record(job, { status: 'pending', sid: null, errorCode, error: message });
    throw new Error(error);
  }

  /** Told once when the job fails for good (a refusal, or retries exhausted): the sent SMS says failed. */
  async jobFailed(job: ClaimedAutomationJob, errorMessage: string): Promise<void> {
    const current = (await this.sent.findById(job.tenantId, job.subjectId ?? ''))?.relay;
    if (current?.status === 'failed') return;
    await this.record(job, { status: 'failed', sid: null, errorCode: current?.errorCode ?? null, error: current?.error ?? errorMessage });
  }

  private async record(job: ClaimedAutomationJob, state: Omit<SmsRelayState, 'updatedAt'>): Promise<void> {
    if (!job.subjectId) return;
    // the sent SMS may have been deleted meanwhile: the job's result still says what happened
    await this.sent.setRelay(job.tenantId, job.subjectId, { ...state, updatedAt: this.clock.now() });
  }
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
