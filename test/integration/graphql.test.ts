import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

/** GraphQL over plain fetch, as MailSlurp's GraphQL docs use it: POST JSON with x-api-key. */
interface GqlAnswer<T = Record<string, any>> {
  status: number;
  data: T | null | undefined;
  errors: Array<{ message: string; path?: string[]; extensions?: { code?: string } }> | undefined;
}

async function gql<T = Record<string, any>>(server: TestServer, key: string | null, query: string, variables?: Record<string, unknown>): Promise<GqlAnswer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers['x-api-key'] = key;
  const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data?: T | null; errors?: GqlAnswer['errors'] };
  return { status: response.status, data: body.data, errors: body.errors };
}

/** The answer's data, failing the test with the errors when there are any. */
async function ok<T = Record<string, any>>(server: TestServer, tenant: Tenant, query: string, variables?: Record<string, unknown>): Promise<T> {
  const answer = await gql<T>(server, tenant.apiKey, query, variables);
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  assert.equal(answer.status, 200);
  return answer.data!;
}

const codeOf = (answer: GqlAnswer) => answer.errors?.[0]?.extensions?.code;

const CREATE = 'mutation { createInbox { id emailAddress } }';
const SEND = `mutation Send($from: ID!, $to: [String!]!, $subject: String, $body: String) {
  sendEmail(fromInboxId: $from, to: $to, subject: $subject, body: $body) { id from to subject inboxId }
}`;
const MISSING = '00000000-0000-4000-8000-000000000000';

describeEachDialect('GraphQL endpoint', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let other: Tenant;
  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    other = await server.createTenant();
  });
  after(() => server.close());

  type Inbox = { id: string; emailAddress: string };
  const createInbox = async (who: Tenant = tenant): Promise<Inbox> => (await ok<{ createInbox: Inbox }>(server, who, CREATE)).createInbox;
  const send = (who: Tenant, from: Inbox, to: Inbox, subject: string, body = 'Hello') =>
    ok<{ sendEmail: { id: string; from: string; to: string[]; subject: string; inboxId: string } }>(server, who, SEND, { from: from.id, to: [to.emailAddress], subject, body });

  test('createInbox makes an inbox the REST API sees, and inbox(id) answers it', async () => {
    const created = await createInbox();
    assert.match(created.emailAddress, /@/);
    const rest = await tenant.mailslurp.getInbox(created.id);
    assert.equal(rest.emailAddress, created.emailAddress);

    const named = await ok<{ createInbox: { id: string; name: string; tags: string[] } }>(server, tenant,
      'mutation { createInbox(name: "Graph", tags: ["b", "a"]) { id name tags } }');
    assert.equal(named.createInbox.name, 'Graph');
    assert.deepEqual(named.createInbox.tags, ['a', 'b']);
    const { inbox } = await ok<{ inbox: { id: string; emailAddress: string; name: string | null; userId: string } }>(server, tenant,
      'query ($id: ID!) { inbox(id: $id) { id emailAddress name userId } }', { id: created.id });
    assert.deepEqual(inbox, { id: created.id, emailAddress: created.emailAddress, name: null, userId: tenant.userId });
  });

  test('sendEmail sends from the inbox address; a waitForLatestEmail started before holds until it arrives', async () => {
    const from = await createInbox();
    const to = await createInbox();
    let settled = false;
    const waiting = gql<{ waitForLatestEmail: { id: string; subject: string; from: string; to: string[]; body: string; inboxId: string; read: boolean } }>(
      server, tenant.apiKey,
      'query ($id: ID!) { waitForLatestEmail(inboxId: $id, timeout: 20000, unreadOnly: true) { id subject from to body inboxId read } }',
      { id: to.id },
    ).finally(() => {
      settled = true;
    });
    // A full round trip on the same server; the empty inbox must not have answered meanwhile.
    await ok(server, tenant, 'query ($id: ID!) { inbox(id: $id) { id } }', { id: to.id });
    assert.equal(settled, false, 'an empty inbox holds the wait');

    const { sendEmail } = await send(tenant, from, to, 'Over GraphQL', 'Hello from GraphQL');
    assert.equal(sendEmail.from, from.emailAddress);
    assert.deepEqual(sendEmail.to, [to.emailAddress]);
    assert.equal(sendEmail.subject, 'Over GraphQL');
    assert.equal(sendEmail.inboxId, from.id);

    const answer = await waiting;
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    const email = answer.data!.waitForLatestEmail;
    assert.equal(email.subject, 'Over GraphQL');
    assert.equal(email.from, from.emailAddress);
    assert.deepEqual(email.to, [to.emailAddress]);
    assert.equal(email.inboxId, to.id);
    assert.match(email.body, /Hello from GraphQL/);
    assert.equal(email.read, true, 'waiting for it reads it');

    // Read now, so unreadOnly waits again (and times out) while plain waitForLatestEmail answers at once.
    const unread = await gql(server, tenant.apiKey, `{ waitForLatestEmail(inboxId: "${to.id}", timeout: 200, unreadOnly: true) { id } }`);
    assert.equal(codeOf(unread), 'TIMEOUT');
    const latest = await ok<{ waitForLatestEmail: { id: string } }>(server, tenant, `{ waitForLatestEmail(inboxId: "${to.id}", timeout: 0) { id } }`);
    assert.equal(latest.waitForLatestEmail.id, email.id);
  });

  test('email(id) answers the full email with headers; emails(inboxId, page, size) pages with totalElements', async () => {
    const from = await createInbox();
    const to = await createInbox();
    for (const subject of ['one', 'two', 'three']) await send(tenant, from, to, subject);
    const { waitForEmailCount } = await ok<{ waitForEmailCount: Array<{ id: string; subject: string }> }>(server, tenant,
      `{ waitForEmailCount(inboxId: "${to.id}", count: 3, timeout: 20000) { id subject } }`);
    assert.deepEqual(waitForEmailCount.map((e) => e.subject), ['one', 'two', 'three']);

    const { email } = await ok<{ email: { id: string; subject: string; from: string; headers: Array<{ name: string; value: string }>; read: boolean } }>(
      server, tenant, 'query ($id: ID!) { email(id: $id) { id subject from read headers { name value } } }', { id: waitForEmailCount[1]!.id });
    assert.equal(email.subject, 'two');
    assert.equal(email.from, from.emailAddress);
    assert.equal(email.read, true);
    assert.ok(email.headers.some((h) => h.name.toLowerCase() === 'subject' && h.value === 'two'), JSON.stringify(email.headers));

    type Page = { totalElements: number; totalPages: number; number: number; size: number; content: Array<{ subject: string }> };
    const page = (p: number) => ok<{ emails: Page }>(server, tenant,
      'query ($id: ID, $p: Int, $s: Int) { emails(inboxId: $id, page: $p, size: $s) { totalElements totalPages number size content { subject } } }',
      { id: to.id, p, s: 2 });
    const first = (await page(0)).emails;
    assert.equal(first.totalElements, 3);
    assert.equal(first.totalPages, 2);
    assert.deepEqual(first.content.map((e) => e.subject), ['one', 'two']);
    const second = (await page(1)).emails;
    assert.equal(second.number, 1);
    assert.deepEqual(second.content.map((e) => e.subject), ['three']);

    const unread = await ok<{ emails: Page }>(server, tenant, `{ emails(inboxId: "${to.id}", unreadOnly: true) { totalElements content { subject } } }`);
    assert.deepEqual(unread.emails.content.map((e) => e.subject), ['one', 'three'], 'email(id) marked "two" read');

    // search: the search language of searchFilter (README "Search")
    const searched = await ok<{ emails: Page }>(server, tenant, `{ emails(inboxId: "${to.id}", search: "subject:thr -is:read") { totalElements content { subject } } }`);
    assert.deepEqual(searched.emails.content.map((e) => e.subject), ['three']);
    const bad = await gql(server, tenant.apiKey, `{ emails(search: "before:someday") { totalElements } }`);
    assert.equal(codeOf(bad), 'BAD_USER_INPUT');
    assert.match(bad.errors![0]!.message, /before:someday/);
  });

  test('inboxes(page, size) counts only the caller\'s inboxes in totalElements', async () => {
    const fresh = await server.createTenant();
    for (let i = 0; i < 3; i++) await createInbox(fresh);
    await createInbox(other);
    const { inboxes } = await ok<{ inboxes: { totalElements: number; totalPages: number; content: Array<{ id: string }> } }>(server, fresh,
      '{ inboxes(page: 0, size: 2) { totalElements totalPages content { id } } }');
    assert.equal(inboxes.totalElements, 3);
    assert.equal(inboxes.totalPages, 2);
    assert.equal(inboxes.content.length, 2);
  });

  test('deleteEmail answers "deleted" and the email is gone', async () => {
    const from = await createInbox();
    const to = await createInbox();
    await send(tenant, from, to, 'to delete');
    const { waitForLatestEmail } = await ok<{ waitForLatestEmail: { id: string } }>(server, tenant, `{ waitForLatestEmail(inboxId: "${to.id}", timeout: 20000) { id } }`);
    const deleted = await ok<{ deleteEmail: string }>(server, tenant, 'mutation ($id: ID!) { deleteEmail(emailId: $id) }', { id: waitForLatestEmail.id });
    assert.equal(deleted.deleteEmail, 'deleted');
    assert.equal(codeOf(await gql(server, tenant.apiKey, `{ email(id: "${waitForLatestEmail.id}") { id } }`)), 'NOT_FOUND');
    assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: to.id })).totalElements, 0);

    const gone = await ok<{ deleteInbox: string }>(server, tenant, `mutation { deleteInbox(inboxId: "${to.id}") }`);
    assert.equal(gone.deleteInbox, 'deleted');
    assert.equal(codeOf(await gql(server, tenant.apiKey, `{ inbox(id: "${to.id}") { id } }`)), 'NOT_FOUND');
  });

  test('waitForNthEmail, waitForMatchingEmails and waitForMatchingFirstEmail hold until the inbox satisfies them', async () => {
    const from = await createInbox();
    const to = await createInbox();
    await send(tenant, from, to, 'Welcome aboard');
    const matching = gql<{ waitForMatchingEmails: Array<{ subject: string }> }>(server, tenant.apiKey,
      `{ waitForMatchingEmails(inboxId: "${to.id}", count: 2, timeout: 20000,
           matchOptions: { matches: [{ field: SUBJECT, should: CONTAIN, value: "code" }] }) { subject } }`);
    const nth = gql<{ waitForNthEmail: { subject: string } }>(server, tenant.apiKey,
      `{ waitForNthEmail(inboxId: "${to.id}", index: 2, timeout: 20000) { subject } }`);
    await send(tenant, from, to, 'Your code is 1234');
    await send(tenant, from, to, 'Your code is 5678');
    assert.deepEqual((await matching).data?.waitForMatchingEmails.map((e) => e.subject), ['Your code is 1234', 'Your code is 5678']);
    assert.equal((await nth).data?.waitForNthEmail.subject, 'Your code is 5678');

    const first = await ok<{ waitForMatchingFirstEmail: { subject: string } }>(server, tenant,
      `{ waitForMatchingFirstEmail(inboxId: "${to.id}", timeout: 0,
           matchOptions: { matches: [{ field: SUBJECT, should: MATCH, value: "Your code is [0-9]+" }, { field: FROM, should: EQUAL, value: "${from.emailAddress}" }] }) { subject } }`);
    assert.equal(first.waitForMatchingFirstEmail.subject, 'Your code is 1234');
    const none = await gql(server, tenant.apiKey,
      `{ waitForMatchingFirstEmail(inboxId: "${to.id}", timeout: 100, matchOptions: { matches: [{ field: SUBJECT, should: EQUAL, value: "Your code" }] }) { id } }`);
    assert.equal(codeOf(none), 'TIMEOUT');
  });

  test('a missing or unknown x-api-key is refused with 401 and extensions.code UNAUTHENTICATED', async () => {
    for (const key of [null, 'ph_not-a-key']) {
      const answer = await gql(server, key, '{ inboxes { totalElements } }');
      assert.equal(answer.status, 401);
      assert.equal(codeOf(answer), 'UNAUTHENTICATED');
      assert.match(answer.errors![0]!.message, /API key/);
    }
    // GET with ?query= runs queries too, behind the same key.
    const url = `${server.url}/graphql?query=${encodeURIComponent('{ inboxes { totalElements } }')}`;
    assert.equal((await fetch(url)).status, 401);
    const withKey = await fetch(url, { headers: { 'x-api-key': tenant.apiKey } });
    assert.equal(withKey.status, 200);
    assert.equal(typeof ((await withKey.json()) as { data: { inboxes: { totalElements: number } } }).data.inboxes.totalElements, 'number');
  });

  test('bad input answers errors naming the problem, with extensions.code', async () => {
    const badId = await gql(server, tenant.apiKey, '{ inbox(id: "not-a-uuid") { id } }');
    assert.equal(badId.status, 200);
    assert.equal(codeOf(badId), 'BAD_USER_INPUT');
    assert.match(badId.errors![0]!.message, /id must be a UUID/);
    assert.deepEqual(badId.errors![0]!.path, ['inbox']);

    const from = await createInbox();
    const badAddress = await gql(server, tenant.apiKey, SEND, { from: from.id, to: ['not an address'], subject: 'x' });
    assert.equal(codeOf(badAddress), 'BAD_USER_INPUT');
    assert.equal(badAddress.data, null);

    const badTimeout = await gql(server, tenant.apiKey, `{ waitForLatestEmail(inboxId: "${from.id}", timeout: -1) { id } }`);
    assert.equal(codeOf(badTimeout), 'BAD_USER_INPUT');

    const syntax = await gql(server, tenant.apiKey, '{ inboxes { totalElements ');
    assert.equal(syntax.status, 400);
    assert.equal(codeOf(syntax), 'GRAPHQL_PARSE_FAILED');

    const unknownField = await gql(server, tenant.apiKey, '{ inboxes { nope } }');
    assert.equal(unknownField.status, 400);
    assert.equal(codeOf(unknownField), 'GRAPHQL_VALIDATION_FAILED');
    assert.match(unknownField.errors![0]!.message, /nope/);

    const badVariable = await gql(server, tenant.apiKey, 'query ($id: ID!) { inbox(id: $id) { id } }', {});
    assert.equal(badVariable.status, 400);
    assert.equal(codeOf(badVariable), 'BAD_USER_INPUT');

    const noQuery = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': tenant.apiKey }, body: '{}' });
    assert.equal(noQuery.status, 400);
    const noQueryBody = (await noQuery.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    assert.equal(noQueryBody.errors[0]!.extensions.code, 'BAD_REQUEST');
    assert.match(noQueryBody.errors[0]!.message, /query/);

    const mutationOverGet = await fetch(`${server.url}/graphql?query=${encodeURIComponent(CREATE)}`, { headers: { 'x-api-key': tenant.apiKey } });
    assert.equal(mutationOverGet.status, 405, 'GET runs queries only');
  });

  test('another tenant\'s inbox and email are NOT_FOUND, and stay untouched', async () => {
    const from = await createInbox();
    const to = await createInbox();
    await send(tenant, from, to, 'private');
    const { waitForLatestEmail: mine } = await ok<{ waitForLatestEmail: { id: string } }>(server, tenant, `{ waitForLatestEmail(inboxId: "${to.id}", timeout: 20000) { id } }`);

    const attempts = [
      `{ inbox(id: "${to.id}") { id } }`,
      `{ email(id: "${mine.id}") { id } }`,
      `{ emails(inboxId: "${to.id}") { totalElements } }`,
      `{ waitForLatestEmail(inboxId: "${to.id}", timeout: 0) { id } }`,
      `{ waitForEmailCount(inboxId: "${to.id}", count: 1, timeout: 0) { id } }`,
      `mutation { deleteEmail(emailId: "${mine.id}") }`,
      `mutation { deleteInbox(inboxId: "${to.id}") }`,
      `mutation { sendEmail(fromInboxId: "${from.id}", to: ["${to.emailAddress}"], subject: "spoof") { id } }`,
    ];
    for (const query of attempts) {
      const answer = await gql(server, other.apiKey, query);
      assert.equal(codeOf(answer), 'NOT_FOUND', `${query}: ${JSON.stringify(answer.errors)}`);
    }
    const { emails } = await ok<{ emails: { totalElements: number } }>(server, other, '{ emails { totalElements } }');
    assert.equal(emails.totalElements, 0, 'emails() without an inbox lists only the caller\'s');
    const still = await ok<{ emails: { totalElements: number } }>(server, tenant, `{ emails(inboxId: "${to.id}") { totalElements } }`);
    assert.equal(still.emails.totalElements, 1);
    assert.equal(codeOf(await gql(server, tenant.apiKey, `{ inbox(id: "${MISSING}") { id } }`)), 'NOT_FOUND');
  });

  test('waitForLatestEmail on an empty inbox answers TIMEOUT after the timeout', async () => {
    const inbox = await createInbox();
    const started = Date.now();
    const answer = await gql(server, tenant.apiKey, `{ waitForLatestEmail(inboxId: "${inbox.id}", timeout: 300) { id } }`);
    assert.ok(Date.now() - started >= 250, 'held until the timeout');
    assert.equal(answer.status, 200);
    assert.equal(answer.data, null);
    assert.equal(codeOf(answer), 'TIMEOUT');
    assert.match(answer.errors![0]!.message, /300 ms/);
  });

  test('introspection describes the schema', async () => {
    const { __schema } = await ok<{ __schema: { queryType: { name: string }; mutationType: { name: string }; types: Array<{ name: string; fields: Array<{ name: string }> | null }> } }>(
      server, tenant, '{ __schema { queryType { name } mutationType { name } types { name fields { name } } } }');
    const byName = new Map(__schema.types.map((t) => [t.name, t]));
    assert.equal(__schema.queryType.name, 'Query');
    assert.equal(__schema.mutationType.name, 'Mutation');
    for (const type of ['Email', 'EmailPreview', 'Inbox', 'InboxPage', 'EmailPage', 'SentEmail', 'MatchOptions']) assert.ok(byName.has(type), type);
    const fieldsOf = (name: string) => byName.get(name)!.fields!.map((f) => f.name);
    for (const field of ['inbox', 'inboxes', 'email', 'emails', 'waitForLatestEmail', 'waitForNthEmail', 'waitForEmailCount', 'waitForMatchingEmails', 'waitForMatchingFirstEmail']) {
      assert.ok(fieldsOf('Query').includes(field), field);
    }
    assert.deepEqual(fieldsOf('Mutation').sort(), ['createInbox', 'deleteEmail', 'deleteInbox', 'sendEmail']);
  });

  test('GET /graphql from a browser answers the GraphiQL page without a key', async () => {
    const page = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    const html = await page.text();
    assert.match(html, /<title>GraphiQL<\/title>/);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    // The files the page loads are this server's own, public too; the loader points it at /graphql.
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(sources.length >= 5 && sources.every((s) => s.startsWith('/graphiql/assets/')), sources.join(' '));
    for (const source of sources) {
      const asset = await fetch(`${server.url}${source}`);
      assert.equal(asset.status, 200, source);
      assert.match(asset.headers.get('content-type') ?? '', /javascript|css/);
      assert.equal(asset.headers.get('x-content-type-options'), 'nosniff');
      if (source.endsWith('loader.js')) assert.match(await asset.text(), /'\/graphql'/);
      else await asset.arrayBuffer();
    }
    assert.equal((await fetch(`${server.url}/graphiql/assets/nothing.js`)).status, 404);
    // Without Accept: text/html, GET /graphql is the API: no key, no answer.
    assert.equal((await fetch(`${server.url}/graphql`)).status, 401);
  });
});
