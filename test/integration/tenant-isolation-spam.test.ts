import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, SpamEmailControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { SpamdClient } from '../../src/modules/spam/spamd-client.js';
import { findSpamd, SpamdSupervisor } from '../../src/modules/spam/spamd-supervisor.js';

/** Tenant B aims the spam routes at tenant A's email and spam records: it sees and changes nothing. */
const GTUBE = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X';

const spamd = new SpamdSupervisor({
  executable: findSpamd(process.env.PATH), client: new SpamdClient({ timeoutMs: 10_000, concurrency: 2 }), maxChildren: 1,
  runAsRoot: process.getuid?.() === 0,
});
before(() => spamd.whenReady(120_000));
after(() => spamd.stop());

describeEachDialect('tenant isolation: spam scores', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  let emailId: string;
  let inboxId: string;
  before(async () => {
    const { host, port } = (spamd.state() as { address: { host: string; port: number } }).address;
    server = await startTestServer(dialect, { env: { PIGEONHOLE_SPAMD: `${host}:${port}`, PIGEONHOLE_SPAM_CHECK_INBOUND: 'true' } });
    [alice, bob] = [await server.createTenant(), await server.createTenant()];
    const inbox = await alice.mailslurp.createInbox();
    inboxId = inbox.id;
    await smtpTransport(server).sendMail({ envelope: { from: 's@example.com', to: [inbox.emailAddress!] }, raw: rawMessage({ to: inbox.emailAddress!, subject: 'gtube', body: GTUBE }) });
    await server.server.automationJobs.settled();
    emailId = (await alice.mailslurp.waitForLatestEmail(inbox.id, 10_000)).id;
  });
  after(() => server.close());

  test('B gets 404 for A\'s score, cannot recheck it, and lists none of A\'s spam', async () => {
    const before = await server.server.store.repos.spamScores.find(alice.userId, emailId);
    assert.ok(before, 'A\'s email was scored');
    assert.equal((await bob.fetch(`/emails/${emailId}/spam-score`)).status, 404);
    assert.equal((await bob.fetch(`/emails/${emailId}/spam-score?recheck=true`)).status, 404);
    const bobSpam = new SpamEmailControllerApi(new Configuration({ apiKey: bob.apiKey, basePath: server.url }));
    assert.equal((await bobSpam.getAllSpamEmails({})).totalElements, 0);
    assert.equal((await bobSpam.getAllSpamEmails({ inboxId })).totalElements, 0);
    const afterwards = await server.server.store.repos.spamScores.find(alice.userId, emailId);
    assert.deepEqual(afterwards, before, 'A\'s score is unchanged');
    assert.equal(await server.server.store.repos.spamScores.find(bob.userId, emailId), undefined);
    const aliceSpam = new SpamEmailControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url }));
    assert.equal((await aliceSpam.getAllSpamEmails({ inboxId })).totalElements, 1, 'A still sees its own');
  });
});
