import { test } from 'node:test';
import assert from 'node:assert/strict';
import { systemClock } from '../../src/core/clock.js';
import { UserService } from '../../src/modules/user/user.service.js';
import { openStore } from '../../src/storage/kysely/database.js';
import type { Store } from '../../src/storage/ports.js';
import { freshDatabase, postgresUrl } from '../helpers/databases.js';

/**
 * The README's several-nodes example starts both nodes at once on an empty database: each
 * finds no admin and creates it. Every node must come up, sharing the one admin and key.
 */
for (const configured of [true, false]) {
  test(`nodes bootstrapping the admin at once on an empty PostgreSQL database all succeed (${configured ? 'configured' : 'generated'} key)`, {
    skip: postgresUrl() ? false : 'PIGEONHOLE_TEST_DATABASE_URL is not set',
  }, async () => {
    const db = await freshDatabase('postgres');
    const stores: Store[] = [];
    try {
      for (let i = 0; i < 4; i++) stores.push(await openStore({ databaseUrl: db.databaseUrl, searchPath: db.searchPath }));
      const key = configured ? 'ph_admin_started_together_0123456789' : undefined;
      const results = await Promise.all(stores.map((store) => new UserService(store.repos, systemClock).bootstrapAdmin('admin@pigeonhole.test', key)));
      assert.equal(new Set(results.map((r) => r.admin.id)).size, 1, 'one admin for every node');
      const admins = (await stores[0]!.repos.users.list({ page: 0, size: 10, sort: 'ASC' })).items.filter((u) => u.isAdmin);
      assert.equal(admins.length, 1);
      if (!configured) assert.equal(results.filter((r) => r.generatedKey).length, 1, 'one node generated (and shows) the key');
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await db.cleanup();
    }
  });
}
