import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, EmailVerificationControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type TestServer } from '../helpers/server.js';
import { startLoopbackDns, type LoopbackDns } from '../helpers/dns-server.js';

describeEachDialect('tenant isolation: email verification', (dialect) => {
  let server: TestServer;
  let dns: LoopbackDns;
  let apiA: EmailVerificationControllerApi;
  let apiB: EmailVerificationControllerApi;

  before(async () => {
    // an empty zone: every domain is NXDOMAIN, so results are reached by DNS alone
    dns = await startLoopbackDns();
    server = await startTestServer(dialect, { env: { PIGEONHOLE_DNS_SERVERS: dns.server } });
    const [a, b] = [await server.createTenant(), await server.createTenant()];
    apiA = new EmailVerificationControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    apiB = new EmailVerificationControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
  });
  after(async () => {
    await server?.close();
    await dns?.close();
  });

  test("tenant B neither sees, reuses nor deletes tenant A's validation results", async () => {
    await apiA.validateEmailAddressList({ validateEmailAddressListOptions: { emailAddressList: ['someone@gone.test', 'not-an-address'] } });
    const own = await apiA.getValidationRequests({});
    assert.equal(own.totalElements, 2);

    const seen = await apiB.getValidationRequests({ searchFilter: 'gone' });
    assert.equal(seen.totalElements, 0);
    assert.equal((await apiB.getValidationRequests({})).totalElements, 0);
    for (const record of own.content!) assert.equal(await statusOf(apiB.deleteValidationRequest({ id: record.id })), 404);
    await apiB.deleteAllValidationRequests();
    assert.equal((await apiA.getValidationRequests({})).totalElements, 2);

    // B's check of the same address asks DNS again: A's stored result is not B's to reuse
    const asked = dns.questions.filter((q) => q.startsWith('gone.test')).length;
    await apiB.validateEmailAddressList({ validateEmailAddressListOptions: { emailAddressList: ['someone@gone.test'] } });
    assert.ok(dns.questions.filter((q) => q.startsWith('gone.test')).length > asked);
    assert.equal((await apiB.getValidationRequests({})).totalElements, 1);
    assert.equal((await apiA.getValidationRequests({})).totalElements, 2);
  });
});
