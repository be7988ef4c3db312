import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Transporter } from 'nodemailer';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { waitersBelow, waitersRegistered } from '../helpers/waiters.js';
import { waitersOf } from '../../src/events/waiters.js';

const TOOLS = [
  'create_inbox', 'list_inboxes', 'send_email', 'wait_for_email', 'list_emails', 'get_email', 'extract_links', 'extract_codes',
  'create_phone_number', 'list_phone_numbers', 'wait_for_sms', 'get_sms_codes',
];

/** An MCP client of the SDK connected to the server's /mcp with a key, as an agent would be. */
async function connect(server: TestServer, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'pigeonhole-test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
  return client;
}

const textOf = (result: CallToolResult) => {
  const first = result.content[0];
  assert.equal(first?.type, 'text');
  return (first as { text: string }).text;
};

/** A tool call that must succeed; answers its JSON. */
async function call<T = Record<string, any>>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  assert.equal(result.isError ?? false, false, `${name} failed: ${result.isError ? textOf(result) : ''}`);
  return JSON.parse(textOf(result)) as T;
}

/** A tool call that must fail; answers its message. */
async function refused(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  assert.equal(result.isError, true, `${name} was expected to fail but answered ${textOf(result)}`);
  return textOf(result);
}

describeEachDialect('MCP server over streamable HTTP', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  let agent: Client;
  let smtp: Transporter;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
    bob = await server.createTenant();
    agent = await connect(server, { 'x-api-key': alice.apiKey });
    smtp = smtpTransport(server);
  });
  after(async () => {
    smtp.close();
    await agent.close();
    await server.close();
  });

  test('lists its tools, each described with an input schema', async () => {
    const { tools } = await agent.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
    for (const tool of tools) {
      assert.ok((tool.description ?? '').length > 40, `${tool.name} is described`);
      assert.equal(tool.inputSchema.type, 'object');
    }
    const wait = tools.find((t) => t.name === 'wait_for_email')!;
    assert.deepEqual(wait.inputSchema.required, ['inboxId']);
    assert.equal((wait.inputSchema.properties as Record<string, { maximum?: number }>).timeoutMs?.maximum, 50_000, 'the wait is capped');
  });

  test('an agent creates an inbox, waits for the sign-up email sent over SMTP, reads it and takes its link and code', async () => {
    const inbox = await call(agent, 'create_inbox', { name: 'signup', expiresInMinutes: 60 });
    assert.match(inbox.emailAddress, /@/);
    assert.ok(inbox.expiresAt, 'the inbox expires');

    const registered = waitersRegistered(server.server.bus, 'email.received');
    const waiting = call(agent, 'wait_for_email', { inboxId: inbox.id, timeoutMs: 20_000, subjectContains: 'Confirm' });
    await registered;
    await smtp.sendMail({
      from: 'Shop <noreply@shop.example>',
      to: inbox.emailAddress,
      subject: 'Confirm your account',
      text: 'Your code is 482913. Confirm at https://shop.example/confirm?t=abc',
      html: `<p>Your code is <b>482913</b>.</p><p><a href="https://shop.example/confirm?t=abc">Confirm</a></p><p>${'Thanks for joining. '.repeat(20)}</p>`,
    });
    const email = await waiting;
    assert.equal(email.subject, 'Confirm your account');
    assert.equal(email.inboxId, inbox.id);
    assert.match(email.from, /noreply@shop\.example/);
    assert.deepEqual(email.to, [inbox.emailAddress]);
    assert.match(email.text.text, /Your code is 482913/);
    assert.equal(email.html, undefined, 'no HTML unless asked');

    const read = await call(agent, 'get_email', { emailId: email.id, includeHtml: true });
    assert.match(read.html.text, /<a href="https:\/\/shop\.example\/confirm\?t=abc">/);
    assert.equal(read.html.truncated, undefined);
    assert.equal(read.read, true);

    const cut = await call(agent, 'get_email', { emailId: email.id, includeHtml: true, maxChars: 100 });
    assert.equal(cut.html.truncated, true, 'a long body is cut and says so');
    assert.equal(cut.html.text.length, 100);
    assert.ok(cut.html.length > 100);

    const links = await call(agent, 'extract_links', { emailId: email.id });
    assert.deepEqual(links.links, ['https://shop.example/confirm?t=abc']);
    const codes = await call(agent, 'extract_codes', { emailId: email.id });
    assert.equal(codes.found, true);
    assert.equal(codes.code, '482913');

    const listed = await call(agent, 'list_emails', { inboxId: inbox.id });
    assert.equal(listed.total, 1);
    assert.equal(listed.emails[0].id, email.id);
    const inboxes = await call(agent, 'list_inboxes', {});
    assert.ok(inboxes.inboxes.some((i: { id: string }) => i.id === inbox.id));
  });

  test('send_email goes out through the API, and the recipient inbox here receives it', async () => {
    const from = await call(agent, 'create_inbox', {});
    const to = await call(agent, 'create_inbox', {});
    const sent = await call(agent, 'send_email', { inboxId: from.id, to: [to.emailAddress], subject: 'hello', body: 'code 551177' });
    assert.deepEqual(sent.to, [to.emailAddress]);
    const received = await call(agent, 'wait_for_email', { inboxId: to.id, timeoutMs: 10_000 });
    assert.equal(received.subject, 'hello');
    assert.equal((await call(agent, 'extract_codes', { emailId: received.id })).code, '551177');
  });

  test('a wait that runs out answers isError saying what did not arrive', async () => {
    const inbox = await call(agent, 'create_inbox', {});
    const message = await refused(agent, 'wait_for_email', { inboxId: inbox.id, timeoutMs: 100, fromContains: 'bank' });
    assert.match(message, new RegExp(`No email with from containing "bank" arrived in inbox ${inbox.id} within 100 ms`));
  });

  test('bad arguments are refused naming the argument', async () => {
    assert.match(await refused(agent, 'get_email', { emailId: 'not-an-id' }), /emailId/);
    assert.match(await refused(agent, 'wait_for_email', { inboxId: crypto.randomUUID(), timeoutMs: 3_600_000 }), /timeoutMs/);
  });

  test('wait_for_sms answers an SMS sent through the test carrier, and get_sms_codes finds its code', async () => {
    const phone = await call(agent, 'create_phone_number', { phoneCountry: 'GB', name: 'otp' });
    assert.match(phone.phoneNumber, /^\+44/);
    const numbers = await call(agent, 'list_phone_numbers', {});
    assert.ok(numbers.phoneNumbers.some((p: { id: string }) => p.id === phone.id));

    const registered = waitersRegistered(server.server.bus, 'sms.received');
    const waiting = call(agent, 'wait_for_sms', { phoneNumberId: phone.id, timeoutMs: 20_000 });
    await registered;
    await alice.mailslurp.phoneController.testPhoneNumberSendSms({ phoneNumberId: phone.id, testPhoneNumberOptions: { message: 'Your verification code is 735102' } });
    const sms = await waiting;
    assert.equal(sms.body.text, 'Your verification code is 735102');
    assert.equal(sms.phoneNumberId, phone.id);
    assert.equal((await call(agent, 'get_sms_codes', { smsId: sms.id })).code, '735102');

    // With a filter (waitForSms): the SMS already there answers at once; another text does not.
    const filtered = await call(agent, 'wait_for_sms', { phoneNumberId: phone.id, timeoutMs: 5_000, bodyContains: 'verification' });
    assert.equal(filtered.id, sms.id);
    assert.match(await refused(agent, 'wait_for_sms', { phoneNumberId: phone.id, timeoutMs: 100, bodyContains: 'password' }), /No SMS with body containing "password"/);
  });

  test('an agent that hangs up during a wait releases the wait held on the server', async () => {
    const inbox = await call(agent, 'create_inbox', {});
    const leaving = await connect(server, { 'x-api-key': alice.apiKey });
    const registry = waitersOf(server.server.bus);
    const registered = waitersRegistered(server.server.bus, 'email.received');
    const waiting = leaving.callTool({ name: 'wait_for_email', arguments: { inboxId: inbox.id, timeoutMs: 40_000 } });
    waiting.catch(() => {});
    await registered;
    const held = registry.count('email.received');
    await leaving.close();
    await waitersBelow(server.server.bus, 'email.received', held);
  });

  test('without a valid API key /mcp answers 401 JSON; Authorization: Bearer works like x-api-key', async () => {
    const initialize = {
      jsonrpc: '2.0', id: 1, method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const post = (headers: Record<string, string>) => fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(initialize),
    });
    const none = await post({});
    assert.equal(none.status, 401);
    assert.match(((await none.json()) as { message: string }).message, /Missing API key/);
    const wrong = await post({ 'x-api-key': 'ph_wrong' });
    assert.equal(wrong.status, 401);
    assert.match(((await wrong.json()) as { message: string }).message, /Invalid or revoked API key/);
    await assert.rejects(connect(server, { 'x-api-key': 'ph_wrong' }));

    const bearer = await connect(server, { authorization: `Bearer ${bob.apiKey}` });
    try {
      const inbox = await call(bearer, 'create_inbox', { name: 'bobs' });
      const listed = await bob.mailslurp.inboxController.getInbox({ inboxId: inbox.id });
      assert.equal(listed.name, 'bobs', 'the tool acted as the key\'s owner');
    } finally {
      await bearer.close();
    }
  });

  test('another tenant\'s MCP client cannot read, list or wait on the first tenant\'s mail', async () => {
    const inbox = await call(agent, 'create_inbox', {});
    await smtp.sendMail({ from: 'a@example.com', to: inbox.emailAddress, subject: 'private 123456', text: 'secret https://private.example/x' });
    const email = await call(agent, 'wait_for_email', { inboxId: inbox.id, timeoutMs: 10_000 });

    const intruder = await connect(server, { 'x-api-key': bob.apiKey });
    try {
      for (const [tool, args] of [
        ['get_email', { emailId: email.id }],
        ['extract_links', { emailId: email.id }],
        ['extract_codes', { emailId: email.id }],
        ['list_emails', { inboxId: inbox.id }],
        ['wait_for_email', { inboxId: inbox.id, timeoutMs: 10_000 }],
        ['send_email', { inboxId: inbox.id, to: ['x@example.com'], subject: 's', body: 'b' }],
      ] as const) {
        const message = await refused(intruder, tool, args);
        assert.match(message, /was refused with 404/, `${tool}: ${message}`);
        assert.doesNotMatch(message, /private|secret/);
      }
      const theirs = await call(intruder, 'list_inboxes', {});
      assert.ok(!theirs.inboxes.some((i: { id: string }) => i.id === inbox.id));
    } finally {
      await intruder.close();
    }
  });

  test('an agent-scoped key reaches /mcp, and each tool call is held to its permissions and inboxes', async () => {
    const mine = await call(agent, 'create_inbox', {});
    const other = await call(agent, 'create_inbox', {});
    const created = await alice.fetch('/api-keys', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'mcp reader', permissions: ['EMAIL_READ'], inboxIds: [mine.id] }),
    });
    assert.equal(created.status, 201);
    const { apiKey } = (await created.json()) as { apiKey: string };
    await smtp.sendMail({ from: 'a@example.com', to: other.emailAddress, subject: 'not for the scoped key', text: 'x' });
    const otherEmail = await call(agent, 'wait_for_email', { inboxId: other.id, timeoutMs: 10_000 });

    const scoped = await connect(server, { 'x-api-key': apiKey });
    try {
      assert.equal((await scoped.listTools()).tools.length, TOOLS.length);
      assert.deepEqual((await call(scoped, 'list_emails', { inboxId: mine.id })).emails, []);
      assert.match(await refused(scoped, 'create_inbox', {}), /refused with 403: This API key lacks INBOX_MANAGE/);
      assert.match(await refused(scoped, 'get_email', { emailId: otherEmail.id }), /refused with 403: This API key may not use inbox/);
      assert.match(await refused(scoped, 'send_email', { inboxId: mine.id, to: ['x@example.com'], subject: 's', body: 'b' }), /lacks EMAIL_SEND/);
    } finally {
      await scoped.close();
    }
  });

  test('/mcp is stateless (GET and DELETE are 405) and not in the OpenAPI document', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await alice.fetch('/mcp', { method, headers: { accept: 'text/event-stream' } });
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'POST');
    }
    const document = (await (await server.fetch('/v3/api-docs')).json()) as { paths: Record<string, unknown> };
    assert.ok(!Object.keys(document.paths).some((path) => path.startsWith('/mcp')));
  });
});
