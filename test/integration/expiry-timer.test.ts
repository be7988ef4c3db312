/**
 * Expiry on time: the expired-inbox record (and inbox.expired) comes within moments of
 * expiresAt, from the timer to the earliest expiry, not at the next sweep of the interval
 * (60 s here, as by default). Real clock, real waits on the event: no sleeps.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, ExpiredControllerApi, InboxControllerApi } from 'mailslurp-client';
import type { EventBus, EventMap } from '../../src/events/bus.js';
import { startServer } from '../../src/main.js';
import { openStore } from '../../src/storage/kysely/database.js';
import type { Store } from '../../src/storage/ports.js';
import { inspect } from '../helpers/databases.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

const SWEEP = 60_000;
/** How late after expiresAt the record may come: "within a second or two", far below the sweep. */
const ON_TIME_MS = 2_000;
/** Each test gives up long before the sweep could have done the work instead. */
const LIMIT = { timeout: 20_000 };

type Expired = EventMap['inbox.expired'];

/** Every inbox.expired this bus carries (its own and, on PostgreSQL, other nodes'), with when it came. */
function recordExpiries(bus: EventBus) {
  const seen = new Map<string, Array<{ event: Expired; at: number }>>();
  const wanted = new Map<string, () => void>();
  const stop = bus.subscribe('inbox.expired', (event) => {
    const list = seen.get(event.inboxId) ?? [];
    list.push({ event, at: Date.now() });
    seen.set(event.inboxId, list);
    wanted.get(event.inboxId)?.();
  });
  return {
    stop,
    count: (inboxId: string) => seen.get(inboxId)?.length ?? 0,
    /** resolves with the first inbox.expired of the inbox and the time it arrived */
    next(inboxId: string): Promise<{ event: Expired; at: number }> {
      return new Promise((resolve) => {
        const check = () => {
          const first = seen.get(inboxId)?.[0];
          if (!first) return;
          wanted.delete(inboxId);
          resolve(first);
        };
        wanted.set(inboxId, check);
        check();
      });
    },
  };
}

/** Resolves at the first event `name` on `bus` that `match` accepts. */
function nextEvent<N extends 'inbox.changed'>(bus: EventBus, name: N, match: (event: EventMap[N]) => boolean): Promise<EventMap[N]> {
  return new Promise((resolve) => {
    const stop = bus.subscribe(name, (event) => {
      if (!match(event)) return;
      stop();
      resolve(event);
    });
  });
}

const apisOf = (url: string, tenant: Tenant) => {
  const configuration = new Configuration({ apiKey: tenant.apiKey, basePath: url });
  return { inboxes: new InboxControllerApi(configuration), expired: new ExpiredControllerApi(configuration) };
};

describeEachDialect('inbox expiry on time', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let expiries: ReturnType<typeof recordExpiries>;

  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_EXPIRY_INTERVAL: String(SWEEP) } });
    await server.server.expiry.settled(); // the pass every start runs; the next sweep is a minute away
    tenant = await server.createTenant();
    expiries = recordExpiries(server.server.bus);
  });
  after(async () => {
    expiries?.stop();
    await server?.close();
  });

  /** Asserts the record came on time and says what the API says about it. */
  async function assertExpiredOnTime(inboxId: string, expiresAt: Date, url = server.url): Promise<void> {
    const { event, at } = await expiries.next(inboxId);
    const late = at - expiresAt.getTime();
    assert.ok(late >= 0, `not before expiresAt (${late} ms)`);
    assert.ok(late < ON_TIME_MS, `inbox.expired ${late} ms after expiresAt; the sweep would have taken up to ${SWEEP} ms`);
    assert.equal(event.createdAt.getTime(), expiresAt.getTime());
    const record = await apisOf(url, tenant).expired.getExpiredInboxByInboxId({ inboxId });
    assert.equal(record.id, event.expiredInboxId);
    const [projection] = (await apisOf(url, tenant).expired.getExpiredInboxes({ inboxId })).content ?? [];
    assert.equal(projection?.createdAt.getTime(), expiresAt.getTime(), 'the record is dated at the expiry');
  }

  test('an inbox created with expiresIn 1.5 s has its expired-inbox record within moments, not at the sweep', LIMIT, async () => {
    const inbox = await tenant.inboxApi.createInbox({ expiresIn: 1500 });
    assert.ok(inbox.expiresAt);
    await assertExpiredOnTime(inbox.id, inbox.expiresAt);
  });

  test('a later expiry created first does not hold back an earlier one created after it', LIMIT, async () => {
    const later = await tenant.inboxApi.createInbox({ expiresIn: 3000 });
    const sooner = await tenant.inboxApi.createInbox({ expiresIn: 1500 });
    await assertExpiredOnTime(sooner.id, sooner.expiresAt!);
    assert.equal(expiries.count(later.id), 0, 'the later one is still open');
    await assertExpiredOnTime(later.id, later.expiresAt!);
  });

  test('updateInbox moving expiresAt earlier re-arms the timer', LIMIT, async () => {
    const inbox = await tenant.inboxApi.createInbox({ expiresIn: 3_600_000 });
    const expiresAt = new Date(Date.now() + 1500);
    const updated = await tenant.inboxApi.updateInbox({ inboxId: inbox.id, updateInboxOptions: { expiresAt } });
    assert.equal(updated.expiresAt?.getTime(), expiresAt.getTime());
    await assertExpiredOnTime(inbox.id, expiresAt);
  });

  test('deleting the inbox the timer points at re-arms it for the next one', LIMIT, async () => {
    const doomed = await tenant.inboxApi.createInbox({ expiresIn: 1000 });
    const kept = await tenant.inboxApi.createInbox({ expiresIn: 2000 });
    await tenant.inboxApi.deleteInbox({ inboxId: doomed.id });
    await assertExpiredOnTime(kept.id, kept.expiresAt!);
    assert.equal(expiries.count(doomed.id), 0, 'a deleted inbox never expires');
  });

  if (dialect === 'postgres') {
    describe('two nodes on one database', () => {
      let store: Store;

      before(async () => {
        store = await openStore({ databaseUrl: server.db.databaseUrl, searchPath: server.db.searchPath });
      });
      after(() => store.close());

      test('an inbox made on a node that then stops is expired on time by a node that heard of it', LIMIT, async () => {
        const creator = await startServer(server.config, { store });
        let running = true;
        try {
          await creator.expiry.settled();
          // This node learns of the inbox only through the bus (LISTEN/NOTIFY) ...
          const heard = nextEvent(server.server.bus, 'inbox.changed', (e) => e.tenantId === tenant.userId && e.change === 'created');
          const inbox = await apisOf(creator.url, tenant).inboxes.createInbox({ expiresIn: 1500 });
          const change = await heard;
          assert.equal(change.inboxId, inbox.id);
          assert.equal(change.expiresAt?.getTime(), inbox.expiresAt?.getTime());
          // ... and the node that made it, with its timer, is gone before the expiry.
          await creator.close();
          running = false;
          await assertExpiredOnTime(inbox.id, inbox.expiresAt!);
        } finally {
          if (running) await creator.close();
        }
      });

      test('with both nodes armed, each inbox is expired once, on time', LIMIT, async () => {
        const peer = await startServer(server.config, { store });
        try {
          await peer.expiry.settled();
          const onPeer = apisOf(peer.url, tenant).inboxes;
          const inboxes = await Promise.all([
            ...[1500, 1600, 1700].map((expiresIn) => onPeer.createInbox({ expiresIn })),
            ...[1500, 1600, 1700].map((expiresIn) => tenant.inboxApi.createInbox({ expiresIn })),
          ]);
          for (const inbox of inboxes) await assertExpiredOnTime(inbox.id, inbox.expiresAt!);
          const db = inspect(server.db);
          try {
            const rows = await db.selectFrom('expired_inboxes').select('inbox_id').where('inbox_id', 'in', inboxes.map((i) => i.id)).execute();
            assert.equal(rows.length, inboxes.length, 'one record per inbox');
          } finally {
            await db.destroy();
          }
          // Both nodes' passes have run by now (the last expiry is behind us): no second announcement.
          await Promise.all([server.server.expiry.settled(), peer.expiry.settled()]);
          for (const inbox of inboxes) assert.equal(expiries.count(inbox.id), 1, `${inbox.id} announced once`);
        } finally {
          await peer.close();
        }
      });
    });
  }
});
