import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { FakePostmasterRepository } from '../../../test/fakes/postmaster-repository.js';
import { PostmasterService, type PostmasterClientSettings } from './postmaster.service.js';

const client: PostmasterClientSettings = {
  clientId: 'cid', clientSecret: 'secret', redirectUri: 'https://app.test/cb',
  authUrl: 'https://auth.test/o/oauth2/v2/auth', tokenUrl: 'https://auth.test/token', apiUrl: 'https://api.test',
};

/** Answers like Google's token endpoint and Postmaster Tools API, recording each request. */
function google(handlers: { token?: (form: URLSearchParams) => [number, unknown]; api?: (url: URL) => [number, unknown] }) {
  const calls: string[] = [];
  const fetchImpl = (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    const [status, body] = url.pathname === '/token'
      ? handlers.token!(new URLSearchParams(String(init?.body)))
      : handlers.api!(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const isBadRequest = (pattern: RegExp) => (err: unknown) => err instanceof AppError && err.code === 'BAD_REQUEST' && pattern.test(err.message);

test('without an OAuth client every Google operation is a 400 naming the settings; reads answer nothing', async () => {
  const service = new PostmasterService(new FakePostmasterRepository(), new ManualClock(), undefined);
  await assert.rejects(service.createConnection('t1', {}), isBadRequest(/PIGEONHOLE_POSTMASTER_CLIENT_ID/));
  await assert.rejects(service.syncDomains('t1'), isBadRequest(/PIGEONHOLE_POSTMASTER_REDIRECT_URI/));
  assert.equal(await service.connection('t1'), undefined);
  assert.deepEqual(await service.domains('t1'), []);
});

test('the code is exchanged only with the state handed to the same tenant, once; tokens are refreshed when expired', async () => {
  const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
  const repo = new FakePostmasterRepository();
  let issued = 0;
  const g = google({
    token: (form) => {
      if (form.get('client_secret') !== 'secret') return [401, { error: 'invalid_client' }];
      if (form.get('grant_type') === 'authorization_code') {
        return form.get('code') === 'good' ? [200, { access_token: `at${++issued}`, expires_in: 3600, refresh_token: 'rt' }] : [400, { error: 'invalid_grant', error_description: 'Bad code' }];
      }
      return form.get('refresh_token') === 'rt' ? [200, { access_token: `at${++issued}`, expires_in: 3600 }] : [400, { error: 'invalid_grant' }];
    },
    api: (url) => {
      if (url.pathname === '/v1/domains') {
        return url.searchParams.get('pageToken') === 'p2'
          ? [200, { domains: [{ name: 'domains/b.test', permission: 'READER' }] }]
          : [200, { domains: [{ name: 'domains/a.test', createTime: '2024-01-01T00:00:00Z', permission: 'OWNER' }], nextPageToken: 'p2' }];
      }
      return [200, { trafficStats: [{ name: 'domains/a.test/trafficStats/20251231', domainReputation: 'HIGH' }] }];
    },
  });
  const service = new PostmasterService(repo, clock, client, g.fetchImpl);

  await assert.rejects(service.createConnection('t1', { redirectUri: 'https://evil.test/cb' }), isBadRequest(/PIGEONHOLE_POSTMASTER_REDIRECT_URI/));
  const a = await service.createConnection('t1', { emailAddress: 'pm@a.test', state: 'mine' });
  assert.match(a.state, /\.mine$/);
  const url = new URL(a.url);
  assert.equal(url.searchParams.get('scope'), 'https://www.googleapis.com/auth/postmaster.readonly');
  assert.equal(url.searchParams.get('state'), a.state);
  const other = await service.createConnection('t2', {});

  await assert.rejects(service.exchangeCode('t1', { authorizationCode: 'good', redirectUri: client.redirectUri, state: other.state }), isBadRequest(/state/));
  await assert.rejects(service.exchangeCode('t1', { authorizationCode: 'good', redirectUri: 'https://app.test/other', state: a.state }), isBadRequest(/redirectUri/));
  const connected = await service.exchangeCode('t1', { authorizationCode: 'good', redirectUri: client.redirectUri, state: a.state });
  assert.deepEqual([connected.status, connected.accessToken, connected.refreshToken, connected.connectedEmail], ['CONNECTED', 'at1', 'rt', 'pm@a.test']);
  assert.equal(connected.tokenExpiresAt?.toISOString(), '2026-01-01T01:00:00.000Z');
  await assert.rejects(service.exchangeCode('t1', { authorizationCode: 'good', redirectUri: client.redirectUri, state: a.state }), isBadRequest(/state/), 'single use');

  const domains = await service.syncDomains('t1');
  assert.deepEqual(domains.map((d) => [d.domain, d.permission]), [['a.test', 'OWNER'], ['b.test', 'READER']]);
  assert.ok(g.calls.includes('GET /v1/domains?pageSize=100&pageToken=p2'));
  assert.equal(issued, 1, 'a valid token is not refreshed');

  clock.advance(2 * 3600_000);
  const stats = await service.syncTrafficStats('t1', 'A.test', { startDate: '2025-12-01', endDate: '2025-12-31' });
  assert.equal(issued, 2, 'an expired token is refreshed first');
  assert.deepEqual(stats.map((s) => [s.domain, s.reportDate, s.payload.domainReputation]), [['a.test', '2025-12-31', 'HIGH']]);
  assert.ok(g.calls.some((c) => c.startsWith('GET /v1/domains/a.test/trafficStats?startDate.year=2025&startDate.month=12&startDate.day=1&endDate.year=2026&endDate.month=1&endDate.day=1')));
  assert.equal((await repo.connection('t1'))?.lastSyncedAt?.getTime(), clock.now().getTime());

  await service.disconnect('t1');
  assert.equal(await service.connection('t1'), undefined);
  assert.deepEqual(await service.domains('t1'), []);
  assert.ok(await service.connection('t2'), "t2's pending connection stays");
});

test('a refused code marks the connection ERROR with Google\'s reason', async () => {
  const repo = new FakePostmasterRepository();
  const g = google({ token: () => [400, { error: 'invalid_grant', error_description: 'Malformed auth code.' }] });
  const service = new PostmasterService(repo, new ManualClock(), client, g.fetchImpl);
  const { state } = await service.createConnection('t1', {});
  await assert.rejects(service.exchangeCode('t1', { authorizationCode: 'bad', redirectUri: client.redirectUri, state }), isBadRequest(/invalid_grant: Malformed auth code/));
  const c = await repo.connection('t1');
  assert.deepEqual([c?.status, c?.lastError, c?.accessToken], ['ERROR', 'invalid_grant: Malformed auth code.', null]);
});
