import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Configuration, InboxControllerApi, MatchOptionFieldEnum, MatchOptionShouldEnum } from 'mailslurp-client';
import { API_OPERATIONS } from '../../src/modules/catalog.js';
import { CONTROLLER_FAMILIES, PERMISSION_NAMES, permissionOf } from '../../src/modules/api-keys/permissions.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * Agent-scoped keys across every route: for every operation of the OpenAPI document (not
 * hidden, public or admin), a key holding every permission but the operation's own is refused
 * with a 403 naming it, and nothing changes; for a sample of each route family, a key holding
 * every permission but limited to inbox X may use X and is refused Y (403), and another
 * tenant's ids stay 404.
 */

/** The operations a scoped key may be aimed at. */
const SCOPED_OPERATIONS = API_OPERATIONS.filter((op) => op.access !== 'public' && op.access !== 'admin' && !op.hidden);

/** Every controller of the official client, from the list of its operations. */
function clientControllers(): string[] {
  const path = new URL('../../../shared/api/operations.json', `file://${process.cwd()}/`);
  try {
    const ops = JSON.parse(readFileSync(path, 'utf8')) as Array<{ controller: string }>;
    return [...new Set(ops.map((o) => o.controller))];
  } catch {
    return [];
  }
}

test('every operation has a permission, and every controller of the official client a family', () => {
  const missing = SCOPED_OPERATIONS.filter((op) => permissionOf(op) === undefined).map((op) => `${op.tag}:${op.operationId}`);
  assert.deepEqual(missing, [], 'operations without a permission (add their controller to CONTROLLER_FAMILIES in modules/api-keys/permissions.ts)');
  const controllers = clientControllers();
  if (controllers.length > 0) {
    assert.equal(controllers.length, 44);
    assert.deepEqual(controllers.filter((c) => !CONTROLLER_FAMILIES[c]), []);
  }
  // The rule's exceptions: sends, waits and searches.
  const byId = new Map(API_OPERATIONS.map((op) => [op.operationId, op]));
  const expect = (id: string, permission: string) => {
    const op = byId.get(id);
    if (op) assert.equal(permissionOf(op), permission, id);
  };
  expect('sendEmail', 'EMAIL_SEND');
  expect('sendEmailWithQueue', 'EMAIL_SEND');
  expect('replyToEmail', 'EMAIL_SEND');
  expect('waitForMatchingEmails', 'EMAIL_READ');
  expect('waitForLatestEmail', 'EMAIL_READ');
  expect('searchEmails', 'EMAIL_READ');
  expect('getInboxes', 'INBOX_READ');
  expect('createInboxWithOptions', 'INBOX_MANAGE');
  expect('sendSms', 'SMS_SEND');
  expect('createWebhook', 'WEBHOOK_MANAGE');
  expect('searchAuditLogs', 'ACCOUNT_READ');
  expect('getEmailRetentionPolicy', 'ACCOUNT_READ');
  expect('updateEmailRetentionPolicy', 'ACCOUNT_MANAGE');
  expect('runEmailRetention', 'EMAIL_MANAGE');
});

interface Reply {
  status: number;
  json: any;
}

describeEachDialect('agent-scoped API keys', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  let x: { id: string; emailAddress: string };
  let y: { id: string; emailAddress: string };
  let emailInX: string;
  let emailInY: string;
  let sentFromX: string;
  let sentFromY: string;
  let bEmail: string;

  const call = async (key: string, method: string, path: string, body?: unknown): Promise<Reply> => {
    const response = await server.fetch(path, {
      method, key,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, json };
  };

  /** A new key of A, scoped as given; its secret. */
  const scopedKey = async (permissions: readonly string[], inboxIds: string[] | null = null, caller = a.apiKey): Promise<string> => {
    const made = await call(caller, 'POST', '/api-keys', { name: 'agent', permissions, inboxIds });
    assert.equal(made.status, 201, JSON.stringify(made.json));
    return made.json.apiKey as string;
  };

  const deliver = async (tenant: Tenant, from: { id: string }, to: { id: string; emailAddress: string }, subject: string) => {
    const sent = await tenant.mailslurp.sendEmail(from.id, { to: [to.emailAddress], subject, body: 'hello' });
    const email = await tenant.mailslurp.waitController.waitForMatchingFirstEmail({
      inboxId: to.id, timeout: 20_000, unreadOnly: false,
      matchOptions: { matches: [{ field: MatchOptionFieldEnum.SUBJECT, should: MatchOptionShouldEnum.CONTAIN, value: subject }] },
    });
    return { sentId: sent.id!, emailId: email.id };
  };

  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false' } });
    a = await server.createTenant();
    b = await server.createTenant();
    const inboxX = await a.mailslurp.createInbox();
    const inboxY = await a.mailslurp.createInbox();
    x = { id: inboxX.id, emailAddress: inboxX.emailAddress };
    y = { id: inboxY.id, emailAddress: inboxY.emailAddress };
    ({ sentId: sentFromY, emailId: emailInX } = await deliver(a, y, x, 'to x'));
    ({ sentId: sentFromX, emailId: emailInY } = await deliver(a, x, y, 'to y'));
    const bInbox = await b.mailslurp.createInbox();
    ({ emailId: bEmail } = await deliver(b, bInbox, { id: bInbox.id, emailAddress: bInbox.emailAddress }, 'b own'));
  });

  after(async () => {
    await server?.close();
  });

  test('getApiKeyPermissions lists every permission with what it allows', async () => {
    const listed = await call(a.apiKey, 'GET', '/api-keys/permissions');
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.json.map((p: { name: string }) => p.name), PERMISSION_NAMES);
    assert.ok(listed.json.every((p: { description: string }) => p.description.length > 10));
  });

  test('create, list, get and revoke a scoped key; the secret is shown once and the revoked key stops at once', async () => {
    const made = await call(a.apiKey, 'POST', '/api-keys', { name: 'ci reader', permissions: ['EMAIL_READ'], inboxIds: [x.id] });
    assert.equal(made.status, 201);
    assert.match(made.json.apiKey, /^ph_/);
    assert.deepEqual(made.json.scope, { permissions: ['EMAIL_READ'], inboxIds: [x.id] });
    const listed = await call(a.apiKey, 'GET', '/api-keys');
    const mine = listed.json.find((k: { id: string }) => k.id === made.json.id);
    assert.equal(mine.name, 'ci reader');
    assert.equal(mine.apiKey, undefined);
    assert.equal(mine.keyPrefix, made.json.apiKey.slice(0, 7));
    const one = await call(a.apiKey, 'GET', `/api-keys/${made.json.id}`);
    assert.deepEqual(one.json.scope, { permissions: ['EMAIL_READ'], inboxIds: [x.id] });
    assert.equal((await call(b.apiKey, 'GET', `/api-keys/${made.json.id}`)).status, 404);
    assert.equal((await call(b.apiKey, 'DELETE', `/api-keys/${made.json.id}`)).status, 404);
    assert.equal((await call(made.json.apiKey, 'GET', `/emails/${emailInX}`)).status, 200);
    assert.equal((await call(a.apiKey, 'DELETE', `/api-keys/${made.json.id}`)).status, 204);
    assert.equal((await call(made.json.apiKey, 'GET', `/emails/${emailInX}`)).status, 401);
    assert.ok((await call(a.apiKey, 'GET', `/api-keys/${made.json.id}`)).json.revokedAt);
  });

  test('bad scopes are 4xx naming the problem', async () => {
    const unknown = await call(a.apiKey, 'POST', '/api-keys', { permissions: ['EMAIL_EAT'] });
    assert.equal(unknown.status, 400);
    const missingInbox = await call(a.apiKey, 'POST', '/api-keys', { permissions: ['EMAIL_READ'], inboxIds: [randomUUID()] });
    assert.equal(missingInbox.status, 404);
    const othersInbox = await call(b.apiKey, 'POST', '/api-keys', { permissions: ['EMAIL_READ'], inboxIds: [x.id] });
    assert.equal(othersInbox.status, 404);
    const past = await call(a.apiKey, 'POST', '/api-keys', { permissions: ['EMAIL_READ'], expiresAt: '2000-01-01T00:00:00.000Z' });
    assert.equal(past.status, 400);
  });

  test('a scoped key cannot create a key with more than it has (403)', async () => {
    const key = await scopedKey(['ACCOUNT_MANAGE', 'EMAIL_READ'], [x.id]);
    const more = await call(key, 'POST', '/api-keys', { permissions: ['EMAIL_SEND'], inboxIds: [x.id] });
    assert.equal(more.status, 403);
    assert.match(more.json.message, /lacks EMAIL_SEND/);
    assert.equal((await call(key, 'POST', '/api-keys', {})).status, 403, 'a full key');
    assert.equal((await call(key, 'POST', '/api-keys', { permissions: ['EMAIL_READ'] })).status, 403, 'every inbox');
    const wider = await call(key, 'POST', '/api-keys', { permissions: ['EMAIL_READ'], inboxIds: [y.id] });
    assert.equal(wider.status, 403);
    assert.match(wider.json.message, new RegExp(`may not use inbox ${y.id}`));
    const narrower = await call(key, 'POST', '/api-keys', { permissions: ['EMAIL_READ'], inboxIds: [x.id] });
    assert.equal(narrower.status, 201);
  });

  test('an admin issues a scoped key for a user through the admin key route', async () => {
    const made = await call(server.adminKey, 'POST', `/admin/users/${a.userId}/api-keys`, { permissions: ['INBOX_READ'], inboxIds: [x.id] });
    assert.equal(made.status, 201);
    assert.deepEqual(made.json.scope, { permissions: ['INBOX_READ'], inboxIds: [x.id] });
    const inboxApi = new InboxControllerApi(new Configuration({ apiKey: made.json.apiKey, basePath: server.url }));
    assert.equal((await inboxApi.getInbox({ inboxId: x.id })).id, x.id);
    assert.equal(await statusOf(inboxApi.getInbox({ inboxId: y.id })), 403);
    assert.equal(await statusOf(inboxApi.createInboxWithDefaults()), 403);
    // Without a body: a full key, as before.
    const full = await call(server.adminKey, 'POST', `/admin/users/${a.userId}/api-keys`);
    assert.equal(full.status, 201);
    assert.equal(full.json.scope ?? null, null);
  });

  test('every operation refuses a scoped key lacking its permission with a 403 naming it, and nothing changes', async () => {
    const keys = new Map<string, string>();
    for (const permission of PERMISSION_NAMES) keys.set(permission, await scopedKey(PERMISSION_NAMES.filter((p) => p !== permission)));
    const inboxesBefore = await call(a.apiKey, 'GET', '/inboxes?size=100');
    const keysBefore = await call(a.apiKey, 'GET', '/api-keys');
    const wrong: string[] = [];
    for (const op of SCOPED_OPERATIONS) {
      const permission = permissionOf(op)!;
      const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'inboxId' ? x.id : name === 'emailId' ? emailInX : randomUUID()));
      const json = (op.bodyKind ?? 'json') === 'json' && op.method !== 'GET' && op.method !== 'DELETE';
      const response = await server.fetch(path, {
        method: op.method, key: keys.get(permission)!,
        ...(json ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      const text = await response.text();
      if (response.status !== 403 || !text.includes(`This API key lacks ${permission}`)) wrong.push(`${op.operationId}: ${response.status} ${text.slice(0, 120)}`);
    }
    assert.deepEqual(wrong, []);
    assert.deepEqual((await call(a.apiKey, 'GET', '/inboxes?size=100')).json, inboxesBefore.json);
    assert.deepEqual((await call(a.apiKey, 'GET', '/api-keys')).json, keysBefore.json);
  });

  test('inbox-limited keys: each route family allows inbox X, refuses inbox Y (403) and account-wide routes, and other tenants\' ids stay 404', async () => {
    const key = await scopedKey(PERMISSION_NAMES, [x.id]);
    const expectStatus = async (method: string, path: string, status: number, body?: unknown, message?: RegExp) => {
      const reply = await call(key, method, path, body);
      assert.equal(reply.status, status, `${method} ${path}: ${JSON.stringify(reply.json)}`);
      if (message) assert.match(reply.json.message, message);
      return reply;
    };
    const onY = new RegExp(`may not use inbox ${y.id}`);
    // inboxes
    await expectStatus('GET', `/inboxes/${x.id}`, 200);
    await expectStatus('GET', `/inboxes/${y.id}`, 403, undefined, onY);
    await expectStatus('GET', `/inboxes/${randomUUID()}`, 404);
    await expectStatus('GET', '/inboxes', 403, undefined, /limited to inboxes/);
    // emails
    await expectStatus('GET', `/emails/${emailInX}`, 200);
    await expectStatus('GET', `/emails/${emailInY}`, 403, undefined, onY);
    await expectStatus('GET', `/emails/${bEmail}`, 404);
    await expectStatus('GET', '/emails', 403, undefined, /limited to inboxes/);
    await expectStatus('GET', `/inboxes/${x.id}/emails`, 200);
    // sent
    await expectStatus('GET', `/sent/${sentFromX}`, 200);
    await expectStatus('GET', `/sent/${sentFromY}`, 403, undefined, onY);
    await expectStatus('GET', '/sent', 403);
    // wait-for
    await expectStatus('GET', `/waitForLatestEmail?inboxId=${x.id}&timeout=1000`, 200);
    await expectStatus('GET', `/waitForLatestEmail?inboxId=${y.id}&timeout=1000`, 403, undefined, onY);
    // webhooks
    const hook = await expectStatus('POST', `/inboxes/${x.id}/webhooks`, 201, { url: 'http://127.0.0.1:9/hook' });
    await expectStatus('POST', `/inboxes/${y.id}/webhooks`, 403, { url: 'http://127.0.0.1:9/hook' }, onY);
    await expectStatus('GET', `/webhooks/${hook.json.id}`, 200);
    const yHook = await call(a.apiKey, 'POST', `/inboxes/${y.id}/webhooks`, { url: 'http://127.0.0.1:9/hook' });
    await expectStatus('GET', `/webhooks/${yHook.json.id}`, 403, undefined, onY);
    // rulesets
    const rule = { scope: 'RECEIVING_EMAILS', action: 'BLOCK', target: 'spam@example.com' };
    await expectStatus('POST', `/inboxes/${x.id}/rulesets`, 201, rule);
    await expectStatus('POST', `/inboxes/${y.id}/rulesets`, 403, rule, onY);
    // chaos per inbox (the inbox family: INBOX_MANAGE sets, INBOX_READ reads)
    const chaos = { rules: [{ mode: 'GREYLIST' }] };
    await expectStatus('PUT', `/inboxes/${x.id}/chaos`, 200, chaos);
    await expectStatus('GET', `/inboxes/${x.id}/chaos`, 200);
    await expectStatus('PUT', `/inboxes/${y.id}/chaos`, 403, chaos, onY);
    await expectStatus('DELETE', `/inboxes/${y.id}/chaos`, 403, undefined, onY);
    const readOnly = await scopedKey(['INBOX_READ'], [x.id]);
    assert.equal((await call(readOnly, 'GET', `/inboxes/${x.id}/chaos`)).status, 200);
    assert.match((await call(readOnly, 'DELETE', `/inboxes/${x.id}/chaos`)).json.message, /lacks INBOX_MANAGE/);
    await expectStatus('DELETE', `/inboxes/${x.id}/chaos`, 204);
    // sending
    await expectStatus('POST', `/inboxes/${x.id}`, 204, { to: ['someone@example.com'], subject: 's', body: 'b' });
    await expectStatus('POST', `/inboxes/${y.id}`, 403, { to: ['someone@example.com'], subject: 's', body: 'b' }, onY);
    // account-wide families
    await expectStatus('GET', '/phone/numbers', 403, undefined, /limited to inboxes/);
    await expectStatus('GET', '/sms', 403, undefined, /limited to inboxes/);
    await expectStatus('GET', '/templates', 403, undefined, /limited to inboxes/);
    await expectStatus('GET', '/contacts', 403, undefined, /limited to inboxes/);
    await expectStatus('GET', '/webhooks/paginated', 403, undefined, /limited to inboxes/);
  });

  test('GraphQL is refused to scoped keys with a clear message, and open to full keys', async () => {
    const key = await scopedKey(PERMISSION_NAMES);
    const scoped = await call(key, 'POST', '/graphql', { query: '{ __typename }' });
    assert.equal(scoped.status, 403);
    assert.match(JSON.stringify(scoped.json), /GraphQL is not open to agent-scoped API keys/);
    assert.equal((await call(a.apiKey, 'POST', '/graphql', { query: '{ __typename }' })).status, 200);
  });
});
