/**
 * Twilio's Messages resource as the sink speaks it: the JSON a message answers, the error
 * shape, the form a request carries and the X-Twilio-Signature of status callbacks. Pure
 * functions, written from Twilio's public documentation; another provider's shape is one more
 * file like this beside the sink service (see README, "SMS sink").
 */
import { createHmac } from 'node:crypto';

export const API_VERSION = '2010-04-01';

/** A Twilio error: the HTTP status and Twilio's numeric code, answered as `{code, message, more_info, status}`. */
export class TwilioError extends Error {
  constructor(readonly status: number, readonly code: number, message: string) {
    super(message);
  }

  toJSON() {
    return { code: this.code, message: this.message, more_info: `https://www.twilio.com/docs/errors/${this.code}`, status: this.status };
  }
}

export const missingParameter = (name: string, code = 21604) => new TwilioError(400, code, `A '${name}' phone number is required.`);

/** A form body (application/x-www-form-urlencoded) as Twilio reads it: repeated names (MediaUrl) keep every value. */
export function parseForm(body: Buffer | string): Map<string, string[]> {
  const form = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) {
    form.set(name, [...(form.get(name) ?? []), value]);
  }
  return form;
}

/**
 * X-Twilio-Signature: base64 of HMAC-SHA1, keyed with the auth token, over the full URL followed
 * by each POST parameter's name and value, names sorted (a repeated name: each value, sorted).
 */
export function twilioSignature(authToken: string, url: string, params: Readonly<Record<string, string | readonly string[]>>): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name]!;
    const values = typeof value === 'string' ? [value] : [...value].sort();
    for (const one of values) data += name + one;
  }
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** RFC 2822 date as Twilio writes them: "Wed, 25 Nov 2026 05:50:20 +0000". */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

// GSM 03.38 basic character set; the extension table's characters take two septets.
const GSM_BASIC = new Set([...'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà']);
const GSM_EXTENDED = new Set([...'^{}\\[~]|€\f']);

/**
 * How many SMS a body takes: GSM-7 when every character is in the GSM alphabet (160 septets,
 * 153 per part when split), else UCS-2 (70 code units, 67 per part). An empty body (MMS only): 1.
 */
export function segmentCount(body: string): number {
  let septets = 0;
  let gsm = true;
  for (const char of body) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else { gsm = false; break; }
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  const units = body.length; // UTF-16 code units, as UCS-2 counts them
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** Whether a number is one the sink is told to fail: an entry equal to it, or a prefix of it. */
export function isFailNumber(number: string, failNumbers: readonly string[]): boolean {
  return failNumbers.some((entry) => number.startsWith(entry));
}

/** What the resource is built from. */
export interface MessageView {
  sid: string;
  accountSid: string;
  from: string;
  to: string;
  body: string;
  /** the status at the time of the answer: queued in the create answer, the final one afterwards */
  status: string;
  errorCode: number | null;
  /** the error message when another provider gave it (a forwarded message); else Twilio's text for errorCode */
  errorMessage?: string | null;
  numMedia: number;
  createdAt: Date;
  updatedAt: Date;
}

export const messagePath = (accountSid: string, sid: string) => `/${API_VERSION}/Accounts/${accountSid}/Messages/${sid}`;

const ERROR_MESSAGES: Record<number, string> = {
  30003: 'Unreachable destination handset',
};

/** Twilio's JSON message resource. Price is null: the simulated carrier charges nothing. */
export function messageResource(m: MessageView) {
  const path = messagePath(m.accountSid, m.sid);
  return {
    account_sid: m.accountSid,
    api_version: API_VERSION,
    body: m.body,
    date_created: rfc2822(m.createdAt),
    date_sent: m.status === 'queued' ? null : rfc2822(m.createdAt),
    date_updated: rfc2822(m.updatedAt),
    direction: 'outbound-api',
    error_code: m.errorCode,
    error_message: m.errorMessage ?? (m.errorCode === null ? null : (ERROR_MESSAGES[m.errorCode] ?? null)),
    from: m.from,
    messaging_service_sid: null,
    num_media: String(m.numMedia),
    num_segments: String(segmentCount(m.body)),
    price: null,
    price_unit: null,
    sid: m.sid,
    status: m.status,
    subresource_uris: { media: `${path}/Media.json` },
    to: m.to,
    uri: `${path}.json`,
  };
}
