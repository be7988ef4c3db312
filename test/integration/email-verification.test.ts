import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import {
  Configuration, EmailVerificationControllerApi, GetValidationRequestsSortEnum, MailServerControllerApi, ToolsControllerApi,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { startLoopbackDns, type LoopbackDns } from '../helpers/dns-server.js';

/** A real SMTP server standing in for the mail hosts: it takes RCPT TO for known mailboxes only. */
interface MailHost {
  server: SMTPServer;
  port: number;
  mailFrom: string[];
  rcptTo: string[];
  dataCommands: number;
  logins: string[];
}

const MAILBOXES = new Set(['alice@good.test', 'bob@implicit.test', 'info@good.test']);

async function startMailHost(): Promise<MailHost> {
  const host: MailHost = { server: undefined as unknown as SMTPServer, port: 0, mailFrom: [], rcptTo: [], dataCommands: 0, logins: [] };
  host.server = new SMTPServer({
    banner: 'mx.good.test ESMTP ready',
    authOptional: true,
    allowInsecureAuth: false,
    onAuth(auth, _session, callback) {
      host.logins.push(auth.username ?? '');
      if (auth.username === 'tester' && auth.password === 'right') callback(null, { user: 'tester' });
      else callback(new Error('Invalid credentials'));
    },
    onMailFrom(address, _session, callback) {
      host.mailFrom.push(address.address);
      callback();
    },
    onRcptTo(address, _session, callback) {
      host.rcptTo.push(address.address);
      if (MAILBOXES.has(address.address.toLowerCase())) callback();
      else callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      host.dataCommands++;
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => host.server.listen(0, '127.0.0.1', () => resolve()));
  host.port = (host.server.server.address() as AddressInfo).port;
  return host;
}

describeEachDialect('email verification', (dialect) => {
  let server: TestServer;
  let dns: LoopbackDns;
  let mx: MailHost;
  let alice: Tenant;
  let verification: EmailVerificationControllerApi;
  let mailServer: MailServerControllerApi;
  let tools: ToolsControllerApi;

  before(async () => {
    dns = await startLoopbackDns();
    dns.add('good.test', { type: 'MX', exchange: 'mx.good.test', priority: 10 });
    dns.add('mx.good.test', { type: 'A', address: '127.0.0.1' });
    // no MX: RFC 5321 §5.1 delivers to the domain's own address
    dns.add('implicit.test', { type: 'A', address: '127.0.0.1' });
    // a mail host on a private network: refused by the target policy, never connected to
    dns.add('private.test', { type: 'MX', exchange: 'mx.private.test', priority: 10 });
    dns.add('mx.private.test', { type: 'A', address: '10.20.30.40' });
    dns.add('good.test', { type: 'TXT', text: 'v=spf1 ip4:127.0.0.1 -all' });
    dns.add('_dmarc.good.test', { type: 'TXT', text: 'v=DMARC1; p=reject' });
    // the blocklist lists 127.0.0.1, mx.good.test's address; clean.test's host is not listed
    dns.add('1.0.0.127.bl.test', { type: 'A', address: '127.0.0.2' });
    dns.add('1.0.0.127.bl.test', { type: 'TXT', text: 'Listed for testing' });
    dns.add('clean.test', { type: 'MX', exchange: 'mx.clean.test', priority: 5 });
    dns.add('mx.clean.test', { type: 'A', address: '192.0.2.10' });
    dns.add('clean.test', { type: 'TXT', text: 'v=spf1 mx -all' });
    dns.add('_dmarc.clean.test', { type: 'TXT', text: 'v=DMARC1; p=quarantine' });
    mx = await startMailHost();
    server = await startTestServer(dialect, {
      env: {
        PIGEONHOLE_DNS_SERVERS: dns.server, PIGEONHOLE_SMTP_VERIFY_PORT: String(mx.port),
        PIGEONHOLE_WEBHOOK_ALLOW: '127.0.0.1', PIGEONHOLE_SMTP_VERIFY_FROM: 'checker@pigeonhole.test',
        PIGEONHOLE_SMTP_VERIFY_HELO: 'verifier.pigeonhole.test', PIGEONHOLE_SMTP_VERIFY_TIMEOUT: '5000',
        PIGEONHOLE_DNSBL_ZONES: 'bl.test', PIGEONHOLE_DNSBL_DOMAIN_ZONES: 'dbl.test',
      },
    });
    alice = await server.createTenant();
    const configuration = new Configuration({ apiKey: alice.apiKey, basePath: server.url });
    verification = new EmailVerificationControllerApi(configuration);
    mailServer = new MailServerControllerApi(configuration);
    tools = new ToolsControllerApi(configuration);
  });
  after(async () => {
    await server?.close();
    await new Promise<void>((resolve) => (mx ? mx.server.close(() => resolve()) : resolve()));
    await dns?.close();
  });

  test('verifyEmailAddress asks the MX host with RCPT TO: accepted is valid, 550 is not, and no message is sent', async () => {
    const good = await mailServer.verifyEmailAddress({ verifyEmailAddressOptions: { emailAddress: 'alice@good.test' } });
    assert.deepEqual({ ...good, error: good.error ?? null }, { domainName: 'good.test', port: mx.port, emailAddress: 'alice@good.test', isValid: true, error: null });
    const bad = await mailServer.verifyEmailAddress({ verifyEmailAddressOptions: { emailAddress: 'nobody@good.test', senderEmailAddress: 'me@sender.test' } });
    assert.equal(bad.isValid, false);
    assert.match(bad.error ?? '', /refused the recipient: 550 .*No such user/);
    assert.deepEqual(mx.mailFrom.slice(-2), ['checker@pigeonhole.test', 'me@sender.test']);
    assert.equal(mx.dataCommands, 0);

    // the implicit MX: no MX record, the domain's A record
    const implicit = await mailServer.verifyEmailAddress({ verifyEmailAddressOptions: { emailAddress: 'bob@implicit.test' } });
    assert.equal(implicit.isValid, true, implicit.error ?? '');
    // mailServerDomain: another domain's hosts are asked
    const via = await mailServer.verifyEmailAddress({ verifyEmailAddressOptions: { emailAddress: 'alice@good.test', mailServerDomain: 'implicit.test' } });
    assert.equal(via.domainName, 'implicit.test');
    assert.equal(via.isValid, true);

    const missing = await mailServer.verifyEmailAddress({ verifyEmailAddressOptions: { emailAddress: 'x@missing.test' } });
    assert.equal(missing.isValid, false);
    assert.match(missing.error ?? '', /missing\.test does not exist/);
    const syntax = await mailServer.verifyEmailAddress({ verifyEmailAddressOptions: { emailAddress: 'not an address' } });
    assert.equal(syntax.isValid, false);
    assert.match(syntax.error ?? '', /not a valid email address/);

    const privateHost = await mailServer.verifyEmailAddress({ verifyEmailAddressOptions: { emailAddress: 'a@private.test' } });
    assert.equal(privateHost.isValid, false);
    assert.match(privateHost.error ?? '', /10\.20\.30\.40, a non-public address \(private\)/);

    assert.equal(await statusOf(mailServer.verifyEmailAddress({ verifyEmailAddressOptions: { emailAddress: 'alice@good.test', senderEmailAddress: 'a\r\nDATA' } })), 400);
    assert.equal(await statusOf(mailServer.verifyEmailAddress({ verifyEmailAddressOptions: { emailAddress: 'alice@good.test', port: 70000 } })), 400);
    assert.equal(mx.dataCommands, 0);
  });

  test('validateEmailAddressList stores one result per address; the list pages newest first with filters; delete one and all', async () => {
    const result = await verification.validateEmailAddressList({
      validateEmailAddressListOptions: { emailAddressList: ['alice@good.test', 'nobody@good.test', 'bad address', 'x@missing.test'] },
    });
    assert.deepEqual(result.validEmailAddresses, ['alice@good.test']);
    assert.deepEqual(result.invalidEmailAddresses, ['nobody@good.test', 'bad address', 'x@missing.test']);
    assert.deepEqual(result.resultMapEmailAddressIsValid, { 'alice@good.test': true, 'nobody@good.test': false, 'bad address': false, 'x@missing.test': false });

    const page = await verification.getValidationRequests({});
    assert.equal(page.totalElements, 4);
    const byAddress = new Map(page.content!.map((r) => [r.emailAddress, r]));
    assert.equal(byAddress.get('alice@good.test')!.isValid, true);
    assert.equal(byAddress.get('alice@good.test')!.userId, alice.userId);
    const raw = await (await alice.fetch('/email-verification/validation-requests?size=10')).json() as { content: Array<{ emailAddress: string; checkedBy: string; verdict: string }> };
    assert.deepEqual(Object.fromEntries(raw.content.map((r) => [r.emailAddress, `${r.checkedBy} ${r.verdict}`])), {
      'alice@good.test': 'SMTP DELIVERABLE', 'nobody@good.test': 'SMTP UNDELIVERABLE', 'bad address': 'SYNTAX UNDELIVERABLE', 'x@missing.test': 'DNS UNDELIVERABLE',
    });

    // a result of the last 24 hours is reused (not asked again, not stored again) unless ignoreOldResults
    const asked = mx.rcptTo.length;
    await verification.validateEmailAddressList({ validateEmailAddressListOptions: { emailAddressList: ['alice@good.test'] } });
    assert.equal(mx.rcptTo.length, asked);
    assert.equal((await verification.getValidationRequests({})).totalElements, 4);
    const again = await verification.validateEmailAddressList({ validateEmailAddressListOptions: { emailAddressList: ['info@good.test', 'alice@good.test'], ignoreOldResults: true } });
    assert.deepEqual(again.validEmailAddresses, ['info@good.test', 'alice@good.test']);
    assert.equal(mx.rcptTo.length, asked + 2);

    const newest = await verification.getValidationRequests({ size: 2 });
    assert.equal(newest.totalElements, 6);
    assert.deepEqual(newest.content!.map((r) => r.emailAddress).sort(), ['alice@good.test', 'info@good.test']);
    const oldest = await verification.getValidationRequests({ size: 4, sort: GetValidationRequestsSortEnum.ASC });
    assert.deepEqual(oldest.content!.map((r) => r.emailAddress).sort(), ['alice@good.test', 'bad address', 'nobody@good.test', 'x@missing.test']);
    assert.equal((await verification.getValidationRequests({ isValid: true })).totalElements, 3);
    assert.equal((await verification.getValidationRequests({ isValid: false })).totalElements, 3);
    assert.equal((await verification.getValidationRequests({ searchFilter: 'GOOD.test' })).totalElements, 4);
    const first = oldest.content![0]!;
    assert.equal((await verification.getValidationRequests({ since: new Date(first.createdAt.getTime() + 1) })).totalElements, 2);
    assert.equal((await verification.getValidationRequests({ before: new Date(first.createdAt.getTime()) })).totalElements, 0);

    await verification.deleteValidationRequest({ id: first.id });
    assert.equal((await verification.getValidationRequests({})).totalElements, 5);
    assert.equal(await statusOf(verification.deleteValidationRequest({ id: first.id })), 404);
    await verification.deleteAllValidationRequests();
    assert.equal((await verification.getValidationRequests({})).totalElements, 0);

    assert.equal(await statusOf(verification.validateEmailAddressList({ validateEmailAddressListOptions: { emailAddressList: [] } })), 400);
    assert.equal(await statusOf(verification.validateEmailAddressList({
      validateEmailAddressListOptions: { emailAddressList: Array.from({ length: 101 }, (_, i) => `a${i}@good.test`) },
    })), 400);
    assert.equal(mx.dataCommands, 0);
  });

  test('testSmtpServer reports the banner, EHLO extensions, STARTTLS, a login and RCPT TO, each step timed', async () => {
    const plain = await tools.testSmtpServer({ testSmtpServerOptions: { host: '127.0.0.1', port: mx.port, useStartTls: false } });
    assert.equal(plain.connected, true);
    assert.match(plain.banner ?? '', /mx\.good\.test ESMTP ready/);
    assert.equal(plain.tls.supported, true);
    assert.equal(plain.tls.negotiated, false);
    assert.equal(plain.auth.attempted, false);
    const steps = plain.transcript.map((s) => s.step);
    assert.deepEqual(steps, ['CONNECT', 'GREETING', 'EHLO', 'EXTENSIONS', 'QUIT', 'TOTAL']);
    assert.match(plain.transcript.find((s) => s.step === 'EXTENSIONS')!.message, /STARTTLS/);
    assert.match(plain.transcript.find((s) => s.step === 'GREETING')!.message, /^220 .* \(\d+ ms\)$/);
    assert.deepEqual(plain.errors, []);

    const full = await tools.testSmtpServer({
      testSmtpServerOptions: { host: 'mx.good.test', port: mx.port, useStartTls: true, username: 'tester', password: 'right', from: 'me@sender.test', to: 'alice@good.test' },
    });
    assert.deepEqual(full.errors, []);
    assert.equal(full.tls.negotiated, true);
    assert.match(full.tls.protocol ?? '', /^TLSv1\.[23]$/);
    assert.ok(full.tls.cipher);
    assert.deepEqual({ ...full.auth }, { attempted: true, success: true, mechanism: 'PLAIN' });
    assert.equal(full.transcript.find((s) => s.step === 'RCPT TO')!.code, '250');
    assert.ok(!JSON.stringify(full).includes('right'), 'the password is not echoed');

    const wrong = await tools.testSmtpServer({
      testSmtpServerOptions: { host: 'mx.good.test', port: mx.port, useStartTls: true, username: 'tester', password: 'wrong', to: 'nobody@good.test' },
    });
    assert.equal(wrong.auth.success, false);
    assert.ok(wrong.errors.includes('authentication failed'), wrong.errors.join('; '));
    assert.ok(wrong.errors.some((e) => /^RCPT TO refused: 550/.test(e)), wrong.errors.join('; '));

    // nothing listens on the port: a clear error, not connected
    const closed = new SMTPServer({ authOptional: true });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const closedPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await tools.testSmtpServer({ testSmtpServerOptions: { host: '127.0.0.1', port: closedPort, useStartTls: false } });
    assert.equal(refused.connected, false);
    assert.match(refused.errors.join(' '), /ECONNREFUSED/);

    const privateTarget = await tools.testSmtpServer({ testSmtpServerOptions: { host: '10.20.30.40', port: 25, useStartTls: false } });
    assert.equal(privateTarget.connected, false);
    assert.match(privateTarget.errors.join(' '), /non-public address/);
    assert.equal(await statusOf(tools.testSmtpServer({ testSmtpServerOptions: { host: 'bad host name', port: 25, useStartTls: false } })), 400);
    assert.equal(await statusOf(tools.testSmtpServer({ testSmtpServerOptions: { host: '127.0.0.1', port: 0, useStartTls: false } })), 400);
    assert.equal(mx.dataCommands, 0);
  });

  test('getEmailIntelligence reports syntax, DNS, list and SMTP signals, null for what it does not measure, and pages the targets', async () => {
    const result = await verification.getEmailIntelligence({
      emailIntelligenceOptions: {
        targets: ['info@good.test', 'x7q9zk2mw4pv8rj@mailinator.com', 'someone@gmail.com', 'Good.Test', 'bad@@', 'nobody@good.test'],
        includeEmailValidation: true, tests: { checkHttpsWebsite: true },
      },
    });
    assert.equal(result.totalElements, 6);
    assert.equal(result.totalPages, 1);
    assert.equal(result.billableCount, 0);
    const [role, disposable, free, domain, bad, unknownUser] = result.content;
    assert.equal(role!.signals.dnsMxRecordPresent, true);
    assert.equal(role!.signals.dnsARecordPresent, false);
    assert.equal(role!.signals.neverBounceSafeToSend, true);
    assert.equal(role!.signals.hasHttpsWebsite ?? null, null);
    assert.equal(role!.signals.domainAgeHintDays ?? null, null);
    assert.ok(role!.signals.notes.some((n) => /role address/.test(n)));
    assert.equal(role!.totalScore, 100 - 10);
    const rawRole = (await (await alice.fetch('/email-verification/intelligence', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ targets: ['info@good.test'] }),
    })).json()) as { content: Array<{ signals: { roleAccount: boolean; disposableDomain: boolean } }> };
    assert.deepEqual([rawRole.content[0]!.signals.roleAccount, rawRole.content[0]!.signals.disposableDomain], [true, false]);

    assert.equal(disposable!.signals.randomLocalPart, true);
    assert.ok(disposable!.signals.localPartEntropy! > 3.3);
    assert.ok(disposable!.signals.notes.includes('a known disposable mail domain'));
    assert.equal(disposable!.signals.neverBounceSafeToSend, false, 'mailinator.com does not exist in the test zone');
    assert.equal(free!.signals.freeEmailProvider, true);
    assert.equal(free!.scoreBreakdown.freeProviderPenalty, 10);
    assert.equal(domain!.signals.domain, 'good.test');
    assert.equal(domain!.signals.emailAddress ?? null, null);
    assert.equal(domain!.totalScore, 100);
    assert.equal(bad!.totalScore, 0);
    assert.match(bad!.signals.notes[0]!, /not a valid email address/);
    assert.equal(unknownUser!.signals.neverBounceSafeToSend, false);
    assert.equal(unknownUser!.scoreBreakdown.emailValidationPenalty, 50);

    const second = await verification.getEmailIntelligence({ emailIntelligenceOptions: { targets: ['a.test', 'b.test', 'c.test'], page: 1, size: 2 } });
    assert.deepEqual(second.content.map((c) => c.input), ['c.test']);
    assert.deepEqual([second.page, second.size, second.totalPages, second.totalElements], [1, 2, 2, 3]);
    assert.equal(await statusOf(verification.getEmailIntelligence({ emailIntelligenceOptions: { targets: [] } })), 400);
  });

  test('checkEmailDomainReputation reports MX, SPF, DMARC and DNSBL listings from DNS', async () => {
    const listed = await verification.checkEmailDomainReputation({ emailDomainReputationOptions: { target: 'Alice@Good.test' } });
    assert.equal(listed.domain, 'good.test');
    assert.equal(listed.emailAddress, 'Alice@good.test');
    assert.equal(listed.listed, true);
    assert.equal(listed.status, 'DEGRADED');
    assert.ok(listed.insights.includes('MX: mx.good.test'), listed.insights.join('; '));
    assert.ok(listed.insights.includes('SPF: v=spf1 ip4:127.0.0.1 -all'));
    assert.ok(listed.insights.includes('DMARC: v=DMARC1; p=reject'));
    const listing = listed.blacklist!.checkedIpAddresses.find((c) => c.ipAddress === '127.0.0.1')!.listings[0]!;
    assert.deepEqual({ ...listing }, { zone: 'bl.test', listed: true, responseCodes: ['127.0.0.2'], responseMessages: ['Listed for testing'] });

    const clean = await verification.checkEmailDomainReputation({ emailDomainReputationOptions: { target: 'clean.test' } });
    assert.equal(clean.status, 'HEALTHY', [...clean.warnings, ...clean.errors].join('; '));
    assert.equal(clean.listed, false);

    const bare = await verification.checkEmailDomainReputation({ emailDomainReputationOptions: { target: 'implicit.test', includeBlacklist: false } });
    assert.equal(bare.blacklist ?? null, null);
    assert.equal(bare.status, 'DEGRADED');
    assert.ok(bare.warnings.some((w) => /no MX record/.test(w)));
    assert.ok(bare.warnings.some((w) => /no SPF record/.test(w)));
    assert.ok(bare.warnings.some((w) => /no DMARC record/.test(w)));

    const gone = await verification.checkEmailDomainReputation({ emailDomainReputationOptions: { target: 'missing.test', includeBlacklist: false } });
    assert.equal(gone.status, 'CRITICAL');
    assert.ok(gone.errors.includes('missing.test does not exist'));

    const ip = await verification.checkEmailDomainReputation({ emailDomainReputationOptions: { target: '127.0.0.1' } });
    assert.equal(ip.ipAddress, '127.0.0.1');
    assert.equal(ip.listed, true);
    assert.equal(await statusOf(verification.checkEmailDomainReputation({ emailDomainReputationOptions: { target: 'not a target' } })), 400);
  });
});
