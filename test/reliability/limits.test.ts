/**
 * Oversized and out-of-range input is a quick 400 naming the field and the setting, on both
 * databases, and nothing is half-written: JSON depth, items per list, recipients per message,
 * header lengths, integer bounds, queued sends, U+0000 in a path and GraphQL queries.
 * One server per dialect keeps the defaults (the figures the issue measured), a second one
 * small limits, so each boundary is tested on both of its sides.
 */
import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

const json = (body: unknown, method = 'POST'): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const text = (body: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

/** Status, message and time of one request. */
async function call(tenant: Tenant, path: string, init: RequestInit = {}): Promise<{ status: number; message: string; ms: number; body: string }> {
  const started = performance.now();
  const response = await tenant.fetch(path, init);
  const body = await response.text();
  const ms = performance.now() - started;
  let message = '';
  try {
    const parsed = JSON.parse(body) as { message?: string; errors?: Array<{ message: string }> };
    message = parsed.message ?? parsed.errors?.[0]?.message ?? '';
  } catch {
    // not JSON: no message
  }
  return { status: response.status, message, ms, body };
}

async function assertRefused(tenant: Tenant, path: string, init: RequestInit, ...words: RegExp[]): Promise<void> {
  const answer = await call(tenant, path, init);
  assert.equal(answer.status, 400, `${path}: ${answer.body.slice(0, 300)}`);
  for (const word of words) assert.match(answer.message, word);
  assert.ok(answer.ms < 3000, `${path} answered in ${Math.round(answer.ms)} ms`);
}

describeEachDialect('limits at their defaults', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let inbox: { id: string; emailAddress: string };
  let other: { id: string; emailAddress: string };

  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    inbox = await tenant.mailslurp.createInbox();
    other = await tenant.mailslurp.createInbox();
  });
  after(async () => server?.close());

  it('a 5,000-deep JSON body is refused before parsing, and the server stays responsive', async () => {
    const deepObject = `{"to":["${other.emailAddress}"],"templateVariables":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    await assertRefused(tenant, `/inboxes/${inbox.id}/with-queue?validateBeforeEnqueue=false`, text(deepObject), /deeper than 32/, /PIGEONHOLE_MAX_JSON_DEPTH/);
    await assertRefused(tenant, '/inboxes/withOptions', text(`{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`), /PIGEONHOLE_MAX_JSON_DEPTH/);
    await assertRefused(tenant, '/graphql', text(`{"query":"{ __typename }","variables":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`), /PIGEONHOLE_MAX_JSON_DEPTH/);
    const queued = (await (await tenant.fetch('/sent/queue-results')).json()) as { totalElements: number };
    assert.equal(queued.totalElements, 0, 'nothing was queued');
    assert.equal((await server.fetch('/health', { key: null })).status, 200);
  });

  it('100,000 inboxIds are a fast 400; 1,000 (the default limit) are answered on this database', async () => {
    const ids = Array.from({ length: 100_000 }, () => randomUUID());
    await assertRefused(tenant, '/emails/search', json({ inboxIds: ids }), /'inboxIds' has 100000 items/, /at most 1000/, /PIGEONHOLE_MAX_LIST_ITEMS/);
    const atLimit = [inbox.id, ...ids.slice(0, 999)];
    const answer = await call(tenant, '/emails/search', json({ inboxIds: atLimit }));
    // Unknown inbox ids are simply not the caller's: the search runs over the ids given.
    assert.ok(answer.status === 200 || answer.status === 404, answer.body.slice(0, 300));
  });

  it('10,000 recipients, a 1 MB subject or from name: 400s naming the field, nothing recorded', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `r${i}@example.com`);
    await assertRefused(tenant, `/inboxes/${inbox.id}`, json({ to: many, body: 'b' }), /'to' has 10000 items/);
    const hundredAndOne = many.slice(0, 101);
    await assertRefused(tenant, `/inboxes/${inbox.id}`, json({ to: hundredAndOne.slice(0, 50), cc: hundredAndOne.slice(50), body: 'b' }), /101 recipients/, /PIGEONHOLE_MAX_RECIPIENTS/);
    await assertRefused(tenant, `/inboxes/${inbox.id}`, json({ to: [other.emailAddress], subject: 'x'.repeat(1_000_000) }), /^subject is 1000000 characters long/, /PIGEONHOLE_MAX_HEADER_LENGTH/);
    await assertRefused(tenant, `/inboxes/${inbox.id}`, json({ to: [other.emailAddress], fromName: 'x'.repeat(1_000_000) }), /^fromName /);
    await assertRefused(tenant, `/inboxes/${inbox.id}/with-queue?validateBeforeEnqueue=false`, json({ to: [other.emailAddress], subject: 'x'.repeat(1_000_000) }), /^subject /);
    const sent = (await (await tenant.fetch('/sent')).json()) as { totalElements: number };
    assert.equal(sent.totalElements, 0, 'no receipt was stored');
  });

  it('a subject and a from name at the limit are sent and stored whole on this database', async () => {
    const subject = 'é'.repeat(16_384);
    const answer = await call(tenant, `/inboxes/${inbox.id}/confirm`, json({ to: [other.emailAddress], subject, fromName: 'n'.repeat(16_384), body: 'b' }));
    assert.equal(answer.status, 201, answer.body.slice(0, 300));
    const received = await tenant.mailslurp.waitForLatestEmail(other.id, 10_000);
    assert.equal(received.subject, subject);
  });

  it('integers out of range are 400s: 1e23, negative sizes, NaN', async () => {
    await assertRefused(tenant, '/webhooks/results?minStatusCode=1e23&maxStatusCode=1e23', {}, /minStatusCode/);
    await assertRefused(tenant, '/inboxes?size=-1', {}, /size/);
    await assertRefused(tenant, '/emails?page=NaN', {}, /page/);
    await assertRefused(tenant, '/emails?page=Infinity', {}, /query parameter 'page' must be a finite number/);
    await assertRefused(tenant, '/inboxes?size=1e400', {}, /'size'/);
    await assertRefused(tenant, '/emails/search', text('{"pageSize":1e400}'), /pageSize/);
    // a number given as the text "Infinity" is coerced by validation; a body field says so as a query parameter does
    await assertRefused(tenant, '/audit-logs/search', text('{"pageSize":"Infinity"}'), /body field 'pageSize' must be a finite number/);
    await assertRefused(tenant, `/waitForLatestEmail?inboxId=${inbox.id}&timeout=1e23`, {}, /timeout/);
    await assertRefused(tenant, '/inboxes?expiresIn=1e23', { method: 'POST' }, /expiresIn/);
  });

  it('a search filter longer than SQLite accepts as a pattern is a 400', async () => {
    await assertRefused(tenant, '/inboxes/search', json({ search: 'y'.repeat(70_000) }), /'search' must NOT have more than 1000 characters/);
    await assertRefused(tenant, `/emails?searchFilter=${'y'.repeat(1001)}`, {}, /'searchFilter'/);
  });

  it('every integer a request can carry has both bounds in the OpenAPI document', async () => {
    const doc = (await (await server.fetch('/v3/api-docs')).json()) as { paths: Record<string, Record<string, { operationId?: string; parameters?: Array<{ name: string; schema: object }>; requestBody?: { content: Record<string, { schema: object }> } }>>; components: { schemas: Record<string, object> } };
    const unbounded: string[] = [];
    const visit = (schema: unknown, where: string, seen: Set<string>): void => {
      const stack: Array<[unknown, string]> = [[schema, where]];
      while (stack.length > 0) {
        const [node, at] = stack.pop()!;
        if (!node || typeof node !== 'object') continue;
        const s = node as Record<string, unknown>;
        if (typeof s.$ref === 'string') {
          const name = s.$ref.split('/').pop()!;
          if (!seen.has(name)) stack.push([doc.components.schemas[name], `${at}>${name}`]);
          seen.add(name);
          continue;
        }
        if ((s.type === 'integer' || s.type === 'number') && (s.minimum === undefined || s.maximum === undefined)) unbounded.push(at);
        for (const [key, child] of Object.entries(s)) {
          if (key === 'properties') for (const [name, prop] of Object.entries(child as object)) stack.push([prop, `${at}.${name}`]);
          else if (typeof child === 'object') stack.push([child, at]);
        }
      }
    };
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        for (const parameter of op.parameters ?? []) visit(parameter.schema, `${op.operationId} ${parameter.name}`, new Set());
        for (const content of Object.values(op.requestBody?.content ?? {})) visit(content.schema, `${op.operationId} body`, new Set());
      }
    }
    assert.deepEqual(unbounded, []);
  });

  it('U+0000 in a path parameter and GraphQL queries that are not GraphQL text are 400s', async () => {
    await assertRefused(tenant, '/attachments/a%00b', {}, /path parameter 'attachmentId'/, /NUL/);
    await assertRefused(tenant, `/emails/${randomUUID()}/attachments/a%00b/metadata`, {}, /NUL/);
    await assertRefused(tenant, '/graphql?query=1e23', {}, /'query' must be a string holding the GraphQL query/);
    await assertRefused(tenant, '/graphql?query=%7B%7D', {}, /'query'/);
    await assertRefused(tenant, '/graphql', json({ query: 1e23 }), /'query'/);
    const ok = await call(tenant, '/graphql', json({ query: '{ __typename }' }));
    assert.equal(ok.status, 200, ok.body);
  });
});

describeEachDialect('limits set low', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let inbox: { id: string; emailAddress: string };
  let other: { id: string; emailAddress: string };

  before(async () => {
    server = await startTestServer(dialect, {
      env: { PIGEONHOLE_MAX_JSON_DEPTH: '4', PIGEONHOLE_MAX_LIST_ITEMS: '5', PIGEONHOLE_MAX_RECIPIENTS: '3', PIGEONHOLE_MAX_HEADER_LENGTH: '60' },
    });
    tenant = await server.createTenant();
    inbox = await tenant.mailslurp.createInbox();
    other = await tenant.mailslurp.createInbox();
  });
  after(async () => server?.close());

  it('JSON depth: at the limit passes the check, one more level is refused', async () => {
    const at = { to: [other.emailAddress], customHeaders: { 'X-A': 'v' } }; // depth 2
    assert.equal((await call(tenant, `/inboxes/${inbox.id}`, json(at))).status, 204);
    await assertRefused(tenant, '/emails/search', text('{"a":{"b":{"c":{"d":{}}}}}'), /deeper than 4/);
    const four = await call(tenant, '/emails/search', text('{"a":{"b":{"c":{}}}}'));
    assert.equal(four.status, 200, four.body.slice(0, 200));
  });

  it('items per list, in bodies and repeated query parameters', async () => {
    const ids = Array.from({ length: 6 }, () => randomUUID());
    await assertRefused(tenant, '/emails/search', json({ inboxIds: ids }), /'inboxIds' has 6 items; at most 5/);
    assert.equal((await call(tenant, '/emails/search', json({ inboxIds: ids.slice(0, 5) }))).status, 200);
    await assertRefused(tenant, `/emails?${ids.map((id) => `inboxId=${id}`).join('&')}`, {}, /query parameter 'inboxId' has 6 items/);
    await assertRefused(tenant, `/emails?inboxId=${ids.join(',')}`, {}, /query parameter 'inboxId' has 6 items/);
    await assertRefused(tenant, '/inboxes/withOptions', json({ tags: ['a', 'b', 'c', 'd', 'e', 'f'] }), /'tags' has 6 items/);
  });

  it('recipients on every send path: sendEmail, queued, forward, reply, SMTP envelope', async () => {
    const four = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'];
    await assertRefused(tenant, `/inboxes/${inbox.id}`, json({ to: four.slice(0, 2), bcc: four.slice(2) }), /^to, cc and bcc name 4 recipients; at most 3/);
    await assertRefused(tenant, `/inboxes/${inbox.id}/with-queue?validateBeforeEnqueue=false`, json({ to: four }), /4 recipients/);
    await assertRefused(tenant, `/inboxes/${inbox.id}/smtp-envelope`, json({ rcptTo: four, mailFrom: inbox.emailAddress, data: 'Subject: x\r\n\r\nbody' }), /^rcptTo name 4 recipients/);
    assert.equal((await call(tenant, `/inboxes/${inbox.id}`, json({ to: [other.emailAddress], subject: 'to forward' }))).status, 204);
    const received = await tenant.mailslurp.waitForLatestEmail(other.id, 10_000);
    await assertRefused(tenant, `/emails/${received.id}/forward`, json({ to: four }), /4 recipients/);
    await assertRefused(tenant, `/emails/${received.id}`, json({ body: 'r', isHTML: false, replyTo: 'x'.repeat(61) }, 'PUT'), /^replyTo is 61 characters long; at most 60/);
    assert.equal((await call(tenant, `/inboxes/${inbox.id}`, json({ to: four.slice(0, 3) }))).status, 204, 'three recipients are fine');
    const queued = (await (await tenant.fetch('/sent/queue-results')).json()) as { totalElements: number };
    assert.equal(queued.totalElements, 0, 'the refused queued send was not stored');
  });

  it('header lengths: subject, from name, custom header names and values, Message-ID of an envelope', async () => {
    const send = (extra: object) => json({ to: [other.emailAddress], ...extra });
    await assertRefused(tenant, `/inboxes/${inbox.id}`, send({ subject: 's'.repeat(61) }), /^subject is 61 characters long; at most 60 .*PIGEONHOLE_MAX_HEADER_LENGTH/);
    await assertRefused(tenant, `/inboxes/${inbox.id}`, send({ fromName: 'n'.repeat(61) }), /^fromName/);
    await assertRefused(tenant, `/inboxes/${inbox.id}`, send({ customHeaders: { 'X-Long': 'v'.repeat(61) } }), /customHeaders 'X-Long'/);
    await assertRefused(tenant, `/inboxes/${inbox.id}`, send({ customHeaders: { ['X-' + 'h'.repeat(70)]: 'v' } }), /a customHeaders name/);
    await assertRefused(tenant, `/inboxes/${inbox.id}/smtp-envelope`,
      json({ rcptTo: [other.emailAddress], mailFrom: inbox.emailAddress, data: `Message-ID: <${'m'.repeat(70)}@x>\r\nSubject: x\r\n\r\nbody` }), /the Message-ID of data/);
    assert.equal((await call(tenant, `/inboxes/${inbox.id}`, send({ subject: 's'.repeat(60) }))).status, 204, 'at the limit');
  });
});
