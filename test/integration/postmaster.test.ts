import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, DomainMonitorPostmasterControllerApi, PostmasterConnectionDtoStatusEnum } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { startFakeGoogle, type FakeGoogle } from '../helpers/google-postmaster.js';

const REDIRECT = 'https://app.example.test/postmaster/callback';

function statsFor(domain: string, day: string, extra: Record<string, unknown> = {}) {
  return {
    name: `domains/${domain}/trafficStats/${day.replace(/-/g, '')}`,
    userReportedSpamRatio: 0.0012,
    ipReputations: [
      { reputation: 'HIGH', ipCount: '2', sampleIps: ['192.0.2.10', '192.0.2.11'] },
      { reputation: 'BAD', ipCount: '1', sampleIps: ['198.51.100.7'] },
    ],
    domainReputation: 'HIGH',
    spammyFeedbackLoops: [],
    spfSuccessRatio: 0.99,
    dkimSuccessRatio: 0.98,
    dmarcSuccessRatio: 0.97,
    outboundEncryptionRatio: 1,
    inboundEncryptionRatio: 0.95,
    deliveryErrors: [{ errorClass: 'TEMPORARY_ERROR', errorType: 'RATE_LIMIT_EXCEEDED', errorRatio: 0.01 }],
    ...extra,
  };
}

describeEachDialect('Google Postmaster Tools connections', (dialect) => {
  let google: FakeGoogle;
  let server: TestServer;
  let tenant: Tenant;
  let api: DomainMonitorPostmasterControllerApi;
  const apiOf = (t: Tenant) => new DomainMonitorPostmasterControllerApi(new Configuration({ apiKey: t.apiKey, basePath: server.url }));

  before(async () => {
    google = await startFakeGoogle();
    server = await startTestServer(dialect, {
      env: {
        PIGEONHOLE_POSTMASTER_CLIENT_ID: google.clientId,
        PIGEONHOLE_POSTMASTER_CLIENT_SECRET: google.clientSecret,
        PIGEONHOLE_POSTMASTER_REDIRECT_URI: REDIRECT,
        PIGEONHOLE_POSTMASTER_AUTH_URL: `${google.url}/o/oauth2/v2/auth`,
        PIGEONHOLE_POSTMASTER_TOKEN_URL: `${google.url}/token`,
        PIGEONHOLE_POSTMASTER_API_URL: google.url,
      },
    });
    tenant = await server.createTenant();
    api = apiOf(tenant);
    google.domains.push(
      { name: 'domains/mail.example.com', createTime: '2024-03-01T10:00:00Z', permission: 'OWNER' },
      { name: 'domains/news.example.com', createTime: '2024-05-02T11:00:00Z', permission: 'READER' },
    );
    // 150 days of stats: more than one page of 100
    const days: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 150; i++) days.push(statsFor('mail.example.com', new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)));
    google.stats.set('mail.example.com', days);
  });
  after(async () => {
    await server.close();
    await google.close();
  });

  test('connect: the authorization URL, the code exchanged for tokens that are never returned', async () => {
    const status0 = await api.getDomainMonitorPostmasterConnection();
    assert.equal(status0.connected, false);
    assert.equal(status0.connection ?? null, null);

    const created = await api.createDomainMonitorPostmasterConnection({ createPostmasterConnectionOptions: { emailAddress: 'postmaster@example.com' } });
    const url = new URL(created.url);
    assert.equal(`${url.origin}${url.pathname}`, `${google.url}/o/oauth2/v2/auth`);
    assert.equal(url.searchParams.get('client_id'), google.clientId);
    assert.equal(url.searchParams.get('redirect_uri'), REDIRECT);
    assert.equal(url.searchParams.get('response_type'), 'code');
    assert.equal(url.searchParams.get('scope'), 'https://www.googleapis.com/auth/postmaster.readonly');
    assert.equal(url.searchParams.get('access_type'), 'offline');
    assert.equal(url.searchParams.get('state'), created.state);
    assert.equal(url.searchParams.get('login_hint'), 'postmaster@example.com');
    assert.equal(created.redirectUri, REDIRECT);

    // a wrong state is refused, and so is another tenant's state
    const other = await server.createTenant();
    const otherCreated = await apiOf(other).createDomainMonitorPostmasterConnection({ createPostmasterConnectionOptions: {} });
    const crossed = await statusOf(api.exchangeDomainMonitorPostmasterCode({
      exchangePostmasterCodeOptions: { authorizationCode: google.issueCode(), redirectUri: REDIRECT, state: otherCreated.state },
    }));
    assert.equal(crossed, 400);

    const exchanged = await api.exchangeDomainMonitorPostmasterCode({
      exchangePostmasterCodeOptions: { authorizationCode: google.issueCode(), redirectUri: REDIRECT, state: created.state },
    });
    assert.equal(exchanged.status, PostmasterConnectionDtoStatusEnum.CONNECTED);
    assert.equal(exchanged.userId, tenant.userId);
    assert.equal(exchanged.connectedEmail, 'postmaster@example.com');
    assert.ok(exchanged.expiresAt.getTime() > Date.now() + 3000_000);
    const rawStatus = await (await tenant.fetch('/domain-monitor/postmaster/connection')).text();
    for (const token of google.tokens) assert.ok(!rawStatus.includes(token), 'no token in the answer');
    assert.ok(!rawStatus.includes('refresh'), 'no refresh token in the answer');
    const status = await api.getDomainMonitorPostmasterConnection();
    assert.equal(status.connected, true);
    assert.equal(status.connection?.id, exchanged.id);

    // the state works once
    const again = await statusOf(api.exchangeDomainMonitorPostmasterCode({
      exchangePostmasterCodeOptions: { authorizationCode: google.issueCode(), redirectUri: REDIRECT, state: created.state },
    }));
    assert.equal(again, 400);
  });

  test('sync domains and traffic stats from the API, every page; reads answer the stored ones', async () => {
    assert.deepEqual(await api.getDomainMonitorPostmasterDomains(), []);
    const domains = await api.syncDomainMonitorPostmasterDomains();
    assert.deepEqual(domains.map((d) => [d.domain, d.name, d.permission]), [
      ['mail.example.com', 'domains/mail.example.com', 'OWNER'], ['news.example.com', 'domains/news.example.com', 'READER'],
    ]);
    assert.equal(domains[0]!.createTime?.toISOString(), '2024-03-01T10:00:00.000Z');
    assert.ok(google.requests.some((r) => r.startsWith('GET /v1/domains?pageSize=')));
    assert.equal((await api.getDomainMonitorPostmasterDomains()).length, 2);

    const synced = await api.syncDomainMonitorPostmasterTrafficStats({ domain: 'mail.example.com' });
    assert.equal(synced.stats.length, 150, 'both pages fetched');
    const first = synced.stats[0]!;
    assert.equal(first.reportDate?.toISOString().slice(0, 10), '2025-01-01');
    assert.equal(first.domainReputation, 'HIGH');
    assert.equal(first.userReportedSpamRatio, 0.0012);
    assert.equal(first.spfSuccessRatio, 0.99);
    assert.equal(first.dmarcSuccessRatio, 0.97);
    assert.deepEqual(first.ipReputations.map((r) => [r.reputation, r.ipAddresses, r.sampleIp]), [
      ['HIGH', ['192.0.2.10', '192.0.2.11'], '192.0.2.10'], ['BAD', ['198.51.100.7'], '198.51.100.7'],
    ]);
    assert.deepEqual((first.payload as { deliveryErrors: unknown[] }).deliveryErrors.length, 1);

    const window = await api.getDomainMonitorPostmasterTrafficStats({
      domain: 'mail.example.com', startDate: new Date('2025-01-10'), endDate: new Date('2025-01-12'),
    });
    assert.deepEqual(window.stats.map((s) => s.reportDate?.toISOString().slice(0, 10)), ['2025-01-10', '2025-01-11', '2025-01-12']);

    // a ranged sync asks Google with its date fields (endDate exclusive there, inclusive here)
    google.requests.length = 0;
    const ranged = await api.syncDomainMonitorPostmasterTrafficStats({ domain: 'mail.example.com', startDate: new Date('2025-02-01'), endDate: new Date('2025-02-03') });
    assert.equal(ranged.stats.length, 3);
    assert.match(google.requests[0]!, /startDate\.year=2025&startDate\.month=2&startDate\.day=1&endDate\.year=2025&endDate\.month=2&endDate\.day=4/);

    // a domain Google does not let us read
    assert.equal(await statusOf(api.syncDomainMonitorPostmasterTrafficStats({ domain: 'other.example.org' })), 400);
    assert.equal(await statusOf(api.getDomainMonitorPostmasterTrafficStats({ domain: 'not a domain' })), 400);
  });

  test('an access token Google no longer takes is refreshed with the refresh token', async () => {
    const before = google.tokens.length;
    google.expireTokens();
    const domains = await api.syncDomainMonitorPostmasterDomains();
    assert.equal(domains.length, 2);
    assert.equal(google.tokens.length, before + 1, 'one refresh');
    assert.ok(google.requests.some((r) => r === 'POST /token'));
  });

  test('disconnect forgets the connection and what was fetched', async () => {
    await api.deleteDomainMonitorPostmasterConnection();
    assert.equal((await api.getDomainMonitorPostmasterConnection()).connected, false);
    assert.deepEqual(await api.getDomainMonitorPostmasterDomains(), []);
    assert.equal(await statusOf(api.syncDomainMonitorPostmasterDomains()), 400);
  });
});

describeEachDialect('Google Postmaster Tools without an OAuth client', (dialect) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(dialect);
  });
  after(() => server.close());

  test('every operation that needs Google answers 400 naming the settings', async () => {
    const tenant = await server.createTenant();
    for (const [method, path, body] of [
      ['POST', '/domain-monitor/postmaster/connect', {}],
      ['POST', '/domain-monitor/postmaster/oauth-exchange', { authorizationCode: 'c', redirectUri: REDIRECT, state: 's' }],
      ['POST', '/domain-monitor/postmaster/domains/sync', undefined],
      ['POST', '/domain-monitor/postmaster/domains/example.com/traffic-stats/sync', undefined],
    ] as const) {
      const response = await tenant.fetch(path, {
        method, ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });
      assert.equal(response.status, 400, path);
      const error = await response.json() as { message: string };
      assert.match(error.message, /PIGEONHOLE_POSTMASTER_CLIENT_ID, PIGEONHOLE_POSTMASTER_CLIENT_SECRET and PIGEONHOLE_POSTMASTER_REDIRECT_URI/);
    }
    const status = await (await tenant.fetch('/domain-monitor/postmaster/connection')).json() as { connected: boolean };
    assert.equal(status.connected, false);
  });
});
