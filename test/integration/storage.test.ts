import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { describeEachDialect } from '../helpers/server.js';
import { freshDatabase, type TestDatabase } from '../helpers/databases.js';
import { migrateToLatest, openDatabase, openStore, sqliteFileIn, type StoreOptions } from '../../src/storage/kysely/database.js';
import { migrations } from '../../src/storage/migrations/index.js';
import type { Database } from '../../src/storage/schema.js';
import type { EmailRecord, InboxFilter, InboxRecord, Repositories } from '../../src/storage/ports.js';
import type { PageRequest } from '../../src/core/paging.js';

/**
 * Repository behaviour straight against the Kysely store, no HTTP. One database per
 * dialect; every test works in tenants of its own, so tests do not see each other's rows.
 */

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const page = (p: Partial<PageRequest> = {}): PageRequest => ({ page: 0, size: 100, sort: 'ASC', ...p });

function inbox(tenantId: string, fields: Partial<InboxRecord> = {}): InboxRecord {
  const id = fields.id ?? randomUUID();
  const localPart = fields.localPart ?? fields.emailAddress?.split('@')[0] ?? id;
  const domain = 'store.test';
  return {
    id,
    tenantId,
    emailAddress: `${localPart}@${domain}`,
    localPart,
    domain,
    domainId: null,
    name: null,
    description: null,
    favourite: false,
    inboxType: 'HTTP',
    virtualInbox: false,
    expiresAt: null,
    createdAt: new Date(T0),
    tags: [],
    ...fields,
  };
}

const sorted = (values: string[]) => [...values].sort();

describeEachDialect('storage repositories', (dialect) => {
  let db: TestDatabase;
  let repos: Repositories;
  let options: StoreOptions;
  /** a second handle on the same database, for looking at rows the repositories do not expose */
  let raw: Kysely<Database>;

  before(async () => {
    db = await freshDatabase(dialect);
    repos = db.store.repos;
    options = { databaseUrl: db.databaseUrl, sqliteFile: sqliteFileIn(db.dataDir), searchPath: db.searchPath };
    raw = openDatabase(options).db;
  });
  after(async () => {
    await raw.destroy();
    await db.cleanup();
  });

  async function newTenant(): Promise<string> {
    const id = randomUUID();
    await repos.users.create({ id, email: `${id}@tenants.test`, name: null, isAdmin: false, createdAt: new Date(T0) });
    return id;
  }

  const tagRows = (inboxIds: string[]) =>
    inboxIds.length === 0
      ? Promise.resolve([])
      : raw.selectFrom('inbox_tags').selectAll().where('inbox_id', 'in', inboxIds).execute();
  const ledgerCount = async (tenantId: string) =>
    Number(
      (await raw.selectFrom('inbox_creations').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).n,
    );

  test('migrations are idempotent: opening the store again on the same database applies nothing and keeps data', async () => {
    const tenant = await newTenant();
    const created = inbox(tenant, { name: 'kept', tags: ['kept'] });
    await repos.inboxes.create(created);

    const again = await openStore(options);
    try {
      assert.equal(again.dialect, dialect);
      assert.deepEqual(await again.repos.inboxes.findById(tenant, created.id), created);
    } finally {
      await again.close();
    }
    const { db: third } = openDatabase(options);
    try {
      assert.deepEqual(await migrateToLatest(third), [], 'nothing left to apply');
    } finally {
      await third.destroy();
    }
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(raw);
    assert.deepEqual(applied.rows.map((r) => r.name), Object.keys(migrations).sort(), 'each migration recorded once');
    assert.deepEqual(await repos.inboxes.findById(tenant, created.id), created, 'the first store still works');
  });

  test('a second, fresh database is migrated while this one exists (PostgreSQL: a schema of its own)', async () => {
    // Kysely's migrator once found this database's kysely_migration tables from the
    // other schema and so never created the fresh schema's own.
    const second = await freshDatabase(dialect);
    try {
      const tenant = randomUUID();
      await second.store.repos.users.create({ id: tenant, email: `${tenant}@t.test`, name: null, isAdmin: false, createdAt: new Date(T0) });
      await second.store.repos.inboxes.create(inbox(tenant));
      assert.equal(await second.store.repos.inboxes.count(tenant), 1);
      assert.equal(await repos.users.findById(tenant), undefined, 'the databases are separate');
    } finally {
      await second.cleanup();
    }
  });

  test('create stores the inbox, its tags and one creation-ledger row', async () => {
    const tenant = await newTenant();
    const created = inbox(tenant, {
      name: 'Name', description: 'Description', favourite: true, virtualInbox: true, inboxType: 'SMTP',
      expiresAt: new Date(T0 + 3_600_000), tags: ['a', 'b'],
    });
    await repos.inboxes.create(created);
    assert.deepEqual(await repos.inboxes.findById(tenant, created.id), created);
    assert.deepEqual(sorted((await tagRows([created.id])).map((r) => `${r.tenant_id}/${r.tag}`)), [`${tenant}/a`, `${tenant}/b`]);
    assert.equal(await ledgerCount(tenant), 1);
  });

  test('a create that fails leaves no inbox, tags or ledger row behind', async () => {
    const tenant = await newTenant();
    const first = inbox(tenant, { tags: ['first'] });
    await repos.inboxes.create(first);

    // Fails on the inbox row itself: the address is taken.
    const duplicate = inbox(tenant, { localPart: first.localPart, emailAddress: first.emailAddress, tags: ['dup'] });
    await assert.rejects(repos.inboxes.create(duplicate));
    // Fails after the inbox row was written: a tag the schema refuses (NOT NULL).
    const badTag = inbox(tenant, { tags: ['fine', null as unknown as string] });
    await assert.rejects(repos.inboxes.create(badTag));

    for (const failed of [duplicate, badTag]) {
      assert.equal(await repos.inboxes.findById(tenant, failed.id), undefined, 'no inbox row');
      assert.deepEqual(await tagRows([failed.id]), [], 'no tag rows');
    }
    assert.equal(await repos.inboxes.count(tenant), 1);
    assert.equal(await ledgerCount(tenant), 1, 'only the successful create is in the ledger');
    assert.equal(await repos.inboxes.countCreatedSince(tenant, new Date(0)), 1);
    assert.deepEqual((await repos.inboxes.tags(tenant, undefined, page())).items, ['first']);
  });

  test('addresses are unique across tenants and found whatever the case of the lookup', async () => {
    const t1 = await newTenant();
    const t2 = await newTenant();
    const local = `mixed-${randomUUID().slice(0, 8)}`;
    const original = inbox(t1, { localPart: local, emailAddress: `${local}@store.test` });
    await repos.inboxes.create(original);

    assert.deepEqual(await repos.inboxes.findByAddress(`${local.toUpperCase()}@STORE.TEST`), original);
    await assert.rejects(repos.inboxes.create(inbox(t2, { localPart: local, emailAddress: `${local}@store.test` })));
    assert.equal(await repos.inboxes.count(t2), 0);
  });

  test('an inbox found by its address comes with all its tags, in code-point order, or none', async () => {
    const tenant = await newTenant();
    const local = `tagged-${randomUUID().slice(0, 8)}`;
    const tagged = inbox(tenant, { localPart: local, emailAddress: `${local}@store.test`, tags: ['zeta', 'Alpha', 'beta', 'älter'] });
    const bare = inbox(tenant, { localPart: `${local}-bare`, emailAddress: `${local}-bare@store.test`, tags: [] });
    await repos.inboxes.create(tagged);
    await repos.inboxes.create(bare);

    assert.deepEqual((await repos.inboxes.findByAddress(`${local}@store.test`))?.tags, ['Alpha', 'beta', 'zeta', 'älter']);
    assert.deepEqual(await repos.inboxes.findByAddress(`${local}-bare@store.test`), bare);
    assert.equal(await repos.inboxes.findByAddress(`nobody-${local}@store.test`), undefined);
  });

  test('addresses are unique case-insensitively: the same address in another case is refused', async () => {
    const t1 = await newTenant();
    const t2 = await newTenant();
    const local = `case-${randomUUID().slice(0, 8)}`;
    await repos.inboxes.create(inbox(t1, { localPart: local, emailAddress: `${local}@store.test` }));
    const upper = inbox(t2, { localPart: local.toUpperCase(), emailAddress: `${local.toUpperCase()}@Store.Test` });
    await assert.rejects(repos.inboxes.create(upper), 'an address differing only in case must not be stored twice');
    assert.equal(await repos.inboxes.count(t2), 0);
  });

  test('update changes only the given fields and replaces the tags', async () => {
    const tenant = await newTenant();
    const created = inbox(tenant, { name: 'before', description: 'desc', tags: ['old1', 'old2'], favourite: true });
    await repos.inboxes.create(created);

    const renamed = await repos.inboxes.update(tenant, created.id, { name: 'after' });
    assert.deepEqual(renamed, { ...created, name: 'after' }, 'tags untouched when not given');

    const retagged = await repos.inboxes.update(tenant, created.id, { tags: ['new', 'old2'] });
    assert.deepEqual(retagged?.tags, ['new', 'old2']);
    assert.deepEqual(sorted((await tagRows([created.id])).map((r) => r.tag)), ['new', 'old2']);
    assert.deepEqual((await repos.inboxes.tags(tenant, undefined, page())).items, ['new', 'old2']);
    assert.equal(await repos.inboxes.count(tenant, { tag: 'old1' }), 0);

    const cleared = await repos.inboxes.update(tenant, created.id, {
      tags: [], description: null, expiresAt: new Date(T0 + 1000), favourite: false,
    });
    assert.deepEqual(cleared, { ...created, name: 'after', description: null, tags: [], expiresAt: new Date(T0 + 1000), favourite: false });
    assert.deepEqual(await tagRows([created.id]), []);

    assert.equal(await repos.inboxes.update(tenant, randomUUID(), { name: 'x' }), undefined, 'unknown id');
  });

  test('deleteWhere returns the deleted ids and removes their tags', async () => {
    const tenant = await newTenant();
    const keep = inbox(tenant, { name: 'keep', tags: ['t', 'keep'] });
    const goA = inbox(tenant, { name: 'go', tags: ['t', 'go'] });
    const goB = inbox(tenant, { name: 'go', tags: ['go'] });
    for (const i of [keep, goA, goB]) await repos.inboxes.create(i);

    assert.deepEqual(sorted(await repos.inboxes.deleteWhere(tenant, { name: 'go' })), sorted([goA.id, goB.id]));
    assert.deepEqual(await tagRows([goA.id, goB.id]), []);
    assert.deepEqual(sorted((await tagRows([keep.id])).map((r) => r.tag)), ['keep', 't']);
    assert.deepEqual((await repos.inboxes.tags(tenant, undefined, page())).items, ['keep', 't']);
    assert.deepEqual(await repos.inboxes.deleteWhere(tenant, { name: 'go' }), [], 'nothing left to delete');

    assert.deepEqual(await repos.inboxes.deleteWhere(tenant, { tag: 't' }), [keep.id]);
    assert.equal(await repos.inboxes.count(tenant), 0);
    assert.deepEqual(await tagRows([keep.id]), []);
  });

  test('deleteWhere filters by description, expiry and creation window', async () => {
    const tenant = await newTenant();
    const described = inbox(tenant, { description: 'exact words', createdAt: new Date(T0) });
    const expired = inbox(tenant, { expiresAt: new Date(T0 + 10_000), createdAt: new Date(T0 + 1000) });
    const later = inbox(tenant, { expiresAt: new Date(T0 + 20_000), createdAt: new Date(T0 + 2000) });
    const never = inbox(tenant, { createdAt: new Date(T0 + 3000) });
    for (const i of [described, expired, later, never]) await repos.inboxes.create(i);

    assert.deepEqual(await repos.inboxes.deleteWhere(tenant, { description: 'exact' }), [], 'description is an exact match');
    assert.deepEqual(await repos.inboxes.deleteWhere(tenant, { description: 'exact words' }), [described.id]);
    assert.deepEqual(await repos.inboxes.deleteWhere(tenant, { expiredAt: new Date(T0 + 10_000) }), [expired.id], 'at or before');
    assert.deepEqual(
      await repos.inboxes.deleteWhere(tenant, { since: new Date(T0 + 2000), before: new Date(T0 + 4000) }),
      [never.id],
      'since is exclusive',
    );
    assert.deepEqual(await repos.inboxes.deleteWhere(tenant, {}), [later.id]);
  });

  test('page() orders by createdAt then id, so equal timestamps page stably, with right totals', async () => {
    const tenant = await newTenant();
    // Seven inboxes share one createdAt, two are older and one newer; inserted in random order.
    const same = Array.from({ length: 7 }, (_, i) => inbox(tenant, { createdAt: new Date(T0 + 5000), tags: i % 2 ? ['odd'] : [] }));
    const older = [inbox(tenant, { createdAt: new Date(T0 + 1000) }), inbox(tenant, { createdAt: new Date(T0 + 2000) })];
    const newer = inbox(tenant, { createdAt: new Date(T0 + 9000) });
    const all = [...same, ...older, newer];
    for (const i of [...all].sort(() => Math.random() - 0.5)) await repos.inboxes.create(i);

    const expectedAsc = [...older.map((i) => i.id), ...sorted(same.map((i) => i.id)), newer.id];
    const walk = async (sort: 'ASC' | 'DESC', size: number, filter: InboxFilter = {}) => {
      const ids: string[] = [];
      const totals: number[] = [];
      for (let p = 0; ; p++) {
        const slice = await repos.inboxes.page(tenant, filter, page({ page: p, size, sort }));
        totals.push(slice.total);
        if (slice.items.length === 0) break;
        assert.ok(slice.items.length <= size);
        ids.push(...slice.items.map((i) => i.id));
      }
      return { ids, totals };
    };

    const asc = await walk('ASC', 3);
    assert.deepEqual(asc.ids, expectedAsc);
    assert.deepEqual(asc.totals, [10, 10, 10, 10, 10]);
    const desc = await walk('DESC', 4);
    assert.deepEqual(desc.ids, [...expectedAsc].reverse());
    assert.deepEqual(desc.totals, [10, 10, 10, 10]);
    for (let run = 0; run < 3; run++) assert.deepEqual((await walk('ASC', 2)).ids, expectedAsc, 'repeatable');

    const odd = same.filter((i) => i.tags.includes('odd')).map((i) => i.id);
    const oddWalk = await walk('ASC', 2, { tag: 'odd' });
    assert.deepEqual(oddWalk.ids, sorted(odd));
    assert.ok(oddWalk.totals.every((t) => t === odd.length));
    const window = await repos.inboxes.page(tenant, { since: new Date(T0 + 1000), before: new Date(T0 + 9000) }, page({ size: 2 }));
    assert.equal(window.total, 8, 'since and before are exclusive');
    assert.deepEqual(window.items.map((i) => i.id), expectedAsc.slice(1, 3));
    assert.equal(await repos.inboxes.count(tenant), 10);
    assert.deepEqual((await repos.inboxes.list(tenant, {}, 'DESC', 4)).map((i) => i.id), [...expectedAsc].reverse().slice(0, 4));
  });

  test('search is a case-insensitive contains match that takes %, _ and \\ literally', async () => {
    const tenant = await newTenant();
    const percent = inbox(tenant, { name: '100%Sure' });
    const underscore = inbox(tenant, { name: 'snake_case' });
    const lookalike = inbox(tenant, { name: 'snakeXcase' });
    const backslash = inbox(tenant, { name: 'back\\slash' });
    const tagged = inbox(tenant, { name: 'plain', tags: ['Tag%Fifty', 'tag_one', 'tagXone'] });
    for (const i of [percent, underscore, lookalike, backslash, tagged]) await repos.inboxes.create(i);

    const search = async (text: string) =>
      sorted((await repos.inboxes.page(tenant, { search: text }, page())).items.map((i) => i.name ?? ''));
    assert.deepEqual(await search('%'), sorted(['100%Sure', 'plain']));
    assert.deepEqual(await search('0%s'), ['100%Sure']);
    assert.deepEqual(await search('_'), sorted(['snake_case', 'plain']));
    assert.deepEqual(await search('SNAKE_'), ['snake_case']);
    assert.deepEqual(await search('e_c'), ['snake_case']);
    assert.deepEqual(await search('\\'), ['back\\slash']);
    assert.deepEqual(await search('%%'), []);
    assert.deepEqual(await search('snake'), sorted(['snake_case', 'snakeXcase']));
    assert.deepEqual(await search(percent.id.slice(4, 20).toUpperCase()), ['100%Sure'], 'matches the id');
    assert.deepEqual(await search(`${underscore.localPart}@STORE`), ['snake_case'], 'matches the address');

    const tagSearch = async (text: string) => (await repos.inboxes.tags(tenant, text, page())).items;
    assert.deepEqual(await tagSearch('%'), ['Tag%Fifty']);
    assert.deepEqual(await tagSearch('G_O'), ['tag_one']);
    assert.deepEqual(sorted(await tagSearch('tag')), sorted(['Tag%Fifty', 'tagXone', 'tag_one']));
  });

  test('tags() lists distinct tags, sorted and paged, with the distinct total', async () => {
    const tenant = await newTenant();
    await repos.inboxes.create(inbox(tenant, { tags: ['delta', 'alpha', 'charlie'] }));
    await repos.inboxes.create(inbox(tenant, { tags: ['alpha', 'bravo'] }));
    await repos.inboxes.create(inbox(tenant, { tags: ['alpha', 'echo', 'delta'] }));
    await repos.inboxes.create(inbox(tenant));

    const tagsPage = (p: Partial<PageRequest>, search?: string) => repos.inboxes.tags(tenant, search, page(p));
    assert.deepEqual(await tagsPage({ size: 2 }), { items: ['alpha', 'bravo'], total: 5 });
    assert.deepEqual(await tagsPage({ size: 2, page: 1 }), { items: ['charlie', 'delta'], total: 5 });
    assert.deepEqual(await tagsPage({ size: 2, page: 2 }), { items: ['echo'], total: 5 });
    assert.deepEqual(await tagsPage({ size: 2, page: 3 }), { items: [], total: 5 });
    assert.deepEqual(await tagsPage({ size: 3, sort: 'DESC' }), { items: ['echo', 'delta', 'charlie'], total: 5 });
    assert.deepEqual(await tagsPage({ size: 1 }, 'HA'), { items: ['alpha'], total: 2 }, 'search narrows the total too');
  });

  test('countCreatedSince counts deleted inboxes too, from `since` inclusive', async () => {
    const tenant = await newTenant();
    const made = [0, 1000, 2000].map((offset) => inbox(tenant, { createdAt: new Date(T0 + offset) }));
    for (const i of made) await repos.inboxes.create(i);
    await repos.inboxes.deleteWhere(tenant, { id: made[0]!.id });
    await repos.inboxes.deleteWhere(tenant, { id: made[2]!.id });

    assert.equal(await repos.inboxes.count(tenant), 1);
    assert.equal(await repos.inboxes.countCreatedSince(tenant, new Date(T0 - 1)), 3);
    assert.equal(await repos.inboxes.countCreatedSince(tenant, new Date(T0)), 3);
    assert.equal(await repos.inboxes.countCreatedSince(tenant, new Date(T0 + 1)), 2);
    assert.equal(await repos.inboxes.countCreatedSince(tenant, new Date(T0 + 2001)), 0);
  });

  test('every tenant-owned query is scoped by tenant: the same filters give disjoint results', async () => {
    const t1 = await newTenant();
    const t2 = await newTenant();
    const mirror = (tenantId: string, extraTag: string) => [
      inbox(tenantId, {
        name: 'same name', description: 'same description', favourite: true, tags: [extraTag, 'shared'],
        expiresAt: new Date(T0 + 60_000), createdAt: new Date(T0 + 1000),
      }),
      inbox(tenantId, { name: 'same name', tags: ['shared'], createdAt: new Date(T0 + 1000) }),
    ];
    const mine = mirror(t1, 'only-t1');
    const theirs = mirror(t2, 'only-t2');
    // t2's copies are created first so "oldest" and "first" lookups would pick them if unscoped.
    for (const i of [...theirs, ...mine]) await repos.inboxes.create(i);
    const ids = { [t1]: sorted(mine.map((i) => i.id)), [t2]: sorted(theirs.map((i) => i.id)) };

    const filters: InboxFilter[] = [
      {}, { tag: 'shared' }, { search: 'same' }, { search: 'shared' }, { favourite: true }, { name: 'same name' },
      { description: 'same description' }, { since: new Date(T0), before: new Date(T0 + 2000) },
      { expiredAt: new Date(T0 + 120_000) }, { ids: [...ids[t1]!, ...ids[t2]!] }, { inboxType: 'HTTP' },
    ];
    for (const filter of filters) {
      for (const tenant of [t1, t2]) {
        const other = tenant === t1 ? t2 : t1;
        const pageIds = (await repos.inboxes.page(tenant, filter, page())).items.map((i) => i.id);
        const listIds = (await repos.inboxes.list(tenant, filter, 'ASC', 100)).map((i) => i.id);
        const label = `${JSON.stringify(filter)} for ${tenant === t1 ? 't1' : 't2'}`;
        for (const id of [...pageIds, ...listIds]) assert.ok(!ids[other]!.includes(id), `${label} leaks another tenant's inbox`);
        assert.ok(pageIds.length > 0, `${label} finds the tenant's own inboxes`);
        assert.equal(await repos.inboxes.count(tenant, filter), pageIds.length, label);
        assert.deepEqual(sorted(listIds), sorted(pageIds), label);
      }
    }

    assert.equal(await repos.inboxes.findById(t2, mine[0]!.id), undefined);
    assert.equal((await repos.inboxes.findById(t1, mine[0]!.id))?.id, mine[0]!.id);
    assert.ok(ids[t1]!.includes((await repos.inboxes.findByName(t1, 'same name'))!.id));
    assert.deepEqual(sorted((await repos.inboxes.idsAndAddresses(t1)).map((r) => r.id)), ids[t1]);
    assert.deepEqual((await repos.inboxes.tags(t1, undefined, page())).items, ['only-t1', 'shared']);
    assert.deepEqual((await repos.inboxes.tags(t2, 'only', page())).items, ['only-t2']);
    assert.equal(await repos.inboxes.countCreatedSince(t1, new Date(0)), 2);

    // Writes aimed at the other tenant's rows do nothing.
    assert.equal(await repos.inboxes.update(t2, mine[0]!.id, { name: 'taken', tags: ['taken'] }), undefined);
    assert.deepEqual(await repos.inboxes.deleteWhere(t2, { id: mine[0]!.id }), []);
    assert.deepEqual(sorted(await repos.inboxes.deleteWhere(t2, { tag: 'shared' })), ids[t2]);
    assert.deepEqual(sorted(await repos.inboxes.deleteWhere(t2, {})), []);
    for (const original of mine) assert.deepEqual(await repos.inboxes.findById(t1, original.id), original, 'untouched');
    assert.deepEqual((await repos.inboxes.tags(t1, undefined, page())).items, ['only-t1', 'shared']);
    assert.equal(await repos.inboxes.countCreatedSince(t2, new Date(0)), 2, 'ledger rows are per tenant');

    // Custom domains and API keys are tenant-owned too.
    const domainId = randomUUID();
    const domainName = `${domainId.slice(0, 8)}.custom.test`;
    await repos.domains.create({ id: domainId, tenantId: t1, domain: domainName, verified: true, inboxType: 'HTTP', createdAt: new Date(T0) });
    assert.equal(await repos.domains.findById(t2, domainId), undefined);
    assert.equal(await repos.domains.findByName(t2, domainName), undefined);
    assert.equal((await repos.domains.findById(t1, domainId))?.domain, domainName);
    assert.equal((await repos.domains.findByName(t1, domainName))?.id, domainId);

    const keyId = randomUUID();
    await repos.apiKeys.create({ id: keyId, tenantId: t1, keyPrefix: 'ph_test', createdAt: new Date(T0), revokedAt: null }, `hash-${keyId}`);
    assert.deepEqual(await repos.apiKeys.listForTenant(t2), []);
    assert.deepEqual((await repos.apiKeys.listForTenant(t1)).map((k) => k.id), [keyId]);
    assert.equal(await repos.apiKeys.revoke(t2, keyId, new Date(T0 + 1)), false);
    assert.equal((await repos.apiKeys.findActiveByHash(`hash-${keyId}`))?.key.id, keyId, 'still active');
    assert.equal(await repos.apiKeys.revoke(t1, keyId, new Date(T0 + 1)), true);
    assert.equal(await repos.apiKeys.findActiveByHash(`hash-${keyId}`), undefined);
  });

  test('domain events: written with the change, claimed once, and removed in the transaction that queues their deliveries', async () => {
    const tenant = await newTenant();
    const box = inbox(tenant);
    await repos.inboxes.create(box);
    const bytes = Buffer.from(`raw ${randomUUID()}`);
    const email: EmailRecord = {
      id: randomUUID(), tenantId: tenant, inboxId: box.id, messageId: null, inReplyTo: null, subject: 'evented', from: 'a@example.com',
      sender: null, recipients: { to: [], cc: [], bcc: [] }, replyTo: null, charset: null, bodyMd5: '', bodyPartContentTypes: [],
      sizeBytes: bytes.length, rawSha256: randomUUID().replace(/-/g, ''), attachmentIds: [], read: false, favourite: false,
      createdAt: new Date(T0), updatedAt: new Date(T0), headers: [], textBody: 'x', htmlBody: null,
    };
    await repos.emails.storeIncoming([{ email, raw: bytes, attachments: [] }]);
    const readAt = new Date(T0 + 1000);
    assert.equal(await repos.emails.setRead(tenant, { id: email.id }, true, readAt), 1);
    assert.equal(await repos.emails.setRead(tenant, { id: email.id }, true, readAt), 0, 'already read: no change, no event');
    const mine = async () => (await repos.domainEvents.pending(Date.now(), 1000)).filter((e) => e.tenantId === tenant);
    const events = await mine();
    assert.deepEqual(events.map(({ id: _id, ...e }) => e), [
      { tenantId: tenant, name: 'email.received', inboxId: box.id, entityId: email.id, occurredAt: new Date(T0) },
      { tenantId: tenant, name: 'email.read', inboxId: box.id, entityId: email.id, occurredAt: readAt },
    ]);
    const [received, read] = events as [typeof events[0], typeof events[0]];

    const hookId = randomUUID();
    await repos.webhooks.create({
      id: hookId, tenantId: tenant, inboxId: box.id, phoneId: null, name: 'h', url: 'http://127.0.0.1:9/hook', eventName: 'EMAIL_READ',
      basicAuth: null, headers: [], requestBodyTemplate: null, useStaticIpRange: false, ignoreInsecureSsl: false, tags: [], enabled: true,
      healthStatus: 'HEALTHY', createdAt: new Date(T0), updatedAt: new Date(T0),
    });
    assert.deepEqual(await repos.webhooks.listeners([tenant], ['EMAIL_READ', 'NEW_EMAIL']), [
      { id: hookId, tenantId: tenant, inboxId: box.id, phoneId: null, name: 'h', eventName: 'EMAIL_READ' },
    ]);
    assert.deepEqual(await repos.webhooks.listeners([tenant], ['NEW_EMAIL']), []);

    const now = Date.now();
    assert.equal(await repos.domainEvents.discard([received.id], now), 1);
    const claim = await repos.domainEvents.claim([read.id], now, 60_000);
    assert.deepEqual(claim.events.map((e) => e.id), [read.id]);
    if (dialect === 'postgres') {
      // leased: no other dispatcher takes it, discards it, or queues for it under another claim
      assert.deepEqual((await repos.domainEvents.claim([read.id], now, 60_000)).events, []);
      assert.equal(await repos.domainEvents.discard([read.id], now), 0);
      assert.deepEqual(await repos.webhooks.enqueueDeliveries({ token: 'stale', eventIds: [read.id] }, [], now), { events: 0, deliveries: 0 });
      assert.deepEqual((await mine()).map((e) => e.id), [], 'not pending while leased');
    }
    const messageId = randomUUID();
    const delivery = {
      eventId: read.id, tenantId: tenant, webhookId: hookId, messageId, eventName: 'EMAIL_READ' as const, payload: '{"x":1}',
      inboxId: box.id, emailId: email.id, attachmentId: null, phoneId: null, smsId: null,
    };
    assert.deepEqual(await repos.webhooks.enqueueDeliveries({ token: claim.token, eventIds: [read.id] }, [delivery], now), { events: 1, deliveries: 1 });
    assert.deepEqual(await repos.webhooks.payloadOf(tenant, messageId), { payload: '{"x":1}', template: null });
    assert.deepEqual(
      await repos.webhooks.enqueueDeliveries({ token: claim.token, eventIds: [read.id] }, [{ ...delivery, messageId: randomUUID() }], now),
      { events: 0, deliveries: 0 }, 'an event is acted on once',
    );
    assert.deepEqual(await mine(), []);
    assert.equal(Number((await raw.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenant).executeTakeFirstOrThrow()).n), 1);
  });
});
