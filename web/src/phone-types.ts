/** The phone and SMS models the dashboard reads (field names as in the official client's models). */

/** The countries createPhoneNumber accepts; a country needs a range in PIGEONHOLE_PHONE_RANGES to allocate. */
export const PHONE_COUNTRIES = ['US', 'GB', 'CA', 'AU', 'EE', 'HK', 'PL', 'CH', 'PT', 'NL', 'IL', 'FI', 'SE'] as const;

export interface PhoneNumber {
  id: string;
  name?: string | null;
  description?: string | null;
  phoneNumber: string;
  phoneCountry: string;
  tags: string[];
  createdAt: string;
  favourite?: boolean;
}

/** An SMS one of the numbers received (SmsProjection). */
export interface Sms {
  id: string;
  body: string;
  createdAt: string;
  phoneNumber: string;
  read: boolean;
  fromNumber: string;
}

/** An SMS one of the numbers sent (SentSmsProjection). */
export interface SentSms {
  id: string;
  body: string;
  createdAt: string;
  phoneNumber: string;
  fromNumber: string;
  toNumber: string;
  replyToId?: string | null;
}
