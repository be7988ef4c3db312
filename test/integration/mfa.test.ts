import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';
import { GetTotpDevicesSortEnum } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';

const SECRET = 'JBSWY3DPEHPK3PXP';

describeEachDialect('virtual TOTP devices (MFAController)', (dialect) => {
  let server: TestServer;
  let alice: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
  });
  after(() => server?.close());

  test('create three ways, get, find, page, update, delete; the secret is never answered', async () => {
    const mfa = alice.mailslurp.mfaController;
    const plain = await mfa.createTotpDeviceForBase32SecretKey({ createTotpDeviceBase32SecretKeyOptions: { base32SecretKey: SECRET, name: 'plain', issuer: 'ACME', username: 'alice' } });
    assert.deepEqual([plain.name, plain.issuer, plain.username, plain.digits, plain.period, plain.algorithm], ['plain', 'ACME', 'alice', 6, 30, 'SHA1']);
    assert.ok(plain.createdAt instanceof Date);
    const custom = await mfa.createTotpDeviceForCustom({ createTotpDeviceCustomOptions: { secret: SECRET, digits: 8, period: 60, algorithm: 'SHA512', issuer: 'ACME' } });
    assert.deepEqual([custom.digits, custom.period, custom.algorithm], [8, 60, 'SHA512']);
    const fromUrl = await mfa.createTotpDeviceForOtpAuthUrl({
      createTotpDeviceOtpAuthUrlOptions: { otpAuthUrl: `otpauth://totp/Other:bob%40example.com?secret=${SECRET}&issuer=Other&algorithm=SHA256&digits=7` },
    });
    assert.deepEqual([fromUrl.name, fromUrl.username, fromUrl.issuer, fromUrl.algorithm, fromUrl.digits], ['bob@example.com', 'bob@example.com', 'Other', 'SHA256', 7]);

    const raw = await (await fetch(`${server.url}/mfa/totp/device/${plain.id}`, { headers: { 'x-api-key': alice.apiKey } })).text();
    assert.ok(!raw.includes(SECRET), 'the secret is not answered');
    assert.deepEqual(await mfa.getTotpDevice({ id: plain.id }), plain);

    assert.equal((await mfa.getTotpDeviceBy({ issuer: 'ACME' })).device?.id, custom.id, 'the newest match');
    assert.equal((await mfa.getTotpDeviceBy({ issuer: 'ACME', username: 'alice' })).device?.id, plain.id);
    // the wire says device: null; the client's model reads it as no device
    assert.equal((await mfa.getTotpDeviceBy({ name: 'nobody' })).device ?? null, null);

    const page = await mfa.getTotpDevices({ issuer: 'ACME', sort: GetTotpDevicesSortEnum.DESC, size: 1 });
    assert.deepEqual([page.content?.map((d) => d.id), page.totalElements, page.totalPages], [[custom.id], 2, 2]);
    assert.equal((await mfa.getTotpDevices({})).totalElements, 3);

    const updated = await mfa.updateTotpDevice({ id: plain.id, updateTotpDeviceOptions: { name: 'renamed', period: 60 } });
    assert.deepEqual([updated.name, updated.issuer, updated.period], ['renamed', 'ACME', 60]);
    assert.ok(updated.updatedAt.getTime() >= plain.updatedAt.getTime());

    await mfa.deleteTotpDevice({ id: fromUrl.id });
    assert.equal((await refusal(mfa.getTotpDevice({ id: fromUrl.id }))).status, 404);
  });

  test('codes equal otpauth now, at an instant (30 s ahead without sleeping), and past a dying code', async () => {
    const mfa = alice.mailslurp.mfaController;
    const device = await mfa.createTotpDeviceForCustom({ createTotpDeviceCustomOptions: { secret: SECRET, algorithm: 'SHA256', digits: 8 } });
    const reference = new OTPAuth.TOTP({ secret: SECRET, algorithm: 'SHA256', digits: 8 });

    const at = new Date('2030-06-01T12:00:10.000Z');
    const then = await mfa.getTotpDeviceCode({ id: device.id, at });
    assert.deepEqual([then.code, then.expiresAt?.toISOString()], [reference.generate({ timestamp: at.getTime() }), '2030-06-01T12:00:30.000Z']);
    const ahead = await mfa.getTotpDeviceCode({ id: device.id, at: new Date(at.getTime() + 30_000) });
    assert.deepEqual([ahead.code, ahead.expiresAt?.toISOString()], [reference.generate({ timestamp: at.getTime() + 30_000 }), '2030-06-01T12:01:00.000Z']);
    // 20 s left at `at`: asking for at least 25 gives the next period's code
    assert.deepEqual(await mfa.getTotpDeviceCode({ id: device.id, at, minSecondsUntilExpire: 25 }), ahead);

    const before = Date.now();
    const now = await mfa.getTotpDeviceCode({ id: device.id });
    const after = Date.now();
    const expected = new Set([reference.generate({ timestamp: before }), reference.generate({ timestamp: after })]);
    assert.ok(expected.has(now.code), 'the code of now');
    assert.ok(now.expiresAt!.getTime() > before);
  });

  test("a device's clock offset (Pigeonhole's own field, over plain HTTP) moves its codes", async () => {
    const made = await fetch(`${server.url}/mfa/totp/device/base32SecretKey`, {
      method: 'POST', headers: { 'x-api-key': alice.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ base32SecretKey: SECRET, clockOffsetSeconds: 30 }),
    });
    const device = (await made.json()) as { id: string; clockOffsetSeconds: number };
    assert.deepEqual([made.status, device.clockOffsetSeconds], [200, 30]);
    const reference = new OTPAuth.TOTP({ secret: SECRET });
    const at = new Date('2030-06-01T12:00:10.000Z');
    const shown = await alice.mailslurp.mfaController.getTotpDeviceCode({ id: device.id, at });
    assert.deepEqual([shown.code, shown.expiresAt?.toISOString()], [reference.generate({ timestamp: at.getTime() + 30_000 }), '2030-06-01T12:00:30.000Z']);
  });

  test('bad input is a 400 naming what is wrong', async () => {
    const mfa = alice.mailslurp.mfaController;
    const notBase32 = await refusal(mfa.createTotpDeviceForBase32SecretKey({ createTotpDeviceBase32SecretKeyOptions: { base32SecretKey: 'not base32!' } }));
    assert.equal(notBase32.status, 400);
    assert.match(notBase32.message, /base32SecretKey must be base32/);
    const algorithm = await refusal(mfa.createTotpDeviceForCustom({ createTotpDeviceCustomOptions: { secret: SECRET, algorithm: 'MD5' } }));
    assert.deepEqual([algorithm.status, /algorithm must be one of SHA1, SHA256, SHA512/.test(algorithm.message)], [400, true]);
    const hotp = await refusal(mfa.createTotpDeviceForOtpAuthUrl({ createTotpDeviceOtpAuthUrlOptions: { otpAuthUrl: `otpauth://hotp/x?secret=${SECRET}&counter=0` } }));
    assert.deepEqual([hotp.status, /otpauth:\/\/totp\//.test(hotp.message)], [400, true]);
    const device = await mfa.createTotpDeviceForBase32SecretKey({ createTotpDeviceBase32SecretKeyOptions: { base32SecretKey: SECRET } });
    const min = await refusal(mfa.getTotpDeviceCode({ id: device.id, minSecondsUntilExpire: 30 }));
    assert.deepEqual([min.status, /less than the device's period/.test(min.message)], [400, true]);
  });
});
