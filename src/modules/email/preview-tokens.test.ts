import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import { FakeServerSecretRepository, rejectsWith } from '../../../test/fakes/index.js';
import { PreviewTokenService, withPreviewToken } from './preview-tokens.js';

const EMAIL = '3f0c2a58-0d7e-4d5b-9a57-4c1f2a1b9e01';
const OTHER = '9b1d6c1e-5a43-4e8e-8d0a-2b7f0c3d4e55';
const TENANT = 'tenant-alice';
const TTL = 60_000;

function setup() {
  const clock = new ManualClock();
  const secrets = new FakeServerSecretRepository();
  return { clock, secrets, previews: new PreviewTokenService(secrets, clock, TTL) };
}

describe('preview tokens', () => {
  test('a token opens its own email for its tenant, until the TTL has passed', async () => {
    const { previews, clock } = setup();
    const { token, expiresAt } = await previews.sign('email', EMAIL, TENANT);
    assert.equal(expiresAt.getTime(), clock.now().getTime() + TTL);
    assert.deepEqual(await previews.verify(token, 'email', EMAIL), { tenantId: TENANT });
    assert.deepEqual(await previews.verify(token, 'email', EMAIL.toUpperCase()), { tenantId: TENANT }, 'ids compare case-insensitively');
    clock.advance(TTL - 1);
    assert.deepEqual(await previews.verify(token, 'email', EMAIL), { tenantId: TENANT });
    clock.advance(1);
    await rejectsWith(previews.verify(token, 'email', EMAIL), 'UNAUTHORIZED', /expired at .*getEmailPreviewURLs/);
  });

  test('a valid token for another email or the other scope is FORBIDDEN, naming what it opens', async () => {
    const { previews } = setup();
    const { token } = await previews.sign('email', EMAIL, TENANT);
    await rejectsWith(previews.verify(token, 'email', OTHER), 'FORBIDDEN', new RegExp(`opens email ${EMAIL} only, not email ${OTHER}`));
    await rejectsWith(previews.verify(token, 'sent', EMAIL), 'FORBIDDEN', /not sent email/);
  });

  test('altered, truncated or foreign tokens are UNAUTHORIZED', async () => {
    const { previews, clock } = setup();
    const { token } = await previews.sign('sent', EMAIL, TENANT);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const reencoded = (changes: object) => `${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${signature}`;
    const foreign = await new PreviewTokenService(new FakeServerSecretRepository(), clock, TTL).sign('sent', EMAIL, TENANT);
    for (const [what, bad] of [
      ['another id', reencoded({ id: OTHER })],
      ['another tenant', reencoded({ t: 'tenant-mallory' })],
      ['a later expiry', reencoded({ exp: claims.exp + TTL })],
      ['every signature character changed in turn', null],
      ['a signature of another server', foreign.token],
      ['no signature', payload],
      ['three parts', `${token}.x`],
      ['empty', ''],
    ] as Array<[string, string | null]>) {
      if (bad === null) {
        for (let i = 0; i < signature.length; i++) {
          const changed = signature.slice(0, i) + (signature[i] === 'A' ? 'B' : 'A') + signature.slice(i + 1);
          await rejectsWith(previews.verify(`${payload}.${changed}`, 'sent', EMAIL), 'UNAUTHORIZED', /Invalid preview token/, `${what}: ${i}`);
        }
        continue;
      }
      await rejectsWith(previews.verify(bad, 'sent', EMAIL), 'UNAUTHORIZED', /Invalid preview token/, what);
    }
  });

  test('the signing key is made once and kept: another service on the same store accepts the tokens', async () => {
    const { previews, secrets, clock } = setup();
    const { token } = await previews.sign('email', EMAIL, TENANT);
    assert.equal(secrets.secrets.size, 1);
    const [key] = [...secrets.secrets.values()];
    assert.match(key!, /^[0-9a-f]{64}$/);
    const sibling = new PreviewTokenService(secrets, clock, TTL);
    assert.deepEqual(await sibling.verify(token, 'email', EMAIL), { tenantId: TENANT });
    await sibling.sign('email', OTHER, TENANT);
    assert.deepEqual([...secrets.secrets.values()], [key], 'no second key');
  });

  test('a failed key read is not remembered: the next use reads again', async () => {
    const clock = new ManualClock();
    let failures = 1;
    const secrets = new FakeServerSecretRepository();
    const flaky = {
      getOrCreate: (name: string, candidate: string) => (failures-- > 0 ? Promise.reject(new Error('database down')) : secrets.getOrCreate(name, candidate)),
    };
    const previews = new PreviewTokenService(flaky, clock, TTL);
    await assert.rejects(previews.sign('email', EMAIL, TENANT), /database down/);
    const { token } = await previews.sign('email', EMAIL, TENANT);
    assert.deepEqual(await previews.verify(token, 'email', EMAIL), { tenantId: TENANT });
  });

  test('withPreviewToken adds the token to both links, URL-encoded', () => {
    const urls = withPreviewToken({ rawSmtpMessageUrl: 'http://h/emails/1/raw', plainHtmlBodyUrl: 'http://h/emails/1/html?x=1', origin: 'http://h' }, 'a.b+c');
    assert.deepEqual(urls, { rawSmtpMessageUrl: 'http://h/emails/1/raw?token=a.b%2Bc', plainHtmlBodyUrl: 'http://h/emails/1/html?x=1&token=a.b%2Bc', origin: 'http://h' });
  });
});
