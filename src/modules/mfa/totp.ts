/**
 * TOTP (RFC 6238) codes of a virtual device, computed by the `otpauth` package so a code here
 * is the code any authenticator app shows for the same secret and instant.
 */
import * as OTPAuth from 'otpauth';
import { badRequest } from '../../core/errors.js';
import type { TotpAlgorithm } from '../../storage/ports.js';

export const TOTP_ALGORITHMS: readonly TotpAlgorithm[] = ['SHA1', 'SHA256', 'SHA512'];
/** RFC 4226 asks for 6 at least; authenticators show at most 10 (a 31-bit value has 10 digits). */
export const MIN_DIGITS = 6;
export const MAX_DIGITS = 10;
/** seconds; a day is far beyond any real issuer and keeps periods countable */
export const MAX_PERIOD = 86_400;
/** seconds a device's clock may be set off the server's, either way: a day */
export const MAX_CLOCK_OFFSET = 86_400;

export interface TotpParameters {
  secretBase32: string;
  algorithm: TotpAlgorithm;
  digits: number;
  period: number;
}

export interface TotpCode {
  code: string;
  /** the start of the period the code belongs to */
  periodStart: Date;
  /** the end of that period: the code is no longer valid from this instant */
  expiresAt: Date;
}

/** The code of the period holding `at`. */
export function totpCode(p: TotpParameters, at: Date): TotpCode {
  const timestamp = at.getTime();
  const code = OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(p.secretBase32),
    algorithm: p.algorithm,
    digits: p.digits,
    period: p.period,
    timestamp,
  });
  const periodMs = p.period * 1000;
  const start = Math.floor(timestamp / periodMs) * periodMs;
  return { code, periodStart: new Date(start), expiresAt: new Date(start + periodMs) };
}

/**
 * A base32 secret as users paste it (lower case, spaces, `=` padding) in its canonical form;
 * a 400 naming the field when it is not base32 or is empty.
 */
export function normalizeBase32(secret: string, field: string): string {
  const canonical = secret.replace(/[\s-]/g, '').replace(/=+$/, '').toUpperCase();
  if (!canonical) throw badRequest(`${field} must not be empty`);
  if (!/^[A-Z2-7]+$/.test(canonical)) throw badRequest(`${field} must be base32 (RFC 4648: letters A-Z and digits 2-7)`);
  // at least one whole byte: a shorter secret decodes to nothing
  if ((canonical.length * 5) / 8 < 1) throw badRequest(`${field} is too short to hold a secret`);
  return canonical;
}

export function checkedAlgorithm(value: string): TotpAlgorithm {
  const upper = value.trim().toUpperCase().replace(/^SHA-/, 'SHA');
  const found = TOTP_ALGORITHMS.find((a) => a === upper);
  if (!found) throw badRequest(`algorithm must be one of ${TOTP_ALGORITHMS.join(', ')}, not ${value}`);
  return found;
}

export function checkedDigits(value: number): number {
  if (!Number.isInteger(value) || value < MIN_DIGITS || value > MAX_DIGITS) throw badRequest(`digits must be an integer from ${MIN_DIGITS} to ${MAX_DIGITS}`);
  return value;
}

export function checkedPeriod(value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_PERIOD) throw badRequest(`period must be a whole number of seconds from 1 to ${MAX_PERIOD}`);
  return value;
}

export function checkedClockOffset(value: number): number {
  if (!Number.isInteger(value) || Math.abs(value) > MAX_CLOCK_OFFSET) throw badRequest(`clockOffsetSeconds must be a whole number of seconds from -${MAX_CLOCK_OFFSET} to ${MAX_CLOCK_OFFSET}`);
  return value;
}

export interface ParsedOtpAuthUrl extends TotpParameters {
  /** the account part of the label */
  label: string | null;
  issuer: string | null;
}

/** An `otpauth://totp/...` URL as authenticator apps read it (Key Uri Format). */
export function parseOtpAuthUrl(url: string): ParsedOtpAuthUrl {
  let otp: OTPAuth.HOTP | OTPAuth.TOTP;
  try {
    otp = OTPAuth.URI.parse(url.trim());
  } catch (err) {
    throw badRequest(`otpAuthUrl is not a valid otpauth:// URL: ${(err as Error).message}`);
  }
  if (!(otp instanceof OTPAuth.TOTP)) throw badRequest('otpAuthUrl must be an otpauth://totp/ URL (counter-based hotp devices are not supported)');
  return {
    label: otp.label || null,
    issuer: otp.issuer || null,
    secretBase32: normalizeBase32(otp.secret.base32, 'the secret of otpAuthUrl'),
    algorithm: checkedAlgorithm(otp.algorithm),
    digits: checkedDigits(otp.digits),
    period: checkedPeriod(otp.period),
  };
}
