import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';
import { fakeServices, rejectsWith } from '../../../test/fakes/index.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';
const SECRET = 'JBSWY3DPEHPK3PXP';

describe('virtual TOTP devices', () => {
  test('create from base32, custom and otpauth:// URL; fields given override the URL', async () => {
    const { services } = fakeServices();
    const { mfa } = services;
    const plain = await mfa.createFromBase32(ALICE, SECRET.toLowerCase(), { name: ' Plain ' });
    assert.deepEqual([plain.name, plain.secretBase32, plain.digits, plain.period, plain.algorithm], ['Plain', SECRET, 6, 30, 'SHA1']);
    const custom = await mfa.createFromBase32(ALICE, SECRET, { digits: 8, period: 60, algorithm: 'sha256' }, 'secret');
    assert.deepEqual([custom.digits, custom.period, custom.algorithm], [8, 60, 'SHA256']);
    const fromUrl = await mfa.createFromOtpAuthUrl(ALICE, `otpauth://totp/ACME:bob?secret=${SECRET}&issuer=ACME&digits=8`, { name: 'Mine' });
    assert.deepEqual([fromUrl.name, fromUrl.username, fromUrl.issuer, fromUrl.digits], ['Mine', 'bob', 'ACME', 8]);
    await rejectsWith(mfa.createFromBase32(ALICE, SECRET, { digits: 3 }), 'BAD_REQUEST', /digits must be an integer from 6 to 10/);
  });

  test('codes now, at an instant, and past a code about to expire', async () => {
    const { services, clock } = fakeServices();
    const { mfa } = services;
    const device = await mfa.createFromBase32(ALICE, SECRET, {});
    const reference = new OTPAuth.TOTP({ secret: SECRET });
    clock.set(new Date('2026-01-01T00:00:25.000Z'));
    const now = await mfa.code(ALICE, device.id);
    assert.equal(now.code, reference.generate({ timestamp: clock.now().getTime() }));
    assert.equal(now.expiresAt.toISOString(), '2026-01-01T00:00:30.000Z');
    // 30 s ahead without waiting
    const later = await mfa.code(ALICE, device.id, { at: new Date('2026-01-01T00:00:55.000Z') });
    assert.equal(later.code, reference.generate({ timestamp: Date.parse('2026-01-01T00:00:55.000Z') }));
    // 5 s left of this code: at least 10 are asked, so the next period's code
    const next = await mfa.code(ALICE, device.id, { minSecondsUntilExpire: 10 });
    assert.deepEqual(next, later);
    await rejectsWith(mfa.code(ALICE, device.id, { minSecondsUntilExpire: 30 }), 'BAD_REQUEST', /less than the device's period/);
  });

  test('a clock offset: the device shows the code of its own clock, times answered on the server\'s', async () => {
    const { services } = fakeServices();
    const { mfa } = services;
    const reference = new OTPAuth.TOTP({ secret: SECRET });
    const device = await mfa.createFromBase32(ALICE, SECRET, { clockOffsetSeconds: 40 });
    const at = new Date('2026-01-01T00:00:05.000Z');
    const shown = await mfa.code(ALICE, device.id, { at });
    // the device reads 00:00:45: the code of the period 00:00:30-00:01:00, which ends at 00:00:20 server time
    assert.equal(shown.code, reference.generate({ timestamp: Date.parse('2026-01-01T00:00:45.000Z') }));
    assert.equal(shown.expiresAt.toISOString(), '2026-01-01T00:00:20.000Z');
    const behind = await mfa.update(ALICE, device.id, { clockOffsetSeconds: -30 });
    assert.equal(behind.clockOffsetSeconds, -30);
    assert.equal((await mfa.code(ALICE, device.id, { at })).code, reference.generate({ timestamp: Date.parse('2025-12-31T23:59:35.000Z') }));
    await rejectsWith(mfa.update(ALICE, device.id, { clockOffsetSeconds: 90_000 }), 'BAD_REQUEST', /clockOffsetSeconds must be/);
  });

  test('update keeps what is not given; find, page, delete; another tenant sees nothing', async () => {
    const { services, clock } = fakeServices();
    const { mfa } = services;
    const a = await mfa.createFromBase32(ALICE, SECRET, { name: 'a', issuer: 'X', username: 'u1' });
    clock.advance(1000);
    const b = await mfa.createFromBase32(ALICE, SECRET, { name: 'b', issuer: 'X', username: 'u2' });
    const updated = await mfa.update(ALICE, a.id, { period: 60, name: null });
    assert.deepEqual([updated.name, updated.issuer, updated.period, updated.secretBase32], ['a', 'X', 60, SECRET]);
    assert.equal((await mfa.findBy(ALICE, { issuer: 'X' }))?.id, b.id);
    assert.equal((await mfa.findBy(ALICE, { username: 'u1' }))?.id, a.id);
    assert.equal(await mfa.findBy(ALICE, { name: 'none' }), undefined);
    const { slice } = await mfa.page(ALICE, { issuer: 'X', sort: 'DESC' });
    assert.deepEqual(slice.items.map((d) => d.id), [b.id, a.id]);
    await rejectsWith(mfa.get(BOB, a.id), 'NOT_FOUND');
    await rejectsWith(mfa.code(BOB, a.id), 'NOT_FOUND');
    assert.equal(await mfa.findBy(BOB, {}), undefined);
    await mfa.delete(ALICE, a.id);
    await rejectsWith(mfa.get(ALICE, a.id), 'NOT_FOUND');
  });
});
