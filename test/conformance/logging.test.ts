import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { startServeProcess, type ServeProcess } from '../helpers/process.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const adminKey = 'ph_logging_test_admin_key_0123456789abcdef';
const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-logging-'));
let serve: ServeProcess;

before(async () => {
  serve = await startServeProcess({
    PIGEONHOLE_DATA_DIR: dataDir, PIGEONHOLE_API_KEY: adminKey, PIGEONHOLE_LOG_LEVEL: 'info',
    // webhooks to the local receiver below, retried soon after a failure
    PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false', PIGEONHOLE_WEBHOOK_RETRY_BASE: '50',
  });
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

/** The JSON log lines printed so far whose msg matches. */
function linesMatching(msg: RegExp): Array<Record<string, unknown>> {
  return serve.output().split('\n').filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => typeof line.msg === 'string' && msg.test(line.msg));
}

/** Resolves once a log line matching `msg` is out (an event on stdout, not a sleep). */
function logLine(msg: RegExp): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const check = () => {
      const found = linesMatching(msg)[0];
      if (found) resolve(found);
      else serve.child.stdout!.once('data', check);
    };
    check();
  });
}

test('operational lines: a received message, a refused one, a failed webhook attempt; never a secret or a body', async () => {
  const created = await fetch(`${serve.url}/admin/users`, {
    method: 'POST', headers: { 'x-api-key': adminKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops-lines@example.com' }),
  });
  const userKey = ((await created.json()) as { apiKey: string }).apiKey;
  const api = (path: string, body: unknown) => fetch(`${serve.url}${path}`, {
    method: 'POST', headers: { 'x-api-key': userKey, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const inbox = (await (await api('/inboxes', {})).json()) as { id: string; emailAddress: string };
  const receiver = await startWebhookReceiver();
  receiver.respond = () => (receiver.requests.length === 1 ? 503 : 200);
  const hookPassword = 'hook-basic-auth-password-never-logged';
  const urlToken = 'url-token-never-logged-1234';
  const hooked = await api(`/inboxes/${inbox.id}/webhooks`, {
    url: `${receiver.url}/hook?token=${urlToken}`, basicAuth: { username: 'hooker', password: hookPassword },
  });
  assert.equal(hooked.status, 201);
  const webhook = (await hooked.json()) as { id: string };

  const smtpPort = Number(/smtp:\/\/[^\s]+:(\d+)/.exec(serve.output())![1]);
  const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
  const bodyMarker = 'BODY-TEXT-NEVER-LOGGED-5150';
  const sender = 'private-sender-local-part@example.org';
  const info = await transport().sendMail({ from: sender, to: inbox.emailAddress, subject: 'ops', text: bodyMarker });
  const domain = inbox.emailAddress.split('@')[1]!;
  await assert.rejects(transport().sendMail({ from: sender, to: `nobody-here@${domain}`, subject: 'x', text: bodyMarker }), /550/);

  const received = await logLine(/^smtp: message received$/);
  assert.deepEqual(received.inboxIds, [inbox.id]);
  assert.equal(received.level, 30, 'an info line');
  assert.ok(typeof received.size === 'number' && received.size > bodyMarker.length, 'its size in bytes');
  assert.ok(typeof received.ms === 'number' && received.ms >= 0, 'milliseconds from the end of DATA to the commit');
  const refused = await logLine(/^smtp: recipient refused/);
  assert.equal(refused.reason, 'unknown_recipient');
  assert.equal(refused.code, 550);
  assert.equal(refused.domain, domain, 'the recipient domain at most, never the address');
  const failed = await logLine(/^webhook attempt failed/);
  assert.equal(failed.webhookId, webhook.id);
  assert.equal(failed.attempt, 1);
  assert.equal(failed.status, 503);
  assert.ok(typeof failed.nextRetryAt === 'string' && !Number.isNaN(Date.parse(failed.nextRetryAt)), 'when it is tried again');
  await receiver.waitFor(2);
  await receiver.close();

  const logs = serve.output();
  for (const secret of [userKey, adminKey, hookPassword, urlToken, Buffer.from(`hooker:${hookPassword}`).toString('base64')]) {
    assert.ok(!logs.includes(secret), 'no key, password or token appears in the log');
  }
  assert.ok(!logs.includes(bodyMarker), 'no body appears in the log');
  assert.ok(!logs.includes('private-sender-local-part'), 'no sender address appears in the log');
  assert.ok(!logs.includes('nobody-here@'), 'no refused address appears in the log');
  assert.ok(info.messageId);
});
