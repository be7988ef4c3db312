import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServeProcess, type ServeProcess } from '../helpers/process.js';

const adminKey = 'ph_logging_test_admin_key_0123456789abcdef';
const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-logging-'));
let serve: ServeProcess;

before(async () => {
  serve = await startServeProcess({ PIGEONHOLE_DATA_DIR: dataDir, PIGEONHOLE_API_KEY: adminKey, PIGEONHOLE_LOG_LEVEL: 'info' });
});
after(async () => {
  await serve.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('request logs name the request but never print an API key', async () => {
  const created = await fetch(`${serve.url}/admin/users`, {
    method: 'POST',
    headers: { 'x-api-key': adminKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'logged@example.com' }),
  });
  assert.equal(created.status, 201);
  const userKey = ((await created.json()) as { apiKey: string }).apiKey;
  assert.equal((await fetch(`${serve.url}/inboxes`, { headers: { 'x-api-key': userKey } })).status, 200);
  const wrongKey = 'ph_wrong_key_that_must_not_be_logged_42';
  assert.equal((await fetch(`${serve.url}/inboxes/count`, { headers: { 'x-api-key': wrongKey } })).status, 401);
  // the response to the last request is logged right after it is sent: wait for that line
  await new Promise<void>((resolve) => {
    const check = () => (/"statusCode":401/.test(serve.output()) ? resolve() : serve.child.stdout!.once('data', check));
    check();
  });
  const logs = serve.output();
  assert.match(logs, /"url":"\/inboxes\/count"/, 'requests are logged');
  for (const key of [adminKey, userKey, wrongKey]) assert.ok(!logs.includes(key), 'no key appears in the log');
});

test('a key given as the apiKey query parameter works and is redacted from the request log', async () => {
  const created = await fetch(`${serve.url}/admin/users?apiKey=${adminKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'query-key@example.com' }),
  });
  assert.equal(created.status, 201, 'the admin key works as a query parameter');
  const userKey = ((await created.json()) as { apiKey: string }).apiKey;
  const listed = await fetch(`${serve.url}/inboxes?size=5&apiKey=${encodeURIComponent(userKey)}`);
  assert.equal(listed.status, 200);
  const wrongKey = 'ph_wrong_query_key_that_must_not_be_logged_7';
  assert.equal((await fetch(`${serve.url}/inboxes/count?apiKey=${wrongKey}&marker=last`)).status, 401);
  // the response to the last request is logged right after it is sent (the second 401 of this file): wait for it
  await new Promise<void>((resolve) => {
    const check = () => ((serve.output().match(/"statusCode":401/g) ?? []).length >= 2 ? resolve() : serve.child.stdout!.once('data', check));
    check();
  });
  const logs = serve.output();
  assert.match(logs, /"url":"\/inboxes\?size=5&apiKey=\[redacted\]"/, 'the request is logged, its key redacted');
  assert.match(logs, /"url":"\/admin\/users\?apiKey=\[redacted\]"/);
  assert.match(logs, /"url":"\/inboxes\/count\?apiKey=\[redacted\]&marker=last"/);
  for (const key of [adminKey, userKey, wrongKey]) assert.ok(!logs.includes(key), 'no key appears in the log');
});
