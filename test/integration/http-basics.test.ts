import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

const ERROR_FIELDS = ['error', 'message', 'path', 'status', 'timestamp'];

async function assertErrorBody(response: Response, status: number, messagePattern: RegExp) {
  assert.equal(response.status, status);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ERROR_FIELDS);
  assert.equal(body.status, status);
  assert.match(String(body.message), messagePattern);
  assert.ok(!Number.isNaN(Date.parse(String(body.timestamp))));
  return body;
}

describeEachDialect('HTTP conventions', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
  });
  after(() => server.close());

  test('GET /health answers 200 without a key once the database is ready', async () => {
    const response = await server.fetch('/health', { key: null });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'UP', database: dialect });
  });

  test('a missing API key is 401 with the error body', async () => {
    await assertErrorBody(await server.fetch('/inboxes', { key: null }), 401, /x-api-key/);
  });

  test('a wrong API key is 401', async () => {
    await assertErrorBody(await server.fetch('/inboxes', { key: 'ph_not_a_real_key' }), 401, /Invalid/);
  });

  test('an unknown route is 404 with or without a key', async () => {
    const body = await assertErrorBody(await server.fetch('/no/such/route', { key: null }), 404, /No route GET \/no\/such\/route/);
    assert.equal(body.path, '/no/such/route');
    await assertErrorBody(await tenant.fetch('/no/such/route'), 404, /No route/);
  });

  test('a path id that is not a UUID is 400 naming the parameter', async () => {
    await assertErrorBody(await tenant.fetch('/inboxes/not-a-uuid'), 400, /inboxId.*UUID/);
  });

  test('malformed JSON is 400, not 500', async () => {
    const response = await tenant.fetch('/inboxes/withOptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    await assertErrorBody(response, 400, /not valid JSON/);
  });

  test('a body field of the wrong type is 400 naming the field', async () => {
    const response = await tenant.fetch('/inboxes/withOptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ favourite: 'very' }),
    });
    await assertErrorBody(response, 400, /favourite/);
  });

  test('an invalid query value is 400 naming the parameter', async () => {
    await assertErrorBody(await tenant.fetch('/inboxes/paginated?size=lots'), 400, /size/);
    await assertErrorBody(await tenant.fetch('/inboxes/paginated?since=yesterday'), 400, /since.*ISO-8601/);
    await assertErrorBody(await tenant.fetch('/inboxes/paginated?sort=UP'), 400, /sort.*ASC, DESC/);
  });

  test('a missing required query parameter is 400 naming it', async () => {
    await assertErrorBody(await tenant.fetch('/inboxes/exists'), 400, /emailAddress.*required/);
  });

  test('a NUL character in any string is 400 naming the field, and nothing is stored', async () => {
    const json = { 'content-type': 'application/json' };
    await assertErrorBody(
      await tenant.fetch('/inboxes/withOptions', { method: 'POST', headers: json, body: JSON.stringify({ name: 'a\u0000b' }) }),
      400, /body field 'name' contains a NUL/,
    );
    await assertErrorBody(
      await tenant.fetch('/inboxes/withOptions', { method: 'POST', headers: json, body: JSON.stringify({ tags: ['ok', 'x\u0000'] }) }),
      400, /'tags.1' contains a NUL/,
    );
    await assertErrorBody(await tenant.fetch('/inboxes/paginated?search=a%00b'), 400, /query parameter 'search' contains a NUL/);
    const count = (await (await tenant.fetch('/inboxes/count')).json()) as { totalElements: number };
    assert.equal(count.totalElements, 0);
  });

  test('numbers out of range are 400, never 500', async () => {
    await assertErrorBody(await tenant.fetch('/inboxes?expiresIn=100000000000000000000', { method: 'POST' }), 400, /expiresIn/);
    await assertErrorBody(await tenant.fetch('/inboxes/paginated?page=99999999999999999'), 400, /'page' must be <= 2147483647/);
  });

  test('a body that is not a JSON object is 400', async () => {
    for (const body of ['[1,2]', 'null', '"text"']) {
      const response = await tenant.fetch('/inboxes/withOptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await assertErrorBody(response, 400, /request body must be a JSON object/);
    }
    // No body at all is no options where the body requires nothing (http-clients.test.ts), and
    // a 400 naming the body where it has required fields.
    await assertErrorBody(await tenant.fetch('/waitFor', { method: 'POST' }), 400, /request body is required: a JSON object \(WaitForConditions\)/);
  });

  test('admin routes refuse a non-admin key with 403', async () => {
    await assertErrorBody(await tenant.fetch('/admin/users'), 403, /admin/);
  });

  test('the OpenAPI document lists every operation under the official operationId', async () => {
    const response = await server.fetch('/v3/api-docs', { key: null });
    assert.equal(response.status, 200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, { operationId?: string }>> };
    assert.match(doc.openapi, /^3\./);
    const served = new Map<string, string>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (op.operationId) served.set(op.operationId, `${method.toUpperCase()} ${path}`);
      }
    }
    const operations = JSON.parse(
      readFileSync(new URL('../../node_modules/mailslurp-client/package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    assert.ok(operations.version, 'the official client is installed');
    const expected: Record<string, string> = {
      createInbox: 'POST /inboxes',
      createInboxWithDefaults: 'POST /inboxes/withDefaults',
      createInboxWithOptions: 'POST /inboxes/withOptions',
      getInbox: 'GET /inboxes/{inboxId}',
      updateInbox: 'PATCH /inboxes/{inboxId}',
      deleteInbox: 'DELETE /inboxes/{inboxId}',
      deleteAllInboxes: 'DELETE /inboxes',
      getInboxes: 'GET /inboxes',
      getAllInboxes: 'GET /inboxes/paginated',
      getAllInboxesOffsetPaginated: 'GET /inboxes/offset-paginated',
      getOrganizationInboxes: 'GET /inboxes/organization',
      searchInboxes: 'POST /inboxes/search',
      doesInboxExist: 'GET /inboxes/exists',
      isEmailAddressAvailable: 'POST /inboxes/available',
      getInboxByEmailAddress: 'GET /inboxes/byEmailAddress',
      getInboxByName: 'GET /inboxes/byName',
      getInboxCount: 'GET /inboxes/count',
      getInboxIds: 'GET /inboxes/ids',
      getInboxTags: 'GET /inboxes/tags',
      getInboxTagsPaginated: 'GET /inboxes/tags/paginated',
      getInboxesByTag: 'GET /inboxes/tags/inboxes',
      setInboxFavourited: 'PUT /inboxes/{inboxId}/favourite',
      deleteAllInboxesByTag: 'DELETE /inboxes/by-tag',
      deleteAllInboxesByName: 'DELETE /inboxes/by-name',
      deleteAllInboxesByDescription: 'DELETE /inboxes/by-description',
      flushExpired: 'DELETE /inboxes/expired',
      getUserInfo: 'GET /user/info',
    };
    for (const [operationId, route] of Object.entries(expected)) {
      assert.equal(served.get(operationId), route, `${operationId} is served as ${route}`);
    }
    const components = Object.keys((doc as unknown as { components: { schemas: object } }).components.schemas);
    for (const model of ['InboxDto', 'PageInboxProjection', 'CreateInboxDto', 'InboxPreview', 'UserInfoDto']) {
      assert.ok(components.includes(model), `the document names the client's model ${model}`);
    }
  });

  test('the interactive docs page is served without a key', async () => {
    const response = await server.fetch('/docs/', { key: null });
    assert.equal(response.status, 200);
    assert.match(await response.text(), /swagger/i);
  });
});
