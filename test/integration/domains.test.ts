import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import type { DomainDto } from 'mailslurp-client';
import { createResolver } from '../../src/core/dns.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { startLoopbackDns, type LoopbackDns } from '../helpers/dns-server.js';
import { startRelayServer } from '../helpers/relay-server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';

const MAIL_HOST = 'mx.pigeonhole.test';

describeEachDialect('custom domains', (dialect) => {
  let dns: LoopbackDns;
  let relay: Awaited<ReturnType<typeof startRelayServer>>;
  let server: TestServer;
  let tenant: Tenant;
  before(async () => {
    dns = await startLoopbackDns();
    relay = await startRelayServer();
    server = await startTestServer(dialect, {
      env: {
        PIGEONHOLE_DNS_SERVERS: dns.server, PIGEONHOLE_RELAY_URL: relay.url, PIGEONHOLE_PUBLIC_HOST: MAIL_HOST,
        PIGEONHOLE_DOMAIN_POOL: 'pool-one.test,pool-two.test',
      },
    });
    tenant = await server.createTenant();
  });
  after(async () => {
    await server.close();
    await relay.close();
    await dns.close();
  });

  const domainsApi = () => tenant.mailslurp.domainController;
  const newName = () => `d${randomBytes(4).toString('hex')}.example.test`;
  /** Publishes every record createDomain listed in the loopback zone (all of them, or the labels given). */
  const publish = (domain: DomainDto, labels?: string[]) => {
    for (const record of domain.domainNameRecords) {
      if (labels && !labels.includes(record.label)) continue;
      for (const entry of record.recordEntries) {
        if (record.recordType === 'MX') {
          const [priority, exchange] = entry.split(' ');
          dns.add(record.name, { type: 'MX', priority: Number(priority), exchange: exchange! });
        } else {
          dns.add(record.name, { type: 'TXT', text: entry });
        }
      }
    }
  };
  const recordOf = (domain: DomainDto, label: string) => domain.domainNameRecords.find((r) => r.label === label)!;
  const check = (id: string) => domainsApi().getDomain({ id, checkForErrors: true });
  /** A domain created, published and checked: verified. */
  const verifiedDomain = async (options: { domainType?: 'HTTP_INBOX' | 'SMTP_DOMAIN' } = {}) => {
    const created = await domainsApi().createDomain({ createDomainOptions: { domain: newName(), ...options } as never });
    publish(created);
    const checked = await check(created.id);
    assert.equal(checked.isVerified, true, checked.missingRecordsMessage ?? '');
    return checked;
  };
  /** DKIM verdicts of a raw message, with keys looked up in the loopback zone. */
  const dkimOf = async (raw: Buffer | string) => {
    const resolver = createResolver([dns.server]);
    const result = await dkimVerify(Buffer.from(raw), { resolver: (name: string, rr: string) => resolver.resolve(name, rr as 'TXT') } as never);
    return result.results.map((r: { status: { result: string }; signingDomain: string }) => ({ result: r.status.result, domain: r.signingDomain }));
  };

  test('createDomain answers the records to publish: verification TXT, MX at the public host, SPF, DKIM with the domain\'s own key, DMARC', async () => {
    const name = newName();
    const domain = await domainsApi().createDomain({ createDomainOptions: { domain: name.toUpperCase(), description: 'staging mail' } });
    assert.equal(domain.domain, name, 'stored in lower case');
    assert.equal(domain.userId, tenant.userId);
    assert.equal(domain.isVerified, false);
    assert.equal(domain.hasMissingRecords, true);
    assert.match(domain.missingRecordsMessage ?? '', /Not checked yet/);
    assert.equal(domain.domainType, 'HTTP_INBOX');
    assert.deepEqual(domain.domainNameRecords.map((r) => [r.label, r.recordType, r.required]), [
      ['VERIFICATION', 'TXT', true], ['MX', 'MX', false], ['SPF', 'TXT', false], ['DKIM', 'TXT', true], ['DMARC', 'TXT', false],
    ]);
    assert.deepEqual(recordOf(domain, 'VERIFICATION').recordEntries, [`pigeonhole-verification=${domain.verificationToken}`]);
    assert.deepEqual(recordOf(domain, 'MX').recordEntries, [`10 ${MAIL_HOST}`]);
    assert.equal(recordOf(domain, 'MX').name, name);
    assert.deepEqual(recordOf(domain, 'SPF').recordEntries, [`v=spf1 a:${MAIL_HOST} ~all`]);
    const dkim = recordOf(domain, 'DKIM');
    assert.equal(dkim.name, `${domain.dkimTokens[0]}._domainkey.${name}`);
    assert.match(dkim.recordEntries[0]!, /^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/, 'an RSA-2048 public key');
    assert.equal(recordOf(domain, 'DMARC').name, `_dmarc.${name}`);
    assert.doesNotMatch(JSON.stringify(domain), /PRIVATE KEY/, 'the private key is never shown');

    const other = await domainsApi().createDomain({ createDomainOptions: { domain: newName() } });
    assert.notEqual(recordOf(other, 'DKIM').recordEntries[0], dkim.recordEntries[0], 'a key pair per domain');
    assert.equal(await statusOf(domainsApi().createDomain({ createDomainOptions: { domain: name } })), 409);
    const otherTenant = await server.createTenant();
    assert.equal(await statusOf(otherTenant.mailslurp.domainController.createDomain({ createDomainOptions: { domain: name } })), 409);
    assert.equal(await statusOf(domainsApi().createDomain({ createDomainOptions: { domain: 'not a domain' } })), 400);
    assert.equal(await statusOf(domainsApi().createDomain({ createDomainOptions: { domain: server.config.domain } })), 400);
    const list = await domainsApi().getDomains();
    assert.ok(list.some((d) => d.id === domain.id && d.domain === name && !d.isVerified && d.hasMissingRecords));
  });

  test('verification is a real DNS lookup: it fails before the records are published and passes after', async () => {
    const domain = await domainsApi().createDomain({ createDomainOptions: { domain: newName() } });
    const before = await check(domain.id);
    assert.equal(before.isVerified, false);
    assert.equal(before.hasMissingRecords, true);
    assert.match(before.missingRecordsMessage ?? '', /VERIFICATION: no TXT record _pigeonhole\./);
    assert.match(before.missingRecordsMessage ?? '', /DKIM: no DKIM record/);
    assert.ok(dns.questions.includes(`_pigeonhole.${domain.domain} TXT`), 'the loopback DNS server was asked');
    assert.equal(await statusOf(tenant.inboxApi.createInbox({ emailAddress: `a@${domain.domain}` })), 400, 'no inbox on an unverified domain');
    assert.equal((await domainsApi().getDomainIssues()).hasIssues, true);

    publish(domain, ['VERIFICATION']);
    const half = await check(domain.id);
    assert.equal(half.isVerified, false, 'the DKIM record is required too');
    assert.doesNotMatch(half.missingRecordsMessage ?? '', /VERIFICATION:/);

    publish(domain, ['MX', 'SPF', 'DKIM', 'DMARC']);
    const after = await check(domain.id);
    assert.equal(after.isVerified, true);
    assert.equal(after.hasMissingRecords, false);
    assert.equal(after.missingRecordsMessage ?? null, null);
    assert.equal(after.hasDuplicateRecords, false);
    const events = await domainsApi().getDomainHealthEvents({ id: domain.id });
    assert.ok(events.some((e) => e.eventType === 'SENDING_ENABLED' && e.domainName === domain.domain), 'verification is a health event');
    assert.ok(events.some((e) => e.eventType === 'DKIM_RECORDS_MISSING' && e.status === 'RESOLVED'));

    const inbox = await tenant.inboxApi.createInbox({ emailAddress: `a@${domain.domain}` });
    assert.equal(inbox.domainId, domain.id);
    const smtpOnly = await statusOf(tenant.inboxApi.createInbox({ emailAddress: `b@${domain.domain}`, inboxType: 'SMTP_INBOX' as never }));
    assert.equal(smtpOnly, 400, 'the domain is for HTTP inboxes');
    const available = await domainsApi().getAvailableDomains({});
    const custom = available.domainGroups.find((g) => g.label === 'CUSTOM')!;
    assert.ok(custom.domains.some((d) => d.domainName === domain.domain && d.verified));
  });

  test('a record published twice is reported as a duplicate', async () => {
    const domain = await verifiedDomain();
    dns.add(domain.domain, { type: 'TXT', text: 'v=spf1 -all' });
    const checked = await check(domain.id);
    assert.equal(checked.hasDuplicateRecords, true);
    assert.match(checked.duplicateRecordsMessage ?? '', /SPF \(recommended\): .* 2 SPF records/);
    assert.equal(checked.isVerified, true, 'SPF is not required for verification');
    assert.equal((await domainsApi().getDomainIssues()).hasIssues, true);
  });

  test('the scheduled recheck notices a removed record: verification lost, a health event recorded', async () => {
    const domain = await verifiedDomain();
    const dkim = recordOf(domain, 'DKIM');
    dns.remove(dkim.name);
    await server.server.domainChecks.runOnce();
    const after = await domainsApi().getDomain({ id: domain.id });
    assert.equal(after.isVerified, false);
    assert.equal(after.hasMissingRecords, true);
    assert.match(after.missingRecordsMessage ?? '', /DKIM: no DKIM record/);
    const events = await domainsApi().getDomainHealthEvents({ id: domain.id });
    const open = events.find((e) => e.eventType === 'DKIM_RECORDS_MISSING' && e.status === 'OPEN');
    assert.ok(open, JSON.stringify(events));
    assert.equal(open.severity, 'CRITICAL');
    assert.ok(events.some((e) => e.eventType === 'SENDING_DISABLED' && e.status === 'OPEN'));
    assert.equal(await statusOf(tenant.inboxApi.createInbox({ emailAddress: `late@${domain.domain}` })), 400);

    dns.add(dkim.name, { type: 'TXT', text: dkim.recordEntries[0]! });
    await server.server.domainChecks.runOnce();
    assert.equal((await domainsApi().getDomain({ id: domain.id })).isVerified, true);
  });

  test('mail sent from a custom-domain inbox is DKIM-signed with the domain\'s key: it verifies against the published record, and fails once it is altered or removed', async () => {
    const domain = await verifiedDomain();
    const sender = await tenant.inboxApi.createInbox({ emailAddress: `sender@${domain.domain}` });
    const local = await tenant.mailslurp.createInbox();
    const sent = await tenant.mailslurp.sendEmail(sender.id, { to: [local.emailAddress, 'someone@elsewhere.test'], subject: 'Signed', body: 'hello' });
    assert.ok(sent.id);
    const received = await tenant.mailslurp.waitForLatestEmail(local.id, 10_000);
    const localRaw = (await tenant.mailslurp.emailController.getRawEmailJson({ emailId: received.id })).content!;
    assert.match(localRaw, /^DKIM-Signature: /m);
    assert.deepEqual(await dkimOf(localRaw), [{ result: 'pass', domain: domain.domain }]);
    const relayed = relay.received.find((m) => m.to.includes('someone@elsewhere.test') && m.from === sender.emailAddress);
    assert.ok(relayed, 'the capture relay got the message');
    assert.deepEqual(await dkimOf(relayed.raw), [{ result: 'pass', domain: domain.domain }]);

    // Mail from an inbox of the server's own domain is not signed.
    const plain = await tenant.mailslurp.createInbox();
    await tenant.mailslurp.sendEmail(plain.id, { to: [local.emailAddress], subject: 'Unsigned', body: 'x' });
    const unsignedMail = await tenant.mailslurp.waitForNthEmail(local.id, 1, 10_000);
    assert.equal(unsignedMail.subject, 'Unsigned');
    const unsignedRaw = (await tenant.mailslurp.emailController.getRawEmailJson({ emailId: unsignedMail.id })).content!;
    assert.doesNotMatch(unsignedRaw, /^DKIM-Signature: /m);

    const dkim = recordOf(domain, 'DKIM');
    dns.remove(dkim.name);
    const otherKey = recordOf(await domainsApi().createDomain({ createDomainOptions: { domain: newName() } }), 'DKIM').recordEntries[0]!;
    dns.add(dkim.name, { type: 'TXT', text: otherKey });
    assert.deepEqual((await dkimOf(localRaw)).map((r) => r.result), ['fail'], 'an altered key fails the signature');
    dns.remove(dkim.name);
    assert.notDeepEqual((await dkimOf(localRaw)).map((r) => r.result), ['pass'], 'a removed key fails the signature');
    dns.add(dkim.name, { type: 'TXT', text: dkim.recordEntries[0]! });
  });

  test('a wildcard catch-all inbox takes SMTP mail to every address of the domain without an inbox of its own', async () => {
    const domain = await verifiedDomain();
    const withCatchAll = await domainsApi().addDomainWildcardCatchAll({ id: domain.id });
    assert.ok(withCatchAll.catchAllInboxId);
    const catchAll = await domainsApi().getDomainWildcardCatchAllInbox({ id: domain.id });
    assert.equal(catchAll.id, withCatchAll.catchAllInboxId);
    assert.equal((await domainsApi().addDomainWildcardCatchAll({ id: domain.id })).catchAllInboxId, catchAll.id, 'kept when asked again');
    const own = await tenant.inboxApi.createInbox({ emailAddress: `own@${domain.domain}` });

    const smtp = smtpTransport(server);
    const unknown = `nobody-${randomBytes(3).toString('hex')}@${domain.domain}`;
    const info = await smtp.sendMail({ envelope: { from: 'x@example.com', to: [unknown] }, raw: rawMessage({ to: unknown, subject: 'To anyone', body: 'b' }) });
    assert.match(info.response, /^250 /);
    const caught = await tenant.mailslurp.waitForLatestEmail(catchAll.id, 10_000);
    assert.equal(caught.subject, 'To anyone');
    assert.deepEqual(caught.to, [unknown]);
    await smtp.sendMail({ envelope: { from: 'x@example.com', to: [own.emailAddress] }, raw: rawMessage({ to: own.emailAddress, subject: 'To own', body: 'b' }) });
    assert.equal((await tenant.mailslurp.waitForLatestEmail(own.id, 10_000)).subject, 'To own', 'an address with an inbox keeps its mail');
    assert.equal((await tenant.mailslurp.getEmails(catchAll.id)).length, 1);

    // An unverified domain's catch-all takes nothing: the domain is only a claim.
    const pending = await domainsApi().createDomain({ createDomainOptions: { domain: newName(), createdCatchAllInbox: true } });
    assert.ok(pending.catchAllInboxId, 'createdCatchAllInbox makes the inbox at once');
    await assert.rejects(
      smtp.sendMail({ envelope: { from: 'x@example.com', to: [`a@${pending.domain}`] }, raw: rawMessage({ to: `a@${pending.domain}`, subject: 's', body: 'b' }) }),
      /550/,
    );

    // updateDomain removes (null) or sets the catch-all inbox.
    const cleared = await domainsApi().updateDomain({ id: domain.id, updateDomainOptions: { catchAllInboxId: null } });
    assert.equal(cleared.catchAllInboxId ?? null, null);
    assert.equal(await statusOf(domainsApi().getDomainWildcardCatchAllInbox({ id: domain.id })), 404);
    await assert.rejects(smtp.sendMail({ envelope: { from: 'x@example.com', to: [unknown] }, raw: rawMessage({ to: unknown, subject: 's', body: 'b' }) }), /550/);
    const set = await domainsApi().updateDomain({ id: domain.id, updateDomainOptions: { catchAllInboxId: catchAll.id } });
    assert.equal(set.catchAllInboxId, catchAll.id);
    const stranger = await server.createTenant();
    const foreign = await stranger.mailslurp.createInbox();
    assert.equal(await statusOf(domainsApi().updateDomain({ id: domain.id, updateDomainOptions: { catchAllInboxId: foreign.id } })), 400);
  });

  test('deleteDomain disables the domain\'s inboxes: expired at once, they neither send nor receive, their mail stays readable', async () => {
    const domain = await verifiedDomain();
    const inbox = await tenant.inboxApi.createInbox({ emailAddress: `keep@${domain.domain}` });
    const smtp = smtpTransport(server);
    await smtp.sendMail({ envelope: { from: 'x@example.com', to: [inbox.emailAddress] }, raw: rawMessage({ to: inbox.emailAddress, subject: 'Before', body: 'b' }) });
    const before = await tenant.mailslurp.waitForLatestEmail(inbox.id, 10_000);

    const disabled = await domainsApi().deleteDomain({ id: domain.id });
    assert.deepEqual(disabled, [inbox.id]);
    assert.equal(await statusOf(domainsApi().getDomain({ id: domain.id })), 404);
    assert.equal(await statusOf(domainsApi().deleteDomain({ id: domain.id })), 404);
    await assert.rejects(
      smtp.sendMail({ envelope: { from: 'x@example.com', to: [inbox.emailAddress] }, raw: rawMessage({ to: inbox.emailAddress, subject: 'After', body: 'b' }) }),
      /550/,
    );
    const send = tenant.mailslurp.inboxController.sendEmail({ inboxId: inbox.id, sendEmailOptions: { to: ['a@elsewhere.test'], subject: 's', body: 'b' } });
    assert.equal(await statusOf(send), 400);
    assert.equal((await tenant.mailslurp.getEmail(before.id)).subject, 'Before');
    const expired = await tenant.mailslurp.expiredController.getExpiredInboxByInboxId({ inboxId: inbox.id });
    assert.equal(expired.inboxId, inbox.id);
    assert.equal(await statusOf(tenant.inboxApi.createInbox({ emailAddress: `new@${domain.domain}` })), 400, 'the name is no custom domain any more');
  });

  test('the server\'s own domains and regions', async () => {
    const own = await domainsApi().getMailSlurpDomains({});
    assert.deepEqual(own.domainGroups.map((g) => [g.label, g.domains.map((d) => d.domainName)]), [
      ['DEFAULT', [server.config.domain]], ['DOMAIN_POOL', ['pool-one.test', 'pool-two.test']],
    ]);
    const smtpOwn = await domainsApi().getMailSlurpDomains({ inboxType: 'SMTP_INBOX' as never });
    assert.equal(smtpOwn.domainGroups[0]!.domains[0]!.domainType, 'SMTP_DOMAIN');
    const smtpDomain = await verifiedDomain({ domainType: 'SMTP_DOMAIN' });
    const regions = await domainsApi().getAvailableDomainRegions({ inboxType: 'SMTP_INBOX' as never });
    const custom = regions.domainGroups.find((g) => g.label === 'CUSTOM')!;
    assert.deepEqual(custom.domains.map((d) => d.domainName), [smtpDomain.domain], 'only SMTP custom domains for SMTP inboxes');
    assert.equal(custom.domains[0]!.accountRegion, undefined, 'a self-hosted server names no hosted region');
    assert.equal(custom.domains[0]!.creationEnabled, true);
    assert.equal(custom.domains[0]!.sendingEnabled, false, 'SMTP inboxes only receive');
  });
});
