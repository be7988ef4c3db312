import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { startLoopbackDns, type LoopbackDns } from '../helpers/dns-server.js';

const AUTHSERV = 'mx.pigeonhole.test';
/** the DNS time budget of one message in these tests */
const BUDGET_MS = 800;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PUBLIC_B64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

async function signed(raw: Buffer, domain: string): Promise<Buffer> {
  // mailauth's README form (signatureData); its type declarations only know the single-key form
  const options = { signatureData: [{ signingDomain: domain, selector: 'sel1', privateKey: PRIVATE_PEM }] };
  const result = await dkimSign(raw, options as unknown as Parameters<typeof dkimSign>[1]);
  assert.deepEqual(result.errors, []);
  return Buffer.concat([Buffer.from(result.signatures), raw]);
}

/** spf, dkim, dmarc, spam, virus verdicts of Email.analysis (spam and virus are not checked: null, which the client reads as undefined) */
const verdicts = (email: { analysis?: { spfVerdict?: string | null; dkimVerdict?: string | null; dmarcVerdict?: string | null; spamVerdict?: string | null; virusVerdict?: string | null } | null }) =>
  [email.analysis?.spfVerdict, email.analysis?.dkimVerdict, email.analysis?.dmarcVerdict, email.analysis?.spamVerdict ?? null, email.analysis?.virusVerdict ?? null];

/** The Authentication-Results header this server prepended (the first one), unfolded. */
const arHeaders = (headers: Record<string, string[]>) => headers['authentication-results'] ?? headers['Authentication-Results'] ?? [];

function ourResults(headers: Record<string, string[]>): string {
  const all = arHeaders(headers);
  assert.ok(all.length > 0, 'an Authentication-Results header');
  return all[0]!.replace(/\s+/g, ' ');
}

describeEachDialect('inbound SPF, DKIM, DMARC and ARC', (dialect) => {
  let dns: LoopbackDns;
  let server: TestServer;
  let tenant: Tenant;
  before(async () => {
    dns = await startLoopbackDns();
    server = await startTestServer(dialect, {
      env: {
        PIGEONHOLE_MAIL_AUTH: 'on', PIGEONHOLE_DNS_SERVERS: dns.server, PIGEONHOLE_PUBLIC_HOST: AUTHSERV,
        PIGEONHOLE_MAIL_AUTH_TIMEOUT: String(BUDGET_MS),
      },
    });
    tenant = await server.createTenant();
    // good.test: SPF allows 127.0.0.1, DKIM key published, DMARC reject
    dns.add('good.test', { type: 'TXT', text: 'v=spf1 ip4:127.0.0.1 -all' });
    dns.add('sel1._domainkey.good.test', { type: 'TXT', text: `v=DKIM1; k=rsa; p=${PUBLIC_B64}` });
    dns.add('_dmarc.good.test', { type: 'TXT', text: 'v=DMARC1; p=reject' });
    // strict.test: SPF allows nobody
    dns.add('strict.test', { type: 'TXT', text: 'v=spf1 -all' });
    dns.add('_dmarc.strict.test', { type: 'TXT', text: 'v=DMARC1; p=reject' });
    // slow.test: its server never answers (questions about it are dropped)
    dns.silence('slow.test');
  });
  after(async () => {
    await server.close();
    await dns.close();
  });

  async function deliver(raw: Buffer, mailFrom: string) {
    const inbox = await tenant.mailslurp.createInbox();
    const info = await smtpTransport(server).sendMail({ envelope: { from: mailFrom, to: [inbox.emailAddress] }, raw });
    assert.match(info.response, /^250 /);
    const [preview] = await tenant.inboxApi.getEmails({ inboxId: inbox.id });
    assert.ok(preview, 'stored by the time of the 250');
    const email = await tenant.mailslurp.getEmail(preview.id);
    const rawJson = await tenant.mailslurp.emailController.getRawEmailJson({ emailId: email.id });
    return { inbox, email, rawText: rawJson.content };
  }

  test('a message DKIM-signed by its domain, from an address its SPF allows: spf, dkim and dmarc pass', async () => {
    const raw = await signed(rawMessage({ from: 'Alice <alice@good.test>', to: 'x@example.com', subject: 'signed', body: 'Hello, signed world' }), 'good.test');
    const { email, rawText } = await deliver(raw, 'alice@good.test');
    assert.ok(rawText.startsWith('Received-SPF: pass'), rawText.slice(0, 200));
    assert.ok(rawText.endsWith(raw.toString()), 'the message follows our headers unchanged');
    const results = ourResults(email.headersMap as Record<string, string[]>);
    assert.match(results, new RegExp(`^${AUTHSERV.replace(/\./g, '\\.')};`));
    assert.match(results, /dkim=pass header\.i=@good\.test header\.s=sel1/);
    assert.match(results, /spf=pass .*smtp\.mailfrom=alice@good\.test/);
    assert.match(results, /dmarc=pass .*header\.from=good\.test/);
    assert.match(results, /arc=none/);
    assert.deepEqual(verdicts(email), ['PASS', 'PASS', 'PASS', null, null]);
    const [stored] = await server.db.store.repos.mailAuthResults.list(tenant.userId, { fromDomain: 'good.test', limit: 10 });
    assert.equal(stored?.emailId, email.id);
    assert.equal(stored?.spf, 'pass');
    assert.equal(stored?.dmarc, 'pass');
    assert.deepEqual(stored?.dkim.map((d) => [d.result, d.domain, d.selector]), [['pass', 'good.test', 'sel1']]);
    assert.equal(stored?.clientIp, '127.0.0.1');
  });

  test('a signed message whose body was changed after signing: dkim=fail', async () => {
    const raw = await signed(rawMessage({ from: 'alice@good.test', to: 'x@example.com', subject: 'tampered', body: 'Pay 10 EUR' }), 'good.test');
    const tampered = Buffer.from(raw.toString().replace('Pay 10 EUR', 'Pay 99 EUR'));
    const { email } = await deliver(tampered, 'alice@good.test');
    const results = ourResults(email.headersMap as Record<string, string[]>);
    assert.match(results, /dkim=fail \(body hash did not verify\) header\.i=@good\.test/);
    assert.equal(email.analysis?.dkimVerdict, 'FAIL');
    // SPF still passes and aligns, so DMARC passes on SPF alone
    assert.equal(email.analysis?.dmarcVerdict, 'PASS');
  });

  test('a signed header changed after signing: dkim=fail (bad signature)', async () => {
    const raw = await signed(rawMessage({ from: 'alice@good.test', to: 'x@example.com', subject: 'original subject', body: 'b' }), 'good.test');
    const tampered = Buffer.from(raw.toString().replace('Subject: original subject', 'Subject: forged subject'));
    const { email } = await deliver(tampered, 'alice@good.test');
    assert.match(ourResults(email.headersMap as Record<string, string[]>), /dkim=fail \(bad signature\)/);
  });

  test('SPF -all from 127.0.0.1 with no signature: spf=fail, dmarc=fail', async () => {
    const raw = rawMessage({ from: 'bob@strict.test', to: 'x@example.com', subject: 'spf fail', body: 'b' });
    const { email, rawText } = await deliver(raw, 'bob@strict.test');
    assert.ok(rawText.startsWith('Received-SPF: fail'));
    const results = ourResults(email.headersMap as Record<string, string[]>);
    assert.match(results, /spf=fail /);
    assert.match(results, /dmarc=fail .*header\.from=strict\.test/);
    assert.match(results, /dkim=none/);
    assert.deepEqual(verdicts(email), ['FAIL', 'GRAY', 'FAIL', null, null]);
  });

  test('a domain with no records: none everywhere', async () => {
    const raw = rawMessage({ from: 'carol@nothing.test', to: 'x@example.com', subject: 'none', body: 'b' });
    const { email } = await deliver(raw, 'carol@nothing.test');
    const results = ourResults(email.headersMap as Record<string, string[]>);
    assert.match(results, /dkim=none/);
    assert.match(results, /spf=none/);
    assert.match(results, /dmarc=none/);
    assert.equal(email.analysis?.spfVerdict, 'GRAY');
  });

  test('Authentication-Results the message already carried stay below ours and change nothing', async () => {
    const raw = rawMessage({
      from: 'mallory@strict.test', to: 'x@example.com', subject: 'forged results', body: 'b',
      extraHeaders: [`Authentication-Results: ${AUTHSERV}; spf=pass smtp.mailfrom=mallory@strict.test; dkim=pass; dmarc=pass`],
    });
    const { email } = await deliver(raw, 'mallory@strict.test');
    const all = arHeaders(email.headersMap as Record<string, string[]>);
    assert.equal(all.length, 2);
    assert.match(all[0]!, /spf=fail/);
    assert.match(all[1]!, /spf=pass/);
    assert.equal(email.analysis?.spfVerdict, 'FAIL');
  });

  test('mail imported through the API is not checked: no header, no analysis', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const raw = rawMessage({ from: 'alice@good.test', to: inbox.emailAddress, subject: 'imported', body: 'b' });
    const response = await tenant.fetch(`/inboxes/${inbox.id}/emails/import`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rawEmailBase64: raw.toString('base64') }),
    });
    assert.ok(response.status < 300, `${response.status} ${await response.clone().text()}`);
    const [preview] = await tenant.inboxApi.getEmails({ inboxId: inbox.id });
    const email = await tenant.mailslurp.getEmail(preview!.id);
    assert.equal(email.analysis ?? null, null);
    assert.deepEqual(arHeaders(email.headersMap as Record<string, string[]>), []);
  });

  test('a resolver that never answers: temperror within the time budget, and the message is stored', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const raw = await signed(rawMessage({ from: 'dave@slow.test', to: inbox.emailAddress, subject: 'slow dns', body: 'b' }), 'slow.test');
    const started = performance.now();
    const info = await smtpTransport(server).sendMail({ envelope: { from: 'dave@slow.test', to: [inbox.emailAddress] }, raw });
    const elapsed = performance.now() - started;
    assert.match(info.response, /^250 /);
    assert.ok(elapsed >= BUDGET_MS - 50 && elapsed < BUDGET_MS + 1000, `answered in ${Math.round(elapsed)} ms, budget ${BUDGET_MS} ms`);
    assert.ok(dns.questions.includes('sel1._domainkey.slow.test TXT'), 'the key was asked for');
    const [preview] = await tenant.inboxApi.getEmails({ inboxId: inbox.id });
    const email = await tenant.mailslurp.getEmail(preview!.id);
    const results = ourResults(email.headersMap as Record<string, string[]>);
    assert.match(results, /dkim=temperror/);
    assert.match(results, /spf=temperror/);
    assert.match(results, /dmarc=temperror/);
    assert.deepEqual(verdicts(email).slice(0, 3), ['TEMPERROR', 'TEMPERROR', 'TEMPERROR']);
  });

  test('DNS answers are reused by the next message from the same domain (PIGEONHOLE_MAIL_AUTH_DNS_CACHE); failed lookups are asked again', async () => {
    const about = (domain: string, from: number) => dns.questions.slice(from).filter((q) => q.split(' ')[0]!.endsWith(domain));
    const one = await deliver(await signed(rawMessage({ from: 'alice@good.test', to: 'x@example.com', subject: 'first', body: 'one' }), 'good.test'), 'alice@good.test');
    assert.deepEqual(verdicts(one.email).slice(0, 3), ['PASS', 'PASS', 'PASS']);
    const second = dns.questions.length;
    const two = await deliver(await signed(rawMessage({ from: 'alice@good.test', to: 'x@example.com', subject: 'second', body: 'two' }), 'good.test'), 'alice@good.test');
    assert.deepEqual(verdicts(two.email).slice(0, 3), ['PASS', 'PASS', 'PASS']);
    assert.deepEqual(about('good.test', second), [], 'the second message asked nothing about good.test');

    // the resolver that never answered: its questions are asked again by the next message
    const before = dns.questions.length;
    const inbox = await tenant.mailslurp.createInbox();
    const raw = await signed(rawMessage({ from: 'dave@slow.test', to: inbox.emailAddress, subject: 'slow again', body: 'b' }), 'slow.test');
    await smtpTransport(server).sendMail({ envelope: { from: 'dave@slow.test', to: [inbox.emailAddress] }, raw });
    assert.ok(about('slow.test', before).includes('sel1._domainkey.slow.test TXT'), dns.questions.slice(before).join(', '));
  });
});

// PIGEONHOLE_MAIL_AUTH=off is what every other integration test runs with (test/helpers/server.ts):
// smtp-inbound.test.ts and others check the raw message comes back byte for byte.
