/**
 * `pigeonhole mcp`, the stdio MCP server a desktop agent starts: the built CLI driven by the
 * SDK's own client over stdio, calling a running server over HTTP. Needs `npm run build`.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { BIN } from '../helpers/process.js';
import { smtpTransport } from '../helpers/smtp.js';
import { waitersBelow, waitersRegistered } from '../helpers/waiters.js';
import { waitersOf } from '../../src/events/waiters.js';

const run = promisify(execFile);

/** The agent's side: spawns `pigeonhole mcp` as a desktop agent's configuration would. */
async function startAgent(args: string[], env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'pigeonhole-test-agent', version: '1.0.0' });
  await client.connect(new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result.content[0] as { text: string }).text;
  assert.equal(result.isError ?? false, false, `${name} failed: ${text}`);
  return JSON.parse(text) as Record<string, any>;
}

describeEachDialect('pigeonhole mcp (stdio)', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
  });
  after(() => server.close());

  test('lists the tools, then creates an inbox and reads its mail through the server with the key from the environment', async () => {
    const agent = await startAgent(['--url', server.url], { PIGEONHOLE_API_KEY: tenant.apiKey });
    try {
      const { tools } = await agent.listTools();
      assert.ok(tools.some((t) => t.name === 'wait_for_email'));
      assert.equal(tools.length, 12);

      const inbox = await call(agent, 'create_inbox', { name: 'from stdio' });
      const stored = await tenant.mailslurp.inboxController.getInbox({ inboxId: inbox.id });
      assert.equal(stored.name, 'from stdio', 'created in the key owner\'s account');

      const smtp = smtpTransport(server);
      await smtp.sendMail({ from: 'app@example.com', to: inbox.emailAddress, subject: 'Sign-in code', text: 'Use 620517 to sign in' });
      smtp.close();
      const email = await call(agent, 'wait_for_email', { inboxId: inbox.id, timeoutMs: 10_000 });
      assert.equal(email.subject, 'Sign-in code');
      const read = await call(agent, 'get_email', { emailId: email.id });
      assert.equal(read.text.text.trim(), 'Use 620517 to sign in');
      assert.equal((await call(agent, 'extract_codes', { emailId: email.id })).code, '620517');
    } finally {
      await agent.close();
    }
  });

  test('an agent that cancels a held wait_for_email releases the wait on the server', async () => {
    const agent = await startAgent(['--url', server.url], { PIGEONHOLE_API_KEY: tenant.apiKey });
    try {
      const inbox = await call(agent, 'create_inbox', {});
      const registry = waitersOf(server.server.bus);
      const registered = waitersRegistered(server.server.bus, 'email.received');
      const cancel = new AbortController();
      const waiting = agent.callTool({ name: 'wait_for_email', arguments: { inboxId: inbox.id, timeoutMs: 40_000 } }, undefined, { signal: cancel.signal });
      await registered;
      const held = registry.count('email.received');
      cancel.abort();
      await assert.rejects(waiting);
      // notifications/cancelled reaches the stdio server, which aborts its HTTP call; the server hears the hang-up.
      await waitersBelow(server.server.bus, 'email.received', held);
    } finally {
      await agent.close();
    }
  });

  test('a wrong --api-key makes each tool call fail naming the refusal', async () => {
    const agent = await startAgent(['--url', server.url, '--api-key', 'ph_wrong'], {});
    try {
      const result = (await agent.callTool({ name: 'list_inboxes', arguments: {} })) as CallToolResult;
      assert.equal(result.isError, true);
      assert.match((result.content[0] as { text: string }).text, /getAllInboxes was refused with 401: Invalid or revoked API key/);
    } finally {
      await agent.close();
    }
  });

  test('without a key it exits at once, saying how to give one', async () => {
    const failed = await run(process.execPath, [BIN, 'mcp', '--url', server.url], { env: { PATH: process.env.PATH ?? '' } })
      .then(() => assert.fail('pigeonhole mcp started without a key'), (err: { code: number; stderr: string }) => err);
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /--api-key <key> or PIGEONHOLE_API_KEY/);
  });
});
