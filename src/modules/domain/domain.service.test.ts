import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { fakeServices, rejectsWith } from '../../../test/fakes/index.js';
import type { DnsLookup } from './domain.service.js';
import type { DomainNameRecord } from './domain.records.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';

/** A zone in memory answering as node's Resolver does (ENOTFOUND for a name without records); `down` makes every lookup fail. */
class Zone implements DnsLookup {
  readonly txt = new Map<string, string[][]>();
  readonly mx = new Map<string, Array<{ exchange: string; priority: number }>>();
  down = false;
  private fail(name: string): never {
    throw Object.assign(new Error(`queryTxt ${this.down ? 'ECONNREFUSED' : 'ENOTFOUND'} ${name}`), { code: this.down ? 'ECONNREFUSED' : 'ENOTFOUND' });
  }
  async resolveTxt(name: string) {
    if (this.down || !this.txt.has(name)) this.fail(name);
    return this.txt.get(name)!;
  }
  async resolveMx(name: string) {
    if (this.down || !this.mx.has(name)) this.fail(name);
    return this.mx.get(name)!;
  }
  publish(records: DomainNameRecord[], labels?: string[]) {
    for (const r of records) {
      if (labels && !labels.includes(r.label)) continue;
      if (r.recordType === 'MX') this.mx.set(r.name, [...(this.mx.get(r.name) ?? []), { priority: 10, exchange: r.recordEntries[0]!.split(' ')[1]! }]);
      else this.txt.set(r.name, [...(this.txt.get(r.name) ?? []), [r.recordEntries[0]!]]);
    }
  }
}

function setup() {
  const zone = new Zone();
  const fake = fakeServices({ dns: zone, endpoints: { host: 'mx.pigeonhole.test', smtpPort: 25, smtpsPort: 465, smtpSubmissionPort: 587, imapPort: 143, imapsPort: 993 } });
  return { ...fake, zone, domains: fake.services.domains };
}

describe('custom domains', () => {
  test('created unverified with its records; inboxes on it are refused until the records are published and checked', async () => {
    const { domains, zone, services } = setup();
    const view = await domains.create(ALICE, { domain: 'Mail.Example.TEST.' });
    assert.equal(view.record.domain, 'mail.example.test');
    assert.equal(view.record.verified, false);
    assert.equal(view.hasMissingRecords, true);
    await rejectsWith(services.inboxes.create(ALICE, { emailAddress: 'a@mail.example.test' }), 'BAD_REQUEST', /not verified/);
    zone.publish(view.records);
    const checked = await domains.get(ALICE, view.record.id, true);
    assert.equal(checked.record.verified, true);
    assert.equal(checked.hasMissingRecords, false);
    const inbox = await services.inboxes.create(ALICE, { emailAddress: 'a@mail.example.test' });
    assert.equal(inbox.domainId, view.record.id);
  });

  test('another tenant sees none of it: 404 for every operation on the id', async () => {
    const { domains } = setup();
    const view = await domains.create(ALICE, { domain: 'a.example.test' });
    await rejectsWith(domains.get(BOB, view.record.id), 'NOT_FOUND');
    await rejectsWith(domains.get(BOB, view.record.id, true), 'NOT_FOUND');
    await rejectsWith(domains.update(BOB, view.record.id, { catchAllInboxId: null }), 'NOT_FOUND');
    await rejectsWith(domains.delete(BOB, view.record.id), 'NOT_FOUND');
    await rejectsWith(domains.healthEvents(BOB, view.record.id), 'NOT_FOUND');
    await rejectsWith(domains.addCatchAll(BOB, view.record.id), 'NOT_FOUND');
    await rejectsWith(domains.catchAllInbox(BOB, view.record.id), 'NOT_FOUND');
    assert.deepEqual(await domains.list(BOB), []);
    await rejectsWith(domains.create(BOB, { domain: 'a.example.test' }), 'CONFLICT');
  });

  test('a resolver that is down changes nothing: checkForErrors is a 503, the scheduled pass keeps the verified state and raises no event', async () => {
    const { domains, zone, repos } = setup();
    const view = await domains.create(ALICE, { domain: 'b.example.test' });
    zone.publish(view.records);
    await domains.get(ALICE, view.record.id, true);
    zone.down = true;
    await rejectsWith(domains.get(ALICE, view.record.id, true), 'UNAVAILABLE', /ECONNREFUSED/);
    const events = repos.customDomains.events.length;
    await domains.checkAll();
    const after = await domains.get(ALICE, view.record.id);
    assert.equal(after.record.verified, true);
    assert.equal(after.hasMissingRecords, false);
    assert.equal(repos.customDomains.events.length, events);
  });

  test('health events when a record goes and comes back, and when verification is lost and regained', async () => {
    const { domains, zone } = setup();
    const view = await domains.create(ALICE, { domain: 'c.example.test' });
    await domains.get(ALICE, view.record.id, true);
    assert.deepEqual(await domains.healthEvents(ALICE, view.record.id), [], 'records never published are no event: the domain is pending');
    zone.publish(view.records);
    await domains.checkAll();
    const enabled = await domains.healthEvents(ALICE, view.record.id);
    assert.ok(enabled.some((e) => e.eventType === 'SENDING_ENABLED'));
    const dkim = view.records.find((r) => r.label === 'DKIM')!;
    zone.txt.delete(dkim.name);
    assert.equal(await domains.checkAll(), 1);
    const lost = await domains.healthEvents(ALICE, view.record.id);
    assert.deepEqual(lost.slice(0, 2).map((e) => [e.eventType, e.status, e.severity]).sort(), [
      ['DKIM_RECORDS_MISSING', 'OPEN', 'CRITICAL'], ['SENDING_DISABLED', 'OPEN', 'CRITICAL'],
    ]);
    assert.equal(await domains.checkAll(), 0, 'no change, no event');
    assert.equal((await domains.healthEvents(ALICE, view.record.id)).length, lost.length);
    zone.txt.set(dkim.name, [[dkim.recordEntries[0]!]]);
    await domains.checkAll();
    assert.deepEqual((await domains.healthEvents(ALICE, view.record.id)).slice(0, 2).map((e) => [e.eventType, e.status]).sort(), [
      ['DKIM_RECORDS_MISSING', 'RESOLVED'], ['SENDING_ENABLED', 'RESOLVED'],
    ]);
    zone.txt.set(dkim.name, [['v=DKIM1; k=rsa; p=SOMEONEELSESKEY']]);
    await domains.checkAll();
    const altered = await domains.healthEvents(ALICE, view.record.id);
    assert.ok(altered.some((e) => e.eventType === 'DKIM_VERIFICATION_FAILED' && e.status === 'OPEN'), 'another key in the record');
  });

  test('mail from an inbox on a verified domain is DKIM-signed; once the domain is unverified it is not', async () => {
    const { domains, zone, services } = setup();
    const view = await domains.create(ALICE, { domain: 'd.example.test' });
    zone.publish(view.records);
    await domains.get(ALICE, view.record.id, true);
    const inbox = await services.inboxes.create(ALICE, { emailAddress: 'me@d.example.test' });
    const signer = services.sending.signer!;
    const raw = Buffer.from('From: me@d.example.test\r\nTo: x@y.test\r\nSubject: s\r\n\r\nbody\r\n');
    const signed = await signer.sign(inbox, raw);
    const result = await dkimVerify(signed, { resolver: async (name: string) => zone.resolveTxt(name) } as never);
    assert.deepEqual(result.results.map((r: { status: { result: string } }) => r.status.result), ['pass']);
    zone.txt.delete(view.records.find((r) => r.label === 'DKIM')!.name);
    await domains.get(ALICE, view.record.id, true);
    assert.equal((await signer.sign(inbox, raw)).toString(), raw.toString());
  });

  test('the catch-all of a verified domain takes unknown addresses of it; an unverified domain\'s does not', async () => {
    const { domains, zone, services } = setup();
    const view = await domains.create(ALICE, { domain: 'e.example.test', createdCatchAllInbox: true });
    const catchAllId = view.record.catchAllInboxId!;
    assert.ok(catchAllId);
    assert.equal(await services.ingest.ownInbox('anyone@e.example.test'), undefined);
    zone.publish(view.records);
    await domains.get(ALICE, view.record.id, true);
    assert.equal((await services.ingest.ownInbox('anyone@E.example.test'))?.id, catchAllId);
    assert.equal(await services.ingest.ownInbox('anyone@other.example.test'), undefined);
  });

  test('deleteDomain expires the domain\'s inboxes at once and answers their ids', async () => {
    const { domains, zone, services, clock } = setup();
    const view = await domains.create(ALICE, { domain: 'f.example.test' });
    zone.publish(view.records);
    await domains.get(ALICE, view.record.id, true);
    const inbox = await services.inboxes.create(ALICE, { emailAddress: 'gone@f.example.test' });
    const other = await services.inboxes.create(ALICE, {});
    assert.deepEqual(await domains.delete(ALICE, view.record.id), [inbox.id]);
    assert.deepEqual((await services.inboxes.get(ALICE, inbox.id)).expiresAt, clock.now());
    assert.equal((await services.inboxes.get(ALICE, other.id)).expiresAt, null);
    await rejectsWith(services.ingest.acceptRecipient('gone@f.example.test'), 'NOT_FOUND', /expired/);
    await rejectsWith(domains.get(ALICE, view.record.id), 'NOT_FOUND');
  });
});
