/**
 * The README's promise, black-box: the built `pigeonhole serve` starts with nothing but
 * a data directory, prints its admin key once, and the official MailSlurp client
 * (only basePath changed) creates, lists, searches, updates and deletes inboxes.
 * Imports nothing from src/.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Configuration, InboxControllerApi, MailSlurp } from 'mailslurp-client';
import { createDatabase, dialects } from '../helpers/dialects.js';
import { startServeProcess, type ServeProcess } from '../helpers/process.js';

for (const dialect of dialects()) {
  describe(`quick start with the official client [${dialect}]`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-quickstart-'));
    const env: Record<string, string> = { PIGEONHOLE_DATA_DIR: dataDir };
    let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
    let serve: ServeProcess;
    let adminKey: string;

    before(async () => {
      if (dialect === 'postgres') {
        database = await createDatabase('ph_quickstart');
        env.PIGEONHOLE_DATABASE_URL = database.url;
      }
      serve = await startServeProcess(env);
    });

    after(async () => {
      await serve?.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    });

    test('the first start prints a generated admin key once and saves it owner-readable', () => {
      const printed = /\n {2}(ph_\S+)\n/.exec(serve.output());
      assert.ok(printed, `the banner shows the key:\n${serve.output()}`);
      adminKey = printed[1]!;
      const file = join(dataDir, 'admin-api-key');
      assert.equal(readFileSync(file, 'utf8').trim(), adminKey);
      assert.equal(statSync(file).mode & 0o777, 0o600);
    });

    test('health answers without a key', async () => {
      const response = await fetch(`${serve.url}/health`);
      assert.equal(response.status, 200);
    });

    test('the official client manages inboxes with only basePath changed', async () => {
      const mailslurp = new MailSlurp({ apiKey: adminKey, basePath: serve.url });
      const inboxApi = new InboxControllerApi(new Configuration({ apiKey: adminKey, basePath: serve.url }));

      const created = await mailslurp.createInbox(undefined, 'Signup flow', 'used by the signup tests', undefined, true, ['signup', 'e2e']);
      assert.match(created.emailAddress, /@/);
      assert.ok(created.createdAt instanceof Date && !Number.isNaN(created.createdAt.getTime()));
      const other = await mailslurp.createInboxWithOptions({ name: 'Password reset', tags: ['reset'] });

      const listed = await mailslurp.getInboxes();
      assert.deepEqual(listed.map((i) => i.id).sort(), [created.id, other.id].sort());

      const found = await mailslurp.getAllInboxes(0, 10, undefined, 'signup');
      assert.deepEqual(found.content?.map((i) => i.id), [created.id]);
      assert.equal(found.totalElements, 1);

      const updated = await inboxApi.updateInbox({ inboxId: created.id, updateInboxOptions: { name: 'Signup v2', tags: ['signup'] } });
      assert.equal(updated.name, 'Signup v2');
      assert.deepEqual(updated.tags, ['signup']);
      assert.equal((await mailslurp.getInbox(created.id)).name, 'Signup v2');

      await mailslurp.deleteInbox(created.id);
      await assert.rejects(mailslurp.getInbox(created.id), (err: { status?: number; message?: string }) => {
        assert.match(String(err.message), /No inbox/);
        return true;
      });
      assert.equal((await inboxApi.getInboxCount()).totalElements, 1);
    });

    test('a restart keeps the data and the admin key, and prints no new key', async () => {
      assert.equal(await serve.stop(), 0, 'SIGTERM shuts down cleanly');
      serve = await startServeProcess(env);
      assert.doesNotMatch(serve.output(), /Generated/);
      const mailslurp = new MailSlurp({ apiKey: adminKey, basePath: serve.url });
      const inboxes = await mailslurp.getInboxes();
      assert.deepEqual(inboxes.map((i) => i.name), ['Password reset']);
    });
  });
}
