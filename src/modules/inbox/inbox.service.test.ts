import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DomainRecord, InboxType } from '../../storage/ports.js';
import { fakeServices, TEST_DOMAIN, TEST_DOMAIN_POOL, type FakeServicesOptions, rejectsWith } from '../../../test/fakes/index.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';
const DAY = 24 * 60 * 60 * 1000;

function setup(options: FakeServicesOptions = {}) {
  const fake = fakeServices(options);
  return { ...fake, inboxes: fake.services.inboxes };
}

const domain = (tenantId: string, name: string, changes: Partial<DomainRecord> = {}): DomainRecord => ({
  id: `domain-${name}`, tenantId, domain: name, verified: true, inboxType: 'HTTP' as InboxType, createdAt: new Date(0), ...changes,
});

describe('creating inboxes', () => {
  test('with no options: a permanent, private HTTP inbox on the service domain, created now', async () => {
    const { inboxes, clock } = setup();
    const inbox = await inboxes.create(ALICE, {});
    assert.equal(inbox.tenantId, ALICE);
    assert.equal(inbox.emailAddress, `${inbox.id}@${TEST_DOMAIN}`, 'the id makes the address unique');
    assert.equal(inbox.inboxType, 'HTTP');
    assert.equal(inbox.virtualInbox, false);
    assert.equal(inbox.favourite, false);
    assert.equal(inbox.expiresAt, null);
    assert.equal(inbox.name, null);
    assert.deepEqual(inbox.tags, []);
    assert.deepEqual(inbox.createdAt, clock.now());
    assert.deepEqual(await inboxes.get(ALICE, inbox.id), inbox, 'what create answers is what a read returns');
  });

  test('options are kept: name and description trimmed, tags trimmed, deduplicated and sorted', async () => {
    const { inboxes } = setup();
    const inbox = await inboxes.create(ALICE, {
      name: '  Signup flow ', description: ' used by e2e ', tags: ['zeta', ' alpha ', 'zeta', '', 'Beta'],
      favourite: true, inboxType: 'SMTP_INBOX', virtualInbox: true,
    });
    assert.equal(inbox.name, 'Signup flow');
    assert.equal(inbox.description, 'used by e2e');
    assert.deepEqual(inbox.tags, ['Beta', 'alpha', 'zeta']);
    assert.equal(inbox.favourite, true);
    assert.equal(inbox.inboxType, 'SMTP');
    assert.equal(inbox.virtualInbox, true);
    assert.deepEqual(await inboxes.get(ALICE, inbox.id), inbox);
  });

  test('refuses an unknown inbox type, blank-only names become null, and too many tags are refused', async () => {
    const { inboxes } = setup();
    await rejectsWith(inboxes.create(ALICE, { inboxType: 'IMAP' }), 'BAD_REQUEST', /inboxType/);
    assert.equal((await inboxes.create(ALICE, { name: '   ' })).name, null);
    const tags = Array.from({ length: 51 }, (_, i) => `tag-${i}`);
    await rejectsWith(inboxes.create(ALICE, { tags }), 'BAD_REQUEST', /at most 50 tags/);
    await rejectsWith(inboxes.create(ALICE, { name: 'x'.repeat(1001) }), 'BAD_REQUEST', /name/);
    assert.equal(await inboxes.count(ALICE), 1, 'refused creations store nothing');
  });
});

describe('addresses and domains', () => {
  test('a chosen address is lower-cased and unique service-wide, whatever its case or tenant', async () => {
    const { inboxes } = setup();
    const inbox = await inboxes.create(ALICE, { emailAddress: ` Signup.Test@${TEST_DOMAIN.toUpperCase()} ` });
    assert.equal(inbox.emailAddress, `signup.test@${TEST_DOMAIN}`);
    assert.equal(inbox.localPart, 'signup.test');
    assert.equal(await inboxes.isAvailable(`SIGNUP.test@${TEST_DOMAIN}`), false);
    await rejectsWith(inboxes.create(BOB, { emailAddress: `signup.TEST@${TEST_DOMAIN}` }), 'CONFLICT', /already in use/);
    await rejectsWith(inboxes.create(ALICE, { emailAddress: `signup.test@${TEST_DOMAIN}` }), 'CONFLICT');
    assert.equal(await inboxes.count(BOB), 0);
  });

  test('malformed addresses and prefixes are refused', async () => {
    const { inboxes } = setup();
    await rejectsWith(inboxes.create(ALICE, { emailAddress: 'no-at-sign' }), 'BAD_REQUEST', /not an email address/);
    await rejectsWith(inboxes.create(ALICE, { emailAddress: `two..dots@${TEST_DOMAIN}` }), 'BAD_REQUEST');
    await rejectsWith(inboxes.create(ALICE, { prefix: 'has space' }), 'BAD_REQUEST', /prefix/);
  });

  test('a prefix starts the generated address; short addresses stay under 31 characters', async () => {
    const { inboxes } = setup();
    const prefixed = await inboxes.create(ALICE, { prefix: 'Signup-' });
    assert.match(prefixed.emailAddress, new RegExp(`^signup-${prefixed.id}@${TEST_DOMAIN.replace('.', '\\.')}$`));
    const short = await inboxes.create(ALICE, { useShortAddress: true });
    assert.ok(short.emailAddress.length < 31, short.emailAddress);
    assert.ok(short.emailAddress.endsWith(`@${TEST_DOMAIN}`));
  });

  test('a domain that is neither the service\'s nor a verified custom domain of the caller is refused', async () => {
    const { inboxes, repos } = setup();
    await repos.domains.create(domain(BOB, 'bob.example'));
    await repos.domains.create(domain(ALICE, 'pending.example', { verified: false }));
    await rejectsWith(inboxes.create(ALICE, { emailAddress: 'me@elsewhere.example' }), 'BAD_REQUEST', /neither a domain of this service/);
    await rejectsWith(inboxes.create(ALICE, { emailAddress: 'me@bob.example' }), 'BAD_REQUEST', /neither/);
    await rejectsWith(inboxes.create(ALICE, { domainName: 'bob.example' }), 'BAD_REQUEST', /neither/);
    await rejectsWith(inboxes.create(ALICE, { emailAddress: 'me@pending.example' }), 'BAD_REQUEST', /not verified/);
    await rejectsWith(inboxes.create(ALICE, { domainName: 'not a domain' }), 'BAD_REQUEST', /not a domain name/);
    await rejectsWith(inboxes.create(ALICE, { emailAddress: `me@${TEST_DOMAIN}`, domainName: 'other.example' }), 'BAD_REQUEST', /does not match/);
    assert.equal(await inboxes.count(ALICE), 0);
  });

  test('a verified custom domain gives its inboxes its id, for the inbox type it was made for', async () => {
    const { inboxes, repos } = setup();
    await repos.domains.create(domain(ALICE, 'alice.example'));
    await repos.domains.create(domain(ALICE, 'smtp.alice.example', { id: 'smtp-domain', inboxType: 'SMTP' }));

    const byAddress = await inboxes.create(ALICE, { emailAddress: 'Team@Alice.example' });
    assert.equal(byAddress.emailAddress, 'team@alice.example');
    assert.equal(byAddress.domainId, 'domain-alice.example');
    const byName = await inboxes.create(ALICE, { domainName: 'ALICE.example' });
    assert.equal(byName.domain, 'alice.example');
    assert.equal(byName.domainId, 'domain-alice.example');
    const byId = await inboxes.create(ALICE, { domainId: 'smtp-domain', inboxType: 'SMTP' });
    assert.equal(byId.domain, 'smtp.alice.example');
    assert.equal(byId.domainId, 'smtp-domain');

    await rejectsWith(inboxes.create(ALICE, { domainId: 'smtp-domain' }), 'BAD_REQUEST', /for SMTP inboxes; this inbox is HTTP/);
    await rejectsWith(inboxes.create(ALICE, { domainId: 'no-such-domain' }), 'BAD_REQUEST', /not a custom domain of yours/);
    await rejectsWith(inboxes.create(BOB, { domainId: 'smtp-domain', inboxType: 'SMTP' }), 'BAD_REQUEST', /not a custom domain of yours/);
    await rejectsWith(inboxes.create(ALICE, { emailAddress: 'x@alice.example', domainId: 'smtp-domain' }), 'BAD_REQUEST', /is not the custom domain/);
  });

  test('useDomainPool picks a pool domain, for HTTP inboxes only', async () => {
    const { inboxes } = setup();
    for (let i = 0; i < 5; i++) {
      const inbox = await inboxes.createWithDefaults(ALICE);
      assert.ok((TEST_DOMAIN_POOL as readonly string[]).includes(inbox.domain), inbox.domain);
      assert.equal(inbox.inboxType, 'HTTP');
    }
    await rejectsWith(inboxes.create(ALICE, { useDomainPool: true, inboxType: 'SMTP' }), 'BAD_REQUEST', /only available for HTTP/);
    // pool domains are the service's own: an address on one needs no custom domain
    const chosen = await inboxes.create(ALICE, { emailAddress: `pick@${TEST_DOMAIN_POOL[1]}` });
    assert.equal(chosen.domainId, null);
  });

  test('exists and isAvailable answer for every tenant; findByAddress only finds the caller\'s own', async () => {
    const { inboxes } = setup();
    const inbox = await inboxes.create(ALICE, { emailAddress: `shared@${TEST_DOMAIN}` });
    assert.equal(await inboxes.exists(`SHARED@${TEST_DOMAIN}`), true);
    assert.equal(await inboxes.isAvailable(`other@${TEST_DOMAIN}`), true);
    assert.equal((await inboxes.findByAddress(ALICE, `Shared@${TEST_DOMAIN}`))?.id, inbox.id);
    assert.equal(await inboxes.findByAddress(BOB, `shared@${TEST_DOMAIN}`), undefined);
  });
});

describe('expiry', () => {
  test('expiresIn counts from the clock; expiresAt is kept as given', async () => {
    const { inboxes, clock } = setup();
    const inIn = await inboxes.create(ALICE, { expiresIn: 60_000 });
    assert.deepEqual(inIn.expiresAt, new Date(clock.now().getTime() + 60_000));
    const at = new Date(clock.now().getTime() + DAY);
    assert.deepEqual((await inboxes.create(ALICE, { expiresAt: at })).expiresAt, at);
  });

  test('an expiry now or in the past, both options at once, or an expiresIn out of range is refused', async () => {
    const { inboxes, clock } = setup();
    await rejectsWith(inboxes.create(ALICE, { expiresAt: clock.now() }), 'BAD_REQUEST', /must be in the future/);
    await rejectsWith(inboxes.create(ALICE, { expiresAt: new Date(clock.now().getTime() - 1) }), 'BAD_REQUEST', /future/);
    await rejectsWith(inboxes.create(ALICE, { expiresAt: new Date(clock.now().getTime() + DAY), expiresIn: 1000 }), 'BAD_REQUEST', /not both/);
    for (const expiresIn of [0, -5, 1.5, 100 * 366 * DAY]) {
      await rejectsWith(inboxes.create(ALICE, { expiresIn }), 'BAD_REQUEST', /expiresIn/);
    }
    assert.equal(await inboxes.count(ALICE), 0);
  });

  test('an inbox whose expiry passed cannot be given a new one', async () => {
    const { inboxes, clock } = setup();
    const inbox = await inboxes.create(ALICE, { expiresIn: 1000 });
    const later = new Date(clock.now().getTime() + DAY);
    // before its expiry it may be moved
    assert.deepEqual((await inboxes.update(ALICE, inbox.id, { expiresAt: later })).expiresAt, later);
    await rejectsWith(inboxes.update(ALICE, inbox.id, { expiresAt: clock.now() }), 'BAD_REQUEST', /must be in the future/);
    clock.advance(DAY);
    await rejectsWith(inboxes.update(ALICE, inbox.id, { expiresAt: new Date(clock.now().getTime() + DAY) }), 'BAD_REQUEST', /cannot be reopened/);
    await rejectsWith(inboxes.update(ALICE, inbox.id, { expiresAt: null }), 'BAD_REQUEST', /cannot be reopened/);
    // other changes still work
    assert.equal((await inboxes.update(ALICE, inbox.id, { name: 'kept' })).name, 'kept');
  });

  test('flushExpired removes the caller\'s expired inboxes, records and announces their expiry', async () => {
    const { inboxes, clock, bus, services } = setup();
    const announced: string[] = [];
    bus.subscribe('inbox.expired', (event) => announced.push(event.inboxId));
    const soon = await inboxes.create(ALICE, { expiresIn: 1000 });
    const later = await inboxes.create(ALICE, { expiresIn: 10 * DAY });
    const permanent = await inboxes.create(ALICE, {});
    const bobs = await inboxes.create(BOB, { expiresIn: 1000 });
    clock.advance(DAY);

    const flushed = await inboxes.flushExpired(ALICE);
    assert.deepEqual(flushed.inboxIds, [soon.id]);
    assert.deepEqual(flushed.expireBefore, clock.now());
    assert.deepEqual(announced, [soon.id]);
    await rejectsWith(inboxes.get(ALICE, soon.id), 'NOT_FOUND');
    const record = await services.expired.getByInboxId(ALICE, soon.id);
    assert.equal(record.emailAddress, soon.emailAddress);
    assert.deepEqual(record.createdAt, soon.expiresAt, 'the record dates from the expiry, not the flush');
    assert.equal((await inboxes.get(ALICE, later.id)).id, later.id);
    assert.equal((await inboxes.get(ALICE, permanent.id)).id, permanent.id);
    assert.equal((await inboxes.get(BOB, bobs.id)).id, bobs.id, "another tenant's inboxes are not flushed");

    // flushing ahead of an expiry removes the inbox but records no expiry: it never expired
    const ahead = await inboxes.flushExpired(ALICE, new Date(clock.now().getTime() + 20 * DAY));
    assert.deepEqual(ahead.inboxIds, [later.id]);
    await rejectsWith(services.expired.getByInboxId(ALICE, later.id), 'NOT_FOUND');
  });
});

describe('the creation quota', () => {
  test('counts creations over the trailing 30 days, deleted inboxes included', async () => {
    const { inboxes, clock } = setup({ settings: { inboxQuota: 2 } });
    const first = await inboxes.create(ALICE, {});
    clock.advance(DAY);
    await inboxes.create(ALICE, {});
    await rejectsWith(inboxes.create(ALICE, {}), 'QUOTA_EXCEEDED', /2 of 2 inboxes created in the last 30 days/);

    await inboxes.delete(ALICE, first.id);
    await rejectsWith(inboxes.create(ALICE, {}), 'QUOTA_EXCEEDED', /deleting inboxes does not lower this count/, 'deleting does not give the place back');
    assert.equal((await inboxes.create(BOB, {})).tenantId, BOB, 'each tenant has its own quota');

    // The first creation leaves the window exactly 30 days after it.
    clock.set(new Date(first.createdAt.getTime() + 30 * DAY - 1));
    await rejectsWith(inboxes.create(ALICE, {}), 'QUOTA_EXCEEDED');
    clock.advance(1);
    assert.equal((await inboxes.create(ALICE, {})).tenantId, ALICE);
    await rejectsWith(inboxes.create(ALICE, {}), 'QUOTA_EXCEEDED');
  });

  test('a quota of 0 is no quota', async () => {
    const { inboxes } = setup({ settings: { inboxQuota: 0 } });
    for (let i = 0; i < 30; i++) await inboxes.create(ALICE, {});
    assert.equal(await inboxes.count(ALICE), 30);
  });
});

describe('changing inboxes', () => {
  test('update changes only what it is given', async () => {
    const { inboxes } = setup();
    const inbox = await inboxes.create(ALICE, { name: 'Before', description: 'kept', tags: ['a'] });
    const renamed = await inboxes.update(ALICE, inbox.id, { name: '  After  ', tags: ['z', 'b', 'z'] });
    assert.equal(renamed.name, 'After');
    assert.equal(renamed.description, 'kept');
    assert.deepEqual(renamed.tags, ['b', 'z']);
    assert.equal(renamed.favourite, false);
    const cleared = await inboxes.update(ALICE, inbox.id, { description: '', tags: [] });
    assert.equal(cleared.description, null);
    assert.deepEqual(cleared.tags, []);
    assert.equal(cleared.name, 'After');
    assert.deepEqual(await inboxes.get(ALICE, inbox.id), cleared);
  });

  test('setFavourite marks and unmarks, and the mark is what favourite lists filter on', async () => {
    const { inboxes } = setup();
    const inbox = await inboxes.create(ALICE, {});
    await inboxes.create(ALICE, {});
    assert.equal((await inboxes.setFavourite(ALICE, inbox.id, true)).favourite, true);
    assert.deepEqual((await inboxes.page(ALICE, { favourite: true })).slice.items.map((i) => i.id), [inbox.id]);
    assert.equal((await inboxes.setFavourite(ALICE, inbox.id, false)).favourite, false);
    assert.equal((await inboxes.page(ALICE, { favourite: true })).slice.total, 0);
  });

  test("another tenant's inbox cannot be read, changed or deleted", async () => {
    const { inboxes } = setup();
    const inbox = await inboxes.create(ALICE, { name: 'mine' });
    await rejectsWith(inboxes.get(BOB, inbox.id), 'NOT_FOUND');
    await rejectsWith(inboxes.update(BOB, inbox.id, { name: 'theirs' }), 'NOT_FOUND');
    await rejectsWith(inboxes.setFavourite(BOB, inbox.id, true), 'NOT_FOUND');
    await rejectsWith(inboxes.delete(BOB, inbox.id), 'NOT_FOUND');
    assert.deepEqual(await inboxes.deleteAll(BOB, {}), []);
    assert.deepEqual(await inboxes.get(ALICE, inbox.id), inbox);
  });

  test('delete removes the inbox; deleting it again is NOT_FOUND', async () => {
    const { inboxes } = setup();
    const inbox = await inboxes.create(ALICE, {});
    const other = await inboxes.create(ALICE, {});
    await inboxes.delete(ALICE, inbox.id);
    await rejectsWith(inboxes.get(ALICE, inbox.id), 'NOT_FOUND');
    await rejectsWith(inboxes.delete(ALICE, inbox.id), 'NOT_FOUND');
    assert.deepEqual((await inboxes.ids(ALICE)).map((i) => i.id), [other.id]);
    assert.equal(await inboxes.isAvailable(inbox.emailAddress), true, 'the address is free again');
  });

  test('bulk deletes by tag, name and description match whole trimmed values', async () => {
    const { inboxes } = setup();
    const tagged = await inboxes.create(ALICE, { tags: ['ci'] });
    await inboxes.create(ALICE, { tags: ['ci-nightly'] });
    const named = await inboxes.create(ALICE, { name: 'Reset' });
    await inboxes.create(ALICE, { name: 'Reset flow' });
    const described = await inboxes.create(ALICE, { description: 'temp' });
    await inboxes.create(BOB, { tags: ['ci'], name: 'Reset', description: 'temp' });
    assert.deepEqual(await inboxes.deleteByTag(ALICE, ' ci '), [tagged.id]);
    assert.deepEqual(await inboxes.deleteByName(ALICE, 'Reset '), [named.id]);
    assert.deepEqual(await inboxes.deleteByDescription(ALICE, 'temp'), [described.id]);
    assert.equal(await inboxes.count(ALICE), 2);
    assert.equal(await inboxes.count(BOB), 1);
  });
});

describe('listing inboxes', () => {
  /** Five of Alice's inboxes a minute apart, and one of Bob's. */
  async function five() {
    const fake = setup();
    const { inboxes, clock } = fake;
    const made = [];
    made.push(await inboxes.create(ALICE, { name: 'Signup', tags: ['e2e', 'signup'] }));
    clock.advance(60_000);
    made.push(await inboxes.create(ALICE, { name: 'Password reset', tags: ['e2e'], favourite: true }));
    clock.advance(60_000);
    made.push(await inboxes.create(ALICE, { name: 'Receipts', inboxType: 'SMTP' }));
    clock.advance(60_000);
    made.push(await inboxes.create(ALICE, { emailAddress: `newsletter@${TEST_DOMAIN}`, tags: ['marketing'] }));
    clock.advance(60_000);
    made.push(await inboxes.create(ALICE, { name: 'SIGNUP v2', favourite: true }));
    await inboxes.create(BOB, { name: 'Signup', tags: ['e2e'] });
    return { ...fake, made };
  }

  test('pages by creation time, with the total of every page', async () => {
    const { inboxes, made } = await five();
    const first = await inboxes.page(ALICE, { page: 0, size: 2 });
    assert.equal(first.slice.total, 5);
    assert.deepEqual(first.slice.items.map((i) => i.id), [made[0]!.id, made[1]!.id]);
    const last = await inboxes.page(ALICE, { page: 2, size: 2 });
    assert.deepEqual(last.slice.items.map((i) => i.id), [made[4]!.id]);
    assert.equal(last.slice.total, 5);
    const newest = await inboxes.page(ALICE, { size: 2, sort: 'DESC' });
    assert.deepEqual(newest.slice.items.map((i) => i.id), [made[4]!.id, made[3]!.id]);
    assert.deepEqual(newest.request, { page: 0, size: 2, sort: 'DESC' });
  });

  test('filters combine: favourite, tag, search, type, time range; none reaches another tenant', async () => {
    const { inboxes, made } = await five();
    const ids = async (input: Parameters<typeof inboxes.page>[1]) => (await inboxes.page(ALICE, input)).slice.items.map((i) => i.id);
    assert.deepEqual(await ids({ favourite: true }), [made[1]!.id, made[4]!.id]);
    assert.deepEqual(await ids({ tag: 'e2e' }), [made[0]!.id, made[1]!.id]);
    assert.deepEqual(await ids({ search: '  signup ' }), [made[0]!.id, made[4]!.id], 'case-insensitive, on name and tags');
    assert.deepEqual(await ids({ search: 'NEWSLETTER' }), [made[3]!.id], 'on the address');
    assert.deepEqual(await ids({ search: 'market' }), [made[3]!.id], 'partial, on tags');
    assert.deepEqual(await ids({ inboxType: 'SMTP_INBOX' }), [made[2]!.id]);
    assert.deepEqual(await ids({ since: made[1]!.createdAt, before: made[4]!.createdAt }), [made[2]!.id, made[3]!.id], 'both ends exclusive');
    assert.deepEqual(await ids({ favourite: true, search: 'signup' }), [made[4]!.id]);
    assert.deepEqual(await ids({ inboxFunction: 'ALIAS' }), [], 'no inbox here has a function');
    await rejectsWith(inboxes.page(ALICE, { inboxType: 'POP3' }), 'BAD_REQUEST');
  });

  test('getInboxes is capped at 100 and can be narrowed to given ids', async () => {
    const { inboxes, made } = await five();
    assert.equal((await inboxes.list(ALICE, {})).length, 5);
    assert.deepEqual((await inboxes.list(ALICE, { size: 2, sort: 'DESC' })).map((i) => i.id), [made[4]!.id, made[3]!.id]);
    assert.deepEqual((await inboxes.list(ALICE, { include: [made[2]!.id, '', made[0]!.id] })).map((i) => i.id), [made[0]!.id, made[2]!.id]);
    assert.equal((await inboxes.list(ALICE, { size: 1000 })).length, 5);
    assert.equal((await inboxes.list(BOB, {})).length, 1);
  });

  test('tags are listed once each, searchable, per tenant', async () => {
    const { inboxes } = await five();
    const all = await inboxes.tags(ALICE, {});
    assert.deepEqual(all.slice, { items: ['e2e', 'marketing', 'signup'], total: 3 });
    assert.deepEqual((await inboxes.tags(ALICE, { searchFilter: 'SIGN' })).slice.items, ['signup']);
    assert.deepEqual((await inboxes.tags(ALICE, { size: 1, page: 1, sort: 'DESC' })).slice, { items: ['marketing'], total: 3 });
    assert.deepEqual((await inboxes.tags(BOB, {})).slice.items, ['e2e']);
  });

  test('findByName finds the oldest inbox of that name, trimmed, of the caller only', async () => {
    const { inboxes, made } = await five();
    assert.equal((await inboxes.findByName(ALICE, ' Signup '))?.id, made[0]!.id);
    assert.equal(await inboxes.findByName(ALICE, 'signup'), undefined, 'names match exactly');
    assert.notEqual((await inboxes.findByName(BOB, 'Signup'))?.id, made[0]!.id);
  });
});
