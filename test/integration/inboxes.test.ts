import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CreateInboxDtoInboxTypeEnum,
  CreateInboxInboxTypeEnum,
  GetAllInboxesInboxFunctionEnum,
  GetAllInboxesInboxTypeEnum,
  GetAllInboxesOffsetPaginatedSortEnum,
  GetAllInboxesSortEnum,
  GetInboxTagsSortEnum,
  GetInboxesSortEnum,
  SearchInboxesOptionsSortDirectionEnum,
  type CreateInboxRequest,
  type InboxDto,
} from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import type { InboxType } from '../../src/storage/ports.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

const SERVICE_DOMAIN = 'pigeonhole.test';
const DOMAIN_POOL = ['pigeonhole.test', 'pigeonhole.example', 'pigeonhole.localhost'];
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const suffix = () => randomBytes(4).toString('hex');

/** Status and error message of a call the official client rejected (it throws the Response). */
async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  let thrown: unknown;
  try {
    await promise;
  } catch (err) {
    thrown = err;
  }
  if (!(thrown instanceof Response)) assert.fail(`expected an HTTP error, got ${String(thrown)}`);
  const body = (await thrown.json()) as { message: string };
  return { status: thrown.status, message: body.message };
}

async function assertFails(promise: Promise<unknown>, status: number, message: RegExp): Promise<void> {
  const failed = await failure(promise);
  assert.equal(failed.status, status, `status (message: ${failed.message})`);
  assert.match(failed.message, message);
}

const idsOf = (items: Array<{ id: string }> | undefined) => (items ?? []).map((i) => i.id);
const sortedIds = (items: Array<{ id: string }> | undefined) => idsOf(items).sort();

async function json<T>(response: Response, status = 200): Promise<T> {
  assert.equal(response.status, status, `HTTP ${response.status}: ${response.status >= 400 ? await response.clone().text() : ''}`);
  return (await response.json()) as T;
}

const patchRaw = (tenant: Tenant, inboxId: string, body: unknown) =>
  tenant.fetch(`/inboxes/${inboxId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describeEachDialect('Inboxes', (dialect) => {
  let server: TestServer;
  let clock: ManualClock;
  let alice: Tenant;
  let bob: Tenant;

  before(async () => {
    clock = new ManualClock(new Date('2026-03-01T10:00:00.000Z'));
    server = await startTestServer(dialect, { clock });
    [alice, bob] = await Promise.all([server.createTenant(), server.createTenant()]);
  });
  after(() => server.close());

  /** Creates inboxes one by one, one second apart, so creation order is unambiguous. */
  async function createInSequence(tenant: Tenant, options: CreateInboxRequest[]): Promise<InboxDto[]> {
    const created: InboxDto[] = [];
    for (const o of options) {
      clock.advance(1000);
      created.push(await tenant.inboxApi.createInbox(o));
    }
    clock.advance(1000);
    return created;
  }

  async function addDomain(tenant: Tenant, verified: boolean, inboxType: InboxType = 'HTTP') {
    const record = {
      id: randomUUID(),
      tenantId: tenant.userId,
      domain: `${tenant.userId.slice(0, 8)}-${suffix()}.example.org`,
      verified,
      inboxType,
      createdAt: clock.now(),
    };
    await server.db.store.repos.domains.create(record);
    return record;
  }

  describe('createInbox', () => {
    test('without options gives a private, permanent HTTP inbox with a random address on the service domain', async () => {
      const [first, second] = await Promise.all([alice.inboxApi.createInbox({}), alice.inboxApi.createInbox({})]);
      assert.ok(first && second);
      for (const inbox of [first, second]) {
        assert.match(inbox.emailAddress, new RegExp(`^[a-z0-9-]+@${SERVICE_DOMAIN.replace('.', '\\.')}$`));
        assert.equal(inbox.domain, SERVICE_DOMAIN);
        assert.equal(`${inbox.localPart}@${inbox.domain}`, inbox.emailAddress);
        assert.equal(inbox.inboxType, 'HTTP');
        assert.equal(inbox.userId, alice.userId);
        assert.equal(inbox.favourite, false);
        assert.equal(inbox.virtualInbox, false);
        assert.equal(inbox.readOnly, false);
        assert.equal(inbox.expiresAt ?? null, null);
        assert.equal(inbox.domainId ?? null, null);
        assert.deepEqual(inbox.tags, []);
        assert.equal(inbox.createdAt.getTime(), clock.now().getTime());
      }
      assert.notEqual(first.id, second.id);
      assert.notEqual(first.emailAddress, second.emailAddress);
    });

    test('stores name, description, favourite and virtualInbox, and trims and deduplicates tags', async () => {
      const created = await alice.inboxApi.createInbox({
        name: '  Signup flow ',
        description: 'Receives sign-up mails',
        tags: [' alpha ', 'beta', 'alpha', 'beta '],
        favourite: true,
        virtualInbox: true,
      });
      for (const inbox of [created, await alice.inboxApi.getInbox({ inboxId: created.id })]) {
        assert.equal(inbox.name, 'Signup flow');
        assert.equal(inbox.description, 'Receives sign-up mails');
        assert.deepEqual(inbox.tags, ['alpha', 'beta']);
        assert.equal(inbox.favourite, true);
        assert.equal(inbox.virtualInbox, true);
      }
    });

    test('a single tag in the query is stored as a one-element list', async () => {
      const inbox = await alice.inboxApi.createInbox({ tags: ['solo'] });
      assert.deepEqual((await alice.inboxApi.getInbox({ inboxId: inbox.id })).tags, ['solo']);
    });

    test('expiresAt is stored as given; expiresIn counts milliseconds from now', async () => {
      const at = new Date(clock.now().getTime() + 3 * HOUR + 250);
      const byDate = await alice.inboxApi.createInbox({ expiresAt: at });
      assert.equal(byDate.expiresAt?.getTime(), at.getTime());
      assert.equal((await alice.inboxApi.getInbox({ inboxId: byDate.id })).expiresAt?.getTime(), at.getTime());

      const byDuration = await alice.inboxApi.createInbox({ expiresIn: 90_000 });
      assert.equal(byDuration.expiresAt?.getTime(), clock.now().getTime() + 90_000);
    });

    test('inboxType HTTP_INBOX and SMTP_INBOX are accepted and answered as HTTP and SMTP', async () => {
      const http = await alice.inboxApi.createInbox({ inboxType: CreateInboxInboxTypeEnum.HTTP_INBOX });
      const smtp = await alice.inboxApi.createInbox({ inboxType: CreateInboxInboxTypeEnum.SMTP_INBOX });
      assert.equal(http.inboxType, 'HTTP');
      assert.equal(smtp.inboxType, 'SMTP');
      assert.equal((await alice.inboxApi.getInbox({ inboxId: smtp.id })).inboxType, 'SMTP');
    });

    test('useDomainPool picks the domain from the pool', async () => {
      const inboxes = await Promise.all(
        Array.from({ length: 30 }, () => alice.inboxApi.createInbox({ useDomainPool: true })),
      );
      const domains = new Set(inboxes.map((i) => i.domain));
      for (const inbox of inboxes) {
        assert.ok(DOMAIN_POOL.includes(inbox.domain ?? ''), `${inbox.domain} is a pool domain`);
        assert.ok(inbox.emailAddress.endsWith(`@${inbox.domain}`));
      }
      // 30 uniform picks from 3 domains all landing on one: probability 3^-29.
      assert.ok(domains.size > 1, `more than one pool domain was used: ${[...domains].join(', ')}`);
    });

    test('useShortAddress gives distinct addresses shorter than 31 characters', async () => {
      const inboxes = await Promise.all([
        alice.inboxApi.createInbox({ useShortAddress: true }),
        alice.inboxApi.createInbox({ useShortAddress: true }),
        alice.inboxApi.createInbox({ useShortAddress: true, useDomainPool: true }),
        alice.inboxApi.createInbox({ useShortAddress: true, prefix: 'qa' }),
      ]);
      for (const inbox of inboxes) {
        assert.ok(inbox.emailAddress.length < 31, `${inbox.emailAddress} is under 31 characters`);
      }
      assert.ok(inboxes[3]?.localPart?.startsWith('qa'));
      assert.equal(new Set(inboxes.map((i) => i.emailAddress)).size, inboxes.length);
    });

    test('prefix starts the local part of a generated address', async () => {
      const inbox = await alice.inboxApi.createInbox({ prefix: 'build-42-' });
      assert.match(inbox.emailAddress, /^build-42-[^@]+@pigeonhole\.test$/);
      assert.equal(inbox.domain, SERVICE_DOMAIN);
    });

    test('a prefix that cannot start an address is refused', async () => {
      await assertFails(alice.inboxApi.createInbox({ prefix: 'has space' }), 400, /prefix/);
    });

    test('a custom address on a service domain is accepted and lower-cased', async () => {
      const local = `Custom.${suffix()}`;
      const inbox = await alice.inboxApi.createInbox({ emailAddress: `${local}@Pigeonhole.Example` });
      assert.equal(inbox.emailAddress, `${local.toLowerCase()}@pigeonhole.example`);
      assert.equal(inbox.localPart, local.toLowerCase());
      assert.equal(inbox.domain, 'pigeonhole.example');
      assert.equal(inbox.domainId ?? null, null);
    });

    test('a custom address on an unknown domain is refused with 400 saying why', async () => {
      await assertFails(
        alice.inboxApi.createInbox({ emailAddress: `someone@unknown-${suffix()}.com` }),
        400,
        /Cannot use domain 'unknown-[0-9a-f]+\.com'.*neither a domain of this service.*nor a custom domain of yours/,
      );
    });

    test('something that is not an address is refused with 400', async () => {
      await assertFails(alice.inboxApi.createInbox({ emailAddress: 'not-an-address' }), 400, /not an email address/);
    });

    test("a custom address on the caller's unverified custom domain is refused with 400", async () => {
      const domain = await addDomain(alice, false);
      await assertFails(
        alice.inboxApi.createInbox({ emailAddress: `team@${domain.domain}` }),
        400,
        /not verified/,
      );
    });

    test("a custom address on the caller's verified custom domain works and links the domain", async () => {
      const domain = await addDomain(alice, true);
      const inbox = await alice.inboxApi.createInbox({ emailAddress: `Team@${domain.domain.toUpperCase()}` });
      assert.equal(inbox.emailAddress, `team@${domain.domain}`);
      assert.equal(inbox.domain, domain.domain);
      assert.equal(inbox.domainId, domain.id);
      assert.equal((await alice.inboxApi.getInbox({ inboxId: inbox.id })).domainId, domain.id);
    });

    test('domainName and domainId give a random address on a verified custom domain', async () => {
      const domain = await addDomain(alice, true);
      const byName = await alice.inboxApi.createInbox({ domainName: domain.domain });
      const byId = await alice.inboxApi.createInbox({ domainId: domain.id });
      for (const inbox of [byName, byId]) {
        assert.equal(inbox.domain, domain.domain);
        assert.equal(inbox.domainId, domain.id);
      }
      assert.notEqual(byName.emailAddress, byId.emailAddress);
    });

    test("another tenant's verified custom domain is refused", async () => {
      const domain = await addDomain(alice, true);
      await assertFails(bob.inboxApi.createInbox({ emailAddress: `bob@${domain.domain}` }), 400, /neither a domain/);
      await assertFails(bob.inboxApi.createInbox({ domainId: domain.id }), 400, /not a custom domain of yours/);
    });

    test('a custom domain is only usable by inboxes of its inboxType', async () => {
      const smtpDomain = await addDomain(alice, true, 'SMTP');
      await assertFails(
        alice.inboxApi.createInbox({ emailAddress: `http@${smtpDomain.domain}` }),
        400,
        /for SMTP inboxes; this inbox is HTTP/,
      );
      const smtp = await alice.inboxApi.createInbox({
        emailAddress: `smtp@${smtpDomain.domain}`,
        inboxType: CreateInboxInboxTypeEnum.SMTP_INBOX,
      });
      assert.equal(smtp.inboxType, 'SMTP');
      assert.equal(smtp.domainId, smtpDomain.id);
    });

    test('an address already in use is refused with 409, whoever owns it and however it is cased', async () => {
      const address = `taken-${suffix()}@pigeonhole.test`;
      await alice.inboxApi.createInbox({ emailAddress: address });
      await assertFails(alice.inboxApi.createInbox({ emailAddress: address }), 409, /already in use/);
      await assertFails(bob.inboxApi.createInbox({ emailAddress: address.toUpperCase() }), 409, /already in use/);
    });

    test('useDomainPool with an SMTP inbox is refused with 400', async () => {
      await assertFails(
        alice.inboxApi.createInbox({ useDomainPool: true, inboxType: CreateInboxInboxTypeEnum.SMTP_INBOX }),
        400,
        /useDomainPool.*HTTP/,
      );
    });

    test('expiresAt in the past is refused with 400', async () => {
      await assertFails(
        alice.inboxApi.createInbox({ expiresAt: new Date(clock.now().getTime() - 1000) }),
        400,
        /expiresAt must be in the future/,
      );
    });

    test('expiresAt and expiresIn together are refused with 400', async () => {
      await assertFails(
        alice.inboxApi.createInbox({ expiresAt: new Date(clock.now().getTime() + HOUR), expiresIn: 60_000 }),
        400,
        /expiresAt or expiresIn, not both/,
      );
    });

    test('a non-positive expiresIn is refused with 400', async () => {
      await assertFails(alice.inboxApi.createInbox({ expiresIn: 0 }), 400, /expiresIn/);
    });
  });

  describe('createInboxWithDefaults and createInboxWithOptions', () => {
    test('createInboxWithDefaults gives a permanent HTTP inbox on a pool domain', async () => {
      const inbox = await alice.inboxApi.createInboxWithDefaults();
      assert.ok(DOMAIN_POOL.includes(inbox.domain ?? ''), `${inbox.domain} is a pool domain`);
      assert.equal(inbox.inboxType, 'HTTP');
      assert.equal(inbox.expiresAt ?? null, null);
      assert.equal(inbox.userId, alice.userId);
    });

    test('createInboxWithOptions stores every option of the body', async () => {
      const inbox = await alice.mailslurp.createInboxWithOptions({
        name: 'Options',
        description: 'made from a body',
        tags: ['x', ' y ', 'x'],
        favourite: true,
        virtualInbox: true,
        expiresIn: 5 * 60_000,
        inboxType: CreateInboxDtoInboxTypeEnum.SMTP_INBOX,
        prefix: 'opt-',
      });
      assert.equal(inbox.name, 'Options');
      assert.equal(inbox.description, 'made from a body');
      assert.deepEqual(inbox.tags, ['x', 'y']);
      assert.equal(inbox.favourite, true);
      assert.equal(inbox.virtualInbox, true);
      assert.equal(inbox.inboxType, 'SMTP');
      assert.equal(inbox.expiresAt?.getTime(), clock.now().getTime() + 5 * 60_000);
      assert.match(inbox.emailAddress, /^opt-[^@]+@pigeonhole\.test$/);
      assert.deepEqual(await alice.mailslurp.getInbox(inbox.id), inbox);
    });

    test('createInboxWithOptions takes a custom address and a verified custom domain', async () => {
      const domain = await addDomain(alice, true);
      const custom = await alice.inboxApi.createInboxWithOptions({
        createInboxDto: { emailAddress: `Body@${domain.domain}`, expiresAt: new Date(clock.now().getTime() + DAY) },
      });
      assert.equal(custom.emailAddress, `body@${domain.domain}`);
      assert.equal(custom.domainId, domain.id);
      assert.equal(custom.expiresAt?.getTime(), clock.now().getTime() + DAY);

      const short = await alice.inboxApi.createInboxWithOptions({ createInboxDto: { useShortAddress: true, useDomainPool: true } });
      assert.ok(DOMAIN_POOL.includes(short.domain ?? ''));
      assert.ok(short.emailAddress.length < 31);
    });

    test('createInboxWithOptions enforces the same rules as createInbox', async () => {
      const create = (dto: Parameters<Tenant['mailslurp']['createInboxWithOptions']>[0]) =>
        alice.inboxApi.createInboxWithOptions({ createInboxDto: dto });
      const unverified = await addDomain(alice, false);
      const taken = (await alice.inboxApi.createInbox({})).emailAddress;

      await assertFails(create({ emailAddress: `a@unknown-${suffix()}.net` }), 400, /neither a domain of this service/);
      await assertFails(create({ emailAddress: `a@${unverified.domain}` }), 400, /not verified/);
      await assertFails(create({ emailAddress: taken }), 409, /already in use/);
      await assertFails(create({ useDomainPool: true, inboxType: CreateInboxDtoInboxTypeEnum.SMTP_INBOX }), 400, /useDomainPool/);
      await assertFails(create({ expiresAt: new Date(clock.now().getTime() - 1) }), 400, /future/);
      await assertFails(create({ expiresAt: new Date(clock.now().getTime() + HOUR), expiresIn: 1000 }), 400, /not both/);
    });
  });

  describe('one inbox: get, update, favourite, delete', () => {
    test("getInbox returns the caller's inbox and 404 for another tenant's or an unknown id", async () => {
      const inbox = await alice.inboxApi.createInbox({ name: 'mine' });
      assert.deepEqual(await alice.inboxApi.getInbox({ inboxId: inbox.id }), inbox);
      await assertFails(bob.inboxApi.getInbox({ inboxId: inbox.id }), 404, /No inbox/);
      assert.equal(await statusOf(alice.inboxApi.getInbox({ inboxId: randomUUID() })), 404);
    });

    test('updateInbox changes the fields sent and keeps the others', async () => {
      const expiresAt = new Date(clock.now().getTime() + DAY);
      const inbox = await alice.inboxApi.createInbox({
        name: 'before', description: 'kept', tags: ['old'], expiresAt, favourite: false,
      });

      const renamed = await alice.inboxApi.updateInbox({ inboxId: inbox.id, updateInboxOptions: { name: ' after ' } });
      assert.equal(renamed.name, 'after');
      assert.equal(renamed.description, 'kept');
      assert.deepEqual(renamed.tags, ['old']);
      assert.equal(renamed.expiresAt?.getTime(), expiresAt.getTime());
      assert.equal(renamed.favourite, false);
      assert.equal(renamed.emailAddress, inbox.emailAddress);

      const later = new Date(clock.now().getTime() + 2 * DAY);
      const changed = await alice.inboxApi.updateInbox({
        inboxId: inbox.id,
        updateInboxOptions: { tags: ['new', ' new ', 'more'], favourite: true, expiresAt: later, description: 'changed' },
      });
      assert.equal(changed.name, 'after');
      assert.equal(changed.description, 'changed');
      assert.deepEqual([...(changed.tags ?? [])].sort(), ['more', 'new']);
      assert.equal(changed.favourite, true);
      assert.equal(changed.expiresAt?.getTime(), later.getTime());
      assert.deepEqual(await alice.inboxApi.getInbox({ inboxId: inbox.id }), changed);
    });

    test('updateInbox clears a field sent as null', async () => {
      const inbox = await alice.inboxApi.createInbox({
        name: 'n', description: 'd', tags: ['t'], expiresIn: HOUR, favourite: true,
      });
      const body = await json<Record<string, unknown>>(
        await patchRaw(alice, inbox.id, { name: null, description: null, tags: null, expiresAt: null }),
      );
      assert.equal(body.name, null);
      assert.equal(body.description, null);
      assert.deepEqual(body.tags, []);
      assert.equal(body.expiresAt, null);
      const stored = await alice.inboxApi.getInbox({ inboxId: inbox.id });
      assert.equal(stored.name ?? null, null);
      assert.equal(stored.description ?? null, null);
      assert.deepEqual(stored.tags, []);
      assert.equal(stored.expiresAt ?? null, null);
      assert.equal(stored.favourite, true, 'a field not sent is kept');
    });

    test("updateInbox refuses a past expiresAt and another tenant's inbox", async () => {
      const inbox = await alice.inboxApi.createInbox({ name: 'stays' });
      await assertFails(
        alice.inboxApi.updateInbox({ inboxId: inbox.id, updateInboxOptions: { expiresAt: new Date(clock.now().getTime() - 1) } }),
        400,
        /future/,
      );
      await assertFails(bob.inboxApi.updateInbox({ inboxId: inbox.id, updateInboxOptions: { name: 'stolen' } }), 404, /No inbox/);
      assert.equal((await alice.inboxApi.getInbox({ inboxId: inbox.id })).name, 'stays');
    });

    test('setInboxFavourited marks and unmarks an inbox', async () => {
      const inbox = await alice.inboxApi.createInbox({});
      const marked = await alice.inboxApi.setInboxFavourited({ inboxId: inbox.id, setInboxFavouritedOptions: { state: true } });
      assert.equal(marked.favourite, true);
      assert.equal((await alice.inboxApi.getInbox({ inboxId: inbox.id })).favourite, true);
      const unmarked = await alice.inboxApi.setInboxFavourited({ inboxId: inbox.id, setInboxFavouritedOptions: { state: false } });
      assert.equal(unmarked.favourite, false);
      assert.equal((await alice.inboxApi.getInbox({ inboxId: inbox.id })).favourite, false);
      assert.equal(
        await statusOf(bob.inboxApi.setInboxFavourited({ inboxId: inbox.id, setInboxFavouritedOptions: { state: true } })),
        404,
      );
    });

    test('deleteInbox removes the inbox for good; a second delete and other tenants get 404', async () => {
      const inbox = await alice.inboxApi.createInbox({});
      await assertFails(bob.inboxApi.deleteInbox({ inboxId: inbox.id }), 404, /No inbox/);
      await alice.inboxApi.getInbox({ inboxId: inbox.id });

      await alice.mailslurp.deleteInbox(inbox.id);
      await assertFails(alice.inboxApi.getInbox({ inboxId: inbox.id }), 404, /No inbox/);
      assert.equal(await statusOf(alice.inboxApi.deleteInbox({ inboxId: inbox.id })), 404);
      const available = await alice.inboxApi.isEmailAddressAvailable({ emailAddress: inbox.emailAddress });
      assert.equal(available.available, true, 'the address is free again');
    });
  });

  describe('bulk deletes', () => {
    test("deleteAllInboxes deletes every inbox of the caller and nobody else's", async () => {
      const [owner, other] = await Promise.all([server.createTenant(), server.createTenant()]);
      await Promise.all([owner.inboxApi.createInbox({}), owner.inboxApi.createInbox({}), other.inboxApi.createInbox({})]);
      await owner.inboxApi.deleteAllInboxes({});
      assert.equal((await owner.inboxApi.getInboxCount()).totalElements, 0);
      assert.equal((await other.inboxApi.getInboxCount()).totalElements, 1);
    });

    test('deleteAllInboxes with createdAtSince and createdAtBefore deletes only that range', async () => {
      const owner = await server.createTenant();
      const [a, b, c, d] = await createInSequence(owner, [{}, {}, {}, {}]);
      assert.ok(a && b && c && d);
      await owner.inboxApi.deleteAllInboxes({
        createdAtSince: new Date(a.createdAt.getTime() + 500),
        createdAtBefore: new Date(d.createdAt.getTime() - 500),
      });
      assert.deepEqual(idsOf(await owner.inboxApi.getInboxes({})), [a.id, d.id]);
    });

    test('deleteAllInboxesByTag deletes only inboxes with exactly that tag', async () => {
      const owner = await server.createTenant();
      const [exact, longer, upper, among] = await createInSequence(owner, [
        { tags: ['ci'] }, { tags: ['ci-nightly'] }, { tags: ['CI'] }, { tags: ['other', 'ci'] },
      ]);
      await owner.inboxApi.deleteAllInboxesByTag({ tag: 'ci' });
      const left = idsOf(await owner.inboxApi.getInboxes({}));
      assert.deepEqual(left, [longer?.id, upper?.id]);
      assert.ok(exact && among);
    });

    test('deleteAllInboxesByName deletes only inboxes with exactly that name', async () => {
      const owner = await server.createTenant();
      const [, partial, upper, none] = await createInSequence(owner, [
        { name: 'smoke' }, { name: 'smoke test' }, { name: 'Smoke' }, {},
      ]);
      await owner.inboxApi.deleteAllInboxesByName({ name: 'smoke' });
      assert.deepEqual(idsOf(await owner.inboxApi.getInboxes({})), [partial?.id, upper?.id, none?.id]);
    });

    test('deleteAllInboxesByDescription deletes only inboxes with exactly that description', async () => {
      const owner = await server.createTenant();
      const [, partial, none] = await createInSequence(owner, [
        { description: 'temporary' }, { description: 'temporary inbox' }, {}, { description: 'temporary' },
      ]);
      await owner.inboxApi.deleteAllInboxesByDescription({ description: 'temporary' });
      assert.deepEqual(idsOf(await owner.inboxApi.getInboxes({})), [partial?.id, none?.id]);
    });
  });

  describe('getInboxes', () => {
    test('answers at most 100 inboxes, and size cannot raise the cap', async () => {
      const owner = await server.createTenant();
      for (let created = 0; created < 101; created += 26) {
        const batch = Math.min(26, 101 - created);
        await Promise.all(Array.from({ length: batch }, () => owner.inboxApi.createInbox({})));
      }
      assert.equal((await owner.inboxApi.getInboxCount()).totalElements, 101);
      assert.equal((await owner.inboxApi.getInboxes({})).length, 100);
      assert.equal((await owner.inboxApi.getInboxes({ size: 500 })).length, 100);
      assert.equal((await owner.inboxApi.getInboxes({ size: 7 })).length, 7);
      assert.equal((await owner.inboxApi.getInboxIds()).inboxIds.length, 101, 'getInboxIds is not capped');
    });

    test('sorts by creation time, filters by since/before and restricts to include', async () => {
      const owner = await server.createTenant();
      const [a, b, c] = await createInSequence(owner, [{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
      assert.ok(a && b && c);
      await bob.inboxApi.createInbox({});

      assert.deepEqual(idsOf(await owner.inboxApi.getInboxes({})), [a.id, b.id, c.id]);
      assert.deepEqual(idsOf(await owner.inboxApi.getInboxes({ sort: GetInboxesSortEnum.ASC })), [a.id, b.id, c.id]);
      assert.deepEqual(idsOf(await owner.inboxApi.getInboxes({ sort: GetInboxesSortEnum.DESC })), [c.id, b.id, a.id]);
      assert.deepEqual(idsOf(await owner.inboxApi.getInboxes({ since: a.createdAt })), [b.id, c.id]);
      assert.deepEqual(idsOf(await owner.inboxApi.getInboxes({ before: c.createdAt })), [a.id, b.id]);
      assert.deepEqual(idsOf(await owner.inboxApi.getInboxes({ include: [c.id, a.id] })), [a.id, c.id]);
      assert.deepEqual(idsOf(await owner.inboxApi.getInboxes({ include: [b.id] })), [b.id]);
      const bobs = (await bob.inboxApi.getInboxes({}))[0];
      assert.ok(bobs);
      assert.deepEqual(await owner.inboxApi.getInboxes({ include: [bobs.id] }), [], "another tenant's id matches nothing");
    });
  });

  describe('paged lists, search and tags', () => {
    let owner: Tenant;
    /** i0..i4, created one second apart */
    let i: InboxDto[];
    let xyzAddress: string;

    before(async () => {
      owner = await server.createTenant();
      xyzAddress = `search-target-XYZ-${suffix()}@pigeonhole.test`;
      i = await createInSequence(owner, [
        { name: 'Alpha Build', tags: ['ci', 'nightly'], favourite: true },
        { name: 'beta', tags: ['release'], inboxType: CreateInboxInboxTypeEnum.SMTP_INBOX },
        { name: '100%_done', tags: ['ci'] },
        { name: '100 done x', emailAddress: xyzAddress },
        { tags: ['alpha-tag'], favourite: true },
      ]);
      await bob.inboxApi.createInbox({ name: 'Alpha Build', tags: ['ci'] });
    });
    const id = (n: number) => i[n]?.id;

    test('getAllInboxes pages by page, size and sort with Spring page fields', async () => {
      const first = await owner.inboxApi.getAllInboxes({ page: 0, size: 2 });
      assert.deepEqual(idsOf(first.content), [id(0), id(1)]);
      assert.equal(first.totalElements, 5);
      assert.equal(first.totalPages, 3);
      assert.equal(first.number, 0);
      assert.equal(first.size, 2);
      assert.equal(first.numberOfElements, 2);
      assert.equal(first.first, true);
      assert.equal(first.last, false);
      assert.equal(first.empty, false);

      const last = await owner.inboxApi.getAllInboxes({ page: 2, size: 2 });
      assert.deepEqual(idsOf(last.content), [id(4)]);
      assert.equal(last.number, 2);
      assert.equal(last.numberOfElements, 1);
      assert.equal(last.first, false);
      assert.equal(last.last, true);

      const beyond = await owner.inboxApi.getAllInboxes({ page: 3, size: 2 });
      assert.deepEqual(beyond.content, []);
      assert.equal(beyond.empty, true);
      assert.equal(beyond.numberOfElements, 0);
      assert.equal(beyond.totalElements, 5);

      const desc = await owner.inboxApi.getAllInboxes({ size: 2, sort: GetAllInboxesSortEnum.DESC });
      assert.deepEqual(idsOf(desc.content), [id(4), id(3)]);

      const defaults = await owner.mailslurp.getAllInboxes();
      assert.equal(defaults.size, 20, 'default page size is 20');
      assert.deepEqual(idsOf(defaults.content), i.map((x) => x.id));
      const preview = defaults.content?.[0];
      assert.equal(preview?.name, 'Alpha Build');
      assert.deepEqual(preview?.tags, ['ci', 'nightly']);
      assert.equal(preview?.emailAddress, i[0]?.emailAddress);
      assert.equal(preview?.favourite, true);
      assert.equal(preview?.teamAccess, true);
      assert.equal(defaults.content?.[1]?.inboxType, 'SMTP');
    });

    test('getAllInboxesOffsetPaginated answers like getAllInboxes', async () => {
      const api = owner.inboxApi;
      const pairs = [
        [await api.getAllInboxesOffsetPaginated({ page: 1, size: 2 }), await api.getAllInboxes({ page: 1, size: 2 })],
        [
          await api.getAllInboxesOffsetPaginated({ size: 3, sort: GetAllInboxesOffsetPaginatedSortEnum.DESC }),
          await api.getAllInboxes({ size: 3, sort: GetAllInboxesSortEnum.DESC }),
        ],
        [await api.getAllInboxesOffsetPaginated({ tag: 'ci' }), await api.getAllInboxes({ tag: 'ci' })],
      ] as const;
      for (const [offset, paged] of pairs) {
        assert.deepEqual(idsOf(offset.content), idsOf(paged.content));
        for (const field of ['totalElements', 'totalPages', 'number', 'size', 'first', 'last', 'numberOfElements', 'empty'] as const) {
          assert.equal(offset[field], paged[field], field);
        }
      }
      const page = await owner.inboxApi.getAllInboxesOffsetPaginated({ page: 1, size: 2 });
      assert.deepEqual(idsOf(page.content), [id(2), id(3)]);
    });

    test('favourite=true lists only favourites; favourite=false does not filter', async () => {
      assert.deepEqual(idsOf((await owner.inboxApi.getAllInboxes({ favourite: true })).content), [id(0), id(4)]);
      assert.equal((await owner.inboxApi.getAllInboxes({ favourite: false })).totalElements, 5);
    });

    test('search is a case-insensitive partial match on id, address, name and tags', async () => {
      const search = async (text: string) => idsOf((await owner.inboxApi.getAllInboxes({ search: text })).content);
      assert.deepEqual(await search('ALPHA'), [id(0), id(4)], 'name of i0, tag of i4');
      assert.deepEqual(await search('Beta'), [id(1)], 'name');
      assert.deepEqual(await search('NIGHTL'), [id(0)], 'tag');
      assert.deepEqual(await search('target-xyz'), [id(3)], 'address');
      assert.deepEqual(await search(String(id(2)).slice(9, 23).toUpperCase()), [id(2)], 'id');
      assert.deepEqual(await search('no-such-thing'), []);
    });

    test('% and _ in a search match themselves, not any text', async () => {
      const search = async (text: string) => idsOf((await owner.inboxApi.getAllInboxes({ search: text })).content);
      assert.deepEqual(await search('100%'), [id(2)]);
      assert.deepEqual(await search('%_d'), [id(2)]);
      assert.deepEqual(await search('_'), [id(2)]);
    });

    test('tag filters on an exact tag', async () => {
      assert.deepEqual(idsOf((await owner.inboxApi.getAllInboxes({ tag: 'ci' })).content), [id(0), id(2)]);
      assert.deepEqual((await owner.inboxApi.getAllInboxes({ tag: 'c' })).content, []);
    });

    test('since and before bound the creation time, exclusive', async () => {
      const page = await owner.inboxApi.getAllInboxes({ since: i[1]?.createdAt, before: i[4]?.createdAt });
      assert.deepEqual(idsOf(page.content), [id(2), id(3)]);
    });

    test('inboxType filters by type; any inboxFunction matches nothing', async () => {
      const smtp = await owner.inboxApi.getAllInboxes({ inboxType: GetAllInboxesInboxTypeEnum.SMTP_INBOX });
      assert.deepEqual(idsOf(smtp.content), [id(1)]);
      const http = await owner.inboxApi.getAllInboxes({ inboxType: GetAllInboxesInboxTypeEnum.HTTP_INBOX });
      assert.deepEqual(idsOf(http.content), [id(0), id(2), id(3), id(4)]);
      const aliases = await owner.inboxApi.getAllInboxes({ inboxFunction: GetAllInboxesInboxFunctionEnum.ALIAS });
      assert.deepEqual(aliases.content, []);
      assert.equal(aliases.totalElements, 0);
      assert.equal(aliases.empty, true);
    });

    test("getOrganizationInboxes lists the caller's inboxes as writable team inboxes, with searchFilter", async () => {
      const all = await owner.inboxApi.getOrganizationInboxes({});
      assert.deepEqual(idsOf(all.content), i.map((x) => x.id));
      assert.equal(all.totalElements, 5);
      for (const inbox of all.content ?? []) {
        assert.equal(inbox.readOnly, false);
        assert.equal(inbox.teamAccess, true);
        assert.equal(inbox.userId, owner.userId);
      }
      const beta = await owner.inboxApi.getOrganizationInboxes({ searchFilter: 'BETA' });
      assert.deepEqual(idsOf(beta.content), [id(1)]);
      const ranged = await owner.inboxApi.getOrganizationInboxes({ since: i[2]?.createdAt, size: 1, page: 1 });
      assert.deepEqual(idsOf(ranged.content), [id(4)]);
      assert.equal(ranged.totalElements, 2);
    });

    test('searchInboxes takes page, sort and filters from a SearchInboxesOptions body', async () => {
      const search = (options: Parameters<Tenant['inboxApi']['searchInboxes']>[0]['searchInboxesOptions']) =>
        owner.inboxApi.searchInboxes({ searchInboxesOptions: options });

      const page = await search({ pageIndex: 1, pageSize: 2, sortDirection: SearchInboxesOptionsSortDirectionEnum.DESC });
      assert.deepEqual(idsOf(page.content), [id(2), id(1)]);
      assert.equal(page.totalElements, 5);
      assert.equal(page.number, 1);
      assert.equal(page.size, 2);
      assert.deepEqual(idsOf((await search({})).content), i.map((x) => x.id));
      assert.deepEqual(idsOf((await search({ favourite: true })).content), [id(0), id(4)]);
      assert.deepEqual(idsOf((await search({ search: 'alpha' })).content), [id(0), id(4)]);
      assert.deepEqual(idsOf((await search({ tag: 'ci' })).content), [id(0), id(2)]);
      assert.deepEqual(idsOf((await search({ since: i[0]?.createdAt, before: i[3]?.createdAt })).content), [id(1), id(2)]);
      assert.deepEqual(idsOf((await search({ favourite: true, tag: 'ci' })).content), [id(0)]);
    });

    test('getInboxesByTag pages through the inboxes with a tag, optionally searched', async () => {
      const page = await owner.inboxApi.getInboxesByTag({ tag: 'ci' });
      assert.deepEqual(idsOf(page.content), [id(0), id(2)]);
      assert.equal(page.totalElements, 2);
      const searched = await owner.inboxApi.getInboxesByTag({ tag: 'ci', searchFilter: 'alpha' });
      assert.deepEqual(idsOf(searched.content), [id(0)]);
      assert.deepEqual((await owner.inboxApi.getInboxesByTag({ tag: 'nope' })).content, []);
    });

    test("getInboxTags answers the caller's distinct tags, sorted, narrowed by searchFilter", async () => {
      assert.deepEqual(await owner.inboxApi.getInboxTags({}), ['alpha-tag', 'ci', 'nightly', 'release']);
      assert.deepEqual(
        await owner.inboxApi.getInboxTags({ sort: GetInboxTagsSortEnum.DESC }),
        ['release', 'nightly', 'ci', 'alpha-tag'],
      );
      assert.deepEqual(await owner.inboxApi.getInboxTags({ searchFilter: 'A' }), ['alpha-tag', 'release']);
    });

    test('getInboxTagsPaginated pages through the distinct tags', async () => {
      const page = await owner.inboxApi.getInboxTagsPaginated({ page: 1, size: 3 });
      assert.deepEqual(page.content, ['release']);
      assert.equal(page.totalElements, 4);
      assert.equal(page.totalPages, 2);
      assert.equal(page.last, true);
      const searched = await owner.inboxApi.getInboxTagsPaginated({ searchFilter: 'i' });
      assert.deepEqual(searched.content, ['ci', 'nightly']);
      assert.equal(searched.totalElements, 2);
    });
  });

  describe('lookups', () => {
    test('doesInboxExist is case-insensitive and answers for any tenant', async () => {
      const inbox = await alice.inboxApi.createInbox({});
      assert.equal((await alice.inboxApi.doesInboxExist({ emailAddress: inbox.emailAddress.toUpperCase() }))._exists, true);
      assert.equal((await bob.inboxApi.doesInboxExist({ emailAddress: inbox.emailAddress }))._exists, true);
      assert.equal((await alice.inboxApi.doesInboxExist({ emailAddress: `nobody-${suffix()}@pigeonhole.test` }))._exists, false);
    });

    test('isEmailAddressAvailable is false for any used address and true otherwise', async () => {
      const inbox = await alice.inboxApi.createInbox({});
      assert.equal((await bob.inboxApi.isEmailAddressAvailable({ emailAddress: inbox.emailAddress.toUpperCase() })).available, false);
      const free = `free-${suffix()}@pigeonhole.test`;
      assert.equal((await alice.inboxApi.isEmailAddressAvailable({ emailAddress: free })).available, true);
      await alice.inboxApi.createInbox({ emailAddress: free });
      assert.equal((await alice.inboxApi.isEmailAddressAvailable({ emailAddress: free })).available, false);
    });

    test("getInboxByEmailAddress finds the caller's inbox but not another tenant's", async () => {
      const inbox = await alice.inboxApi.createInbox({});
      const own = await alice.inboxApi.getInboxByEmailAddress({ emailAddress: inbox.emailAddress.toUpperCase() });
      assert.equal(own._exists, true);
      assert.equal(own.inboxId, inbox.id);
      const foreign = await bob.inboxApi.getInboxByEmailAddress({ emailAddress: inbox.emailAddress });
      assert.equal(foreign._exists, false);
      assert.equal(foreign.inboxId ?? null, null);
    });

    test('getInboxByName finds the oldest inbox with exactly that name', async () => {
      const owner = await server.createTenant();
      const [oldest] = await createInSequence(owner, [{ name: 'Twin' }, { name: 'Twin' }, { name: 'Twins' }]);
      const found = await owner.inboxApi.getInboxByName({ name: 'Twin' });
      assert.equal(found._exists, true);
      assert.equal(found.inboxId, oldest?.id);
      assert.equal((await owner.inboxApi.getInboxByName({ name: 'twin' }))._exists, false);
      assert.equal((await bob.inboxApi.getInboxByName({ name: 'Twin' }))._exists, false);
    });

    test("getInboxCount and getInboxIds cover only the caller's inboxes", async () => {
      const owner = await server.createTenant();
      const created = await createInSequence(owner, [{}, {}, {}]);
      assert.equal((await owner.inboxApi.getInboxCount()).totalElements, 3);
      const { inboxIds } = await owner.inboxApi.getInboxIds();
      assert.deepEqual(inboxIds, created.map((x) => ({ id: x.id, emailAddress: x.emailAddress })));
      await owner.inboxApi.deleteInbox({ inboxId: created[0]?.id ?? '' });
      assert.equal((await owner.inboxApi.getInboxCount()).totalElements, 2);
    });
  });

  describe('flushExpired', () => {
    test('removes the inboxes whose expiry has passed and reports them', async () => {
      const owner = await server.createTenant();
      const [soon, later, permanent] = await Promise.all([
        owner.inboxApi.createInbox({ expiresIn: HOUR }),
        owner.inboxApi.createInbox({ expiresIn: 3 * HOUR }),
        owner.inboxApi.createInbox({}),
      ]);
      const bobs = await bob.inboxApi.createInbox({ expiresIn: HOUR });
      assert.ok(soon && later && permanent);

      assert.deepEqual((await owner.inboxApi.flushExpired({})).inboxIds, [], 'nothing has expired yet');
      clock.advance(2 * HOUR);
      const result = await owner.inboxApi.flushExpired({});
      assert.deepEqual(result.inboxIds, [soon.id]);
      assert.ok(result.expireBefore instanceof Date);
      assert.equal(result.expireBefore.getTime(), clock.now().getTime());
      assert.equal(await statusOf(owner.inboxApi.getInbox({ inboxId: soon.id })), 404);
      assert.deepEqual(sortedIds(await owner.inboxApi.getInboxes({})), [later.id, permanent.id].sort());
      await bob.inboxApi.getInbox({ inboxId: bobs.id }); // another tenant's flush leaves it alone
    });

    test('before flushes everything expiring up to that time', async () => {
      const owner = await server.createTenant();
      const start = clock.now().getTime();
      const [short, long, permanent] = await Promise.all([
        owner.inboxApi.createInbox({ expiresIn: HOUR }),
        owner.inboxApi.createInbox({ expiresIn: 5 * HOUR }),
        owner.inboxApi.createInbox({}),
      ]);
      assert.ok(short && long && permanent);
      const cutoff = new Date(start + 2 * HOUR);
      const first = await owner.inboxApi.flushExpired({ before: cutoff });
      assert.deepEqual(first.inboxIds, [short.id]);
      assert.equal(first.expireBefore.getTime(), cutoff.getTime());
      const second = await owner.inboxApi.flushExpired({ before: new Date(start + 5 * HOUR) });
      assert.deepEqual(second.inboxIds, [long.id], 'expiry exactly at `before` counts');
      assert.deepEqual(idsOf(await owner.inboxApi.getInboxes({})), [permanent.id]);
    });
  });

  describe('dates', () => {
    test('date fields are ISO-8601 with milliseconds on the wire and Dates in the client', async () => {
      clock.advance(7); // a non-zero millisecond part must survive the round trip
      const inbox = await alice.inboxApi.createInbox({ expiresIn: 1234 });
      const raw = await json<{ createdAt: string; expiresAt: string }>(await alice.fetch(`/inboxes/${inbox.id}`));
      assert.match(raw.createdAt, ISO_MS);
      assert.match(raw.expiresAt, ISO_MS);
      assert.equal(raw.createdAt, clock.now().toISOString());
      assert.equal(raw.expiresAt, new Date(clock.now().getTime() + 1234).toISOString());

      const parsed = await alice.inboxApi.getInbox({ inboxId: inbox.id });
      assert.ok(parsed.createdAt instanceof Date);
      assert.ok(parsed.expiresAt instanceof Date);
      assert.equal(parsed.createdAt.toISOString(), raw.createdAt);
      assert.equal(parsed.expiresAt.toISOString(), raw.expiresAt);

      const rawPage = await json<{ content: Array<{ createdAt: string; expiresAt: string | null }> }>(
        await alice.fetch(`/inboxes/paginated?search=${inbox.id}`),
      );
      assert.equal(rawPage.content[0]?.createdAt, raw.createdAt);
      assert.equal(rawPage.content[0]?.expiresAt, raw.expiresAt);
      const page = await alice.inboxApi.getAllInboxes({ search: inbox.id });
      assert.ok(page.content?.[0]?.createdAt instanceof Date);

      const flushed = await json<{ expireBefore: string }>(
        await alice.fetch('/inboxes/expired', { method: 'DELETE' }),
      );
      assert.match(flushed.expireBefore, ISO_MS);
    });
  });
});

describeEachDialect('Inbox creation quota', (dialect) => {
  let server: TestServer;
  let clock: ManualClock;

  before(async () => {
    clock = new ManualClock(new Date('2026-05-01T08:00:00.000Z'));
    server = await startTestServer(dialect, { clock, env: { PIGEONHOLE_INBOX_QUOTA: '2' } });
  });
  after(() => server.close());

  test('a creation beyond the quota is refused with 429 explaining the quota', async () => {
    const tenant = await server.createTenant();
    await tenant.inboxApi.createInbox({});
    await tenant.inboxApi.createInboxWithDefaults();
    await assertFails(tenant.inboxApi.createInbox({}), 429, /quota reached: 2 of 2 inboxes created in the last 30 days/);
    await assertFails(tenant.inboxApi.createInboxWithOptions({ createInboxDto: {} }), 429, /quota/);
    await assertFails(tenant.inboxApi.createInboxWithDefaults(), 429, /quota/);
    assert.equal((await tenant.inboxApi.getInboxCount()).totalElements, 2);
  });

  test('the quota is per tenant', async () => {
    const [full, other] = await Promise.all([server.createTenant(), server.createTenant()]);
    await full.inboxApi.createInbox({});
    await full.inboxApi.createInbox({});
    assert.equal(await statusOf(full.inboxApi.createInbox({})), 429);
    await other.inboxApi.createInbox({});
  });

  test('deleting inboxes does not give quota back', async () => {
    const tenant = await server.createTenant();
    const first = await tenant.inboxApi.createInbox({});
    await tenant.inboxApi.createInbox({});
    await tenant.inboxApi.deleteInbox({ inboxId: first.id });
    await tenant.inboxApi.deleteAllInboxes({});
    await assertFails(tenant.inboxApi.createInbox({}), 429, /deleting inboxes does not lower this count/);
  });

  test('failed creations do not use quota', async () => {
    const tenant = await server.createTenant();
    assert.equal(await statusOf(tenant.inboxApi.createInbox({ emailAddress: 'x@unknown-domain.org' })), 400);
    await tenant.inboxApi.createInbox({});
    await tenant.inboxApi.createInbox({});
  });

  test('creations older than 30 days no longer count', async () => {
    const tenant = await server.createTenant();
    await tenant.inboxApi.createInbox({});
    clock.advance(10 * DAY);
    await tenant.inboxApi.createInbox({});
    clock.advance(20 * DAY - 1);
    assert.equal(await statusOf(tenant.inboxApi.createInbox({})), 429, 'both creations are within 30 days');
    clock.advance(1);
    await tenant.inboxApi.createInbox({}); // the first creation is now 30 days old
    assert.equal(await statusOf(tenant.inboxApi.createInbox({})), 429, 'the second still counts, with the new one');
    clock.advance(10 * DAY);
    await tenant.inboxApi.createInbox({});
  });
});
