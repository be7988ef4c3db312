import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';
import { checkedAlgorithm, normalizeBase32, parseOtpAuthUrl, totpCode } from './totp.js';
import type { TotpAlgorithm } from '../../storage/ports.js';

/** RFC 6238 appendix B: 8-digit codes, 30 s periods, ASCII seeds of 20, 32 and 64 bytes. */
const SEEDS: Record<TotpAlgorithm, string> = {
  SHA1: '12345678901234567890',
  SHA256: '12345678901234567890123456789012',
  SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
};
const VECTORS: Array<[seconds: number, codes: Record<TotpAlgorithm, string>]> = [
  [59, { SHA1: '94287082', SHA256: '46119246', SHA512: '90693936' }],
  [1111111109, { SHA1: '07081804', SHA256: '68084774', SHA512: '25091201' }],
  [1111111111, { SHA1: '14050471', SHA256: '67062674', SHA512: '99943326' }],
  [1234567890, { SHA1: '89005924', SHA256: '91819424', SHA512: '93441116' }],
  [2000000000, { SHA1: '69279037', SHA256: '90698825', SHA512: '38618901' }],
  [20000000000, { SHA1: '65353130', SHA256: '77737706', SHA512: '47863826' }],
];
const base32Of = (ascii: string) => OTPAuth.Secret.fromLatin1(ascii).base32;

describe('totp codes', () => {
  for (const algorithm of ['SHA1', 'SHA256', 'SHA512'] as const) {
    test(`RFC 6238 test vectors, ${algorithm}`, () => {
      for (const [seconds, codes] of VECTORS) {
        const at = new Date(seconds * 1000);
        const got = totpCode({ secretBase32: base32Of(SEEDS[algorithm]), algorithm, digits: 8, period: 30 }, at);
        assert.equal(got.code, codes[algorithm], `${algorithm} at ${seconds}`);
        assert.equal(got.periodStart.getTime(), Math.floor(seconds / 30) * 30_000);
        assert.equal(got.expiresAt.getTime(), got.periodStart.getTime() + 30_000);
      }
    });
  }

  test('equal to what an otpauth TOTP computes, for other digits and periods', () => {
    const secret = new OTPAuth.Secret({ size: 20 });
    for (const [algorithm, digits, period] of [['SHA1', 6, 30], ['SHA256', 7, 60], ['SHA512', 10, 15]] as const) {
      const reference = new OTPAuth.TOTP({ secret, algorithm, digits, period });
      for (const ms of [0, 1_700_000_000_123, Date.now()]) {
        assert.equal(totpCode({ secretBase32: secret.base32, algorithm, digits, period }, new Date(ms)).code, reference.generate({ timestamp: ms }));
      }
    }
  });

  test('base32 secrets as users paste them; anything else is refused by name', () => {
    assert.equal(normalizeBase32('jbsw y3dp ehpk 3pxp====', 'base32SecretKey'), 'JBSWY3DPEHPK3PXP');
    assert.throws(() => normalizeBase32('not base32!', 'secret'), /secret must be base32/);
    assert.throws(() => normalizeBase32('  ', 'secret'), /secret must not be empty/);
    assert.equal(checkedAlgorithm('sha-256'), 'SHA256');
    assert.throws(() => checkedAlgorithm('MD5'), /algorithm must be one of SHA1, SHA256, SHA512/);
  });

  test('otpauth:// URLs: label, issuer and parameters; hotp and nonsense refused', () => {
    const parsed = parseOtpAuthUrl('otpauth://totp/ACME%20Co:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME%20Co&algorithm=SHA512&digits=8&period=60');
    assert.deepEqual(parsed, { label: 'alice@example.com', issuer: 'ACME Co', secretBase32: 'JBSWY3DPEHPK3PXP', algorithm: 'SHA512', digits: 8, period: 60 });
    assert.throws(() => parseOtpAuthUrl('otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&counter=1'), /must be an otpauth:\/\/totp\//);
    assert.throws(() => parseOtpAuthUrl('https://example.com'), /otpAuthUrl is not a valid otpauth:\/\/ URL/);
  });
});
