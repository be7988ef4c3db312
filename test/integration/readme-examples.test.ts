/**
 * The README's examples run as written. Every fenced block in README.md is marked in the
 * source, `<!-- example checked: <id> -->` (run here) or `<!-- example by hand: <id> -->`
 * (checked by hand before a release, listed in the README). A checked example is run
 * unchanged except for the port numbers: the test server listens on free ports, so the
 * documented defaults (7080, 2525, 1143, ...) are replaced by the ones it got, and the
 * several-nodes example also gets the test's PostgreSQL URL and a data directory of its own.
 * Shell examples need bash, curl (with SMTP and IMAP) and, for several nodes, jq and openssl:
 * without them those are skipped, except under CI=true.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import * as cheerio from 'cheerio';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { adminQuery, postgresUrl } from '../helpers/databases.js';
import { BIN, REPO_ROOT } from '../helpers/process.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

interface Example {
  id: string;
  how: 'checked' | 'by hand';
  lang: string;
  code: string;
  line: number;
}

/** Every fenced block of the README with the marker on the line before it (undefined: none). */
function blocksOf(text: string): Array<Omit<Example, 'id' | 'how'> & { marker?: { id: string; how: 'checked' | 'by hand' } }> {
  const lines = text.split('\n');
  const blocks = [];
  for (let n = 0; n < lines.length; n++) {
    const open = /^```(\S*)\s*$/.exec(lines[n]!);
    if (!open) continue;
    const end = lines.findIndex((l, i) => i > n && /^```\s*$/.test(l));
    assert.ok(end > n, `README line ${n + 1}: a code block that is never closed`);
    const mark = /^<!-- example (checked|by hand): ([\w-]+) -->$/.exec(lines[n - 1] ?? '');
    blocks.push({
      lang: open[1]!, code: `${lines.slice(n + 1, end).join('\n')}\n`, line: n + 1,
      marker: mark ? { how: mark[1] as 'checked' | 'by hand', id: mark[2]! } : undefined,
    });
    n = end;
  }
  return blocks;
}

const blocks = blocksOf(readme);
const examples = new Map<string, Example>();
for (const block of blocks) if (block.marker) examples.set(block.marker.id, { ...block, ...block.marker });
const example = (id: string): Example => {
  const found = examples.get(id);
  assert.ok(found, `README has no example marked ${id}`);
  return found;
};

/** The ids the runs below cover; kept in step with the markers by the first test. */
const RUN_HERE = ['client', 'phone-pool', 'sms-sink', 'graphql', 'curl-smtp', 'nodemailer', 'curl-imap', 'events', 'admin', 'scim', 'scoped-keys', 'email-retention', 'campaign-probe', 'mcp-agent-config', 'command-line', 'sendmail', 'several-nodes', 'html-form'];

const has = (tool: string, ...args: string[]) => spawnSync(tool, args.length ? args : ['--version'], { stdio: 'ignore' }).status === 0;
const curlSpeaks = (protocol: string) => (spawnSync('curl', ['--version'], { encoding: 'utf8' }).stdout ?? '').split('\n').some((l) => l.startsWith('Protocols:') && l.split(' ').includes(protocol));
const shellReady = has('bash') && has('curl') && curlSpeaks('smtp') && curlSpeaks('imap');
const nodesReady = shellReady && has('jq') && has('openssl', 'version');
/** Tools missing locally skip an example; CI must have them (.ci/run installs them). */
const needs = (ready: boolean, what: string) => (ready || process.env.CI === 'true' ? {} : { skip: `needs ${what}` });

/** Where examples that are files run from: inside the checkout, so `mailslurp-client` and `nodemailer` resolve. */
const workDir = join(REPO_ROOT, 'test-artifacts', 'readme-examples');

/** The documented default ports, by the setting they belong to. */
const DEFAULT_PORTS = { http: 7080, smtp: 2525, smtps: 2465, imap: 1143, imaps: 8993 } as const;

/** The example with each documented port (as host:port) replaced by the test server's. */
function onPortsOf(server: TestServer, code: string): string {
  const bound: Record<number, number> = {
    [DEFAULT_PORTS.http]: Number(new URL(server.url).port),
    [DEFAULT_PORTS.smtp]: server.server.smtpPort,
    [DEFAULT_PORTS.smtps]: server.server.smtpsPort,
    [DEFAULT_PORTS.imap]: server.server.imapPort,
    [DEFAULT_PORTS.imaps]: server.server.imapsPort,
  };
  return code.replace(/\b(localhost|127\.0\.0\.1):(\d+)\b/g, (whole, host: string, port: string) =>
    bound[Number(port)] === undefined ? whole : `${host}:${bound[Number(port)]}`);
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (its whole process group is stopped after, so `&` jobs go too). */
async function run(command: string, args: string[], env: Record<string, string>, options: { stdin?: string } = {}): Promise<Run> {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    // npx finds this checkout's own bin; offline, it could never fetch a package instead.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', npm_config_offline: 'true', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.stdin ?? '');
  const [code] = (await once(child, 'exit')) as [number | null];
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // the group is gone already
  }
  return { code, stdout, stderr };
}

const bash = (code: string, env: Record<string, string>) => run('bash', ['-c', code], env);

/** Writes a JS/TS example to a file of its own and runs it with node (tsx for TypeScript). */
async function runModule(source: string, extension: 'mjs' | 'ts', env: Record<string, string>): Promise<Run> {
  mkdirSync(workDir, { recursive: true });
  const dir = mkdtempSync(join(workDir, 'example-'));
  const file = join(dir, `example.${extension}`);
  // A .ts file is an ES module only under a package.json that says so.
  writeFileSync(join(dir, 'package.json'), '{"type": "module"}\n');
  writeFileSync(file, source);
  try {
    return await run(process.execPath, extension === 'ts' ? ['--import', 'tsx', file] : [file], env);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ok = (result: Run, what: string) => assert.equal(result.code, 0, `${what} failed (${result.code}):\n${result.stdout}\n${result.stderr}`);

test('every code block in the README is marked as checked here or by hand, and the README lists them', () => {
  const unmarked = blocks.filter((b) => !b.marker).map((b) => `line ${b.line}`);
  assert.deepEqual(unmarked, [], 'each README code block needs <!-- example checked: id --> or <!-- example by hand: id --> on the line before');
  const checked = [...examples.values()].filter((e) => e.how === 'checked').map((e) => e.id).sort();
  assert.deepEqual(checked, [...RUN_HERE].sort(), 'the checked examples are exactly those this file runs');
  const section = readme.slice(readme.indexOf('### Examples in this README'));
  assert.ok(section.length < readme.length, 'the README has a section "Examples in this README"');
  for (const { id, how } of examples.values()) {
    assert.match(section, new RegExp(`\`${id}\``), `the section names ${id}`);
    const list = how === 'checked' ? section.slice(section.indexOf('Checked by'), section.indexOf('By hand')) : section.slice(section.indexOf('By hand'));
    assert.match(list, new RegExp(`\`${id}\``), `the section lists ${id} as ${how}`);
  }
});

test('the command-line block names the commands the built CLI has', () => {
  const helpOf = (...command: string[]) => spawnSync(process.execPath, [BIN, ...command, '--help'], { encoding: 'utf8' }).stdout;
  const help = helpOf();
  for (const line of example('command-line').code.trim().split('\n')) {
    // a subcommand is a word after the command (not [flags], <email> or an option)
    const [, command, sub] = /^pigeonhole (\S+)(?: ([a-z]\S*))?/.exec(line) ?? [];
    assert.ok(command, `a usage line: ${line}`);
    assert.match(help, new RegExp(`^ {2}${command}\\b`, 'm'), `pigeonhole --help lists ${command}`);
    if (sub) assert.match(helpOf(command), new RegExp(`^ {2}${sub}\\b`, 'm'), `pigeonhole ${command} --help lists ${sub}`);
    for (const flag of line.match(/--[a-z-]+/g) ?? []) {
      assert.match(helpOf(command, ...(sub ? [sub] : [])), new RegExp(`${flag}\\b`), `pigeonhole ${command} ${sub ?? ''} --help has ${flag}`);
    }
  }
});

describeEachDialect('README examples', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
  });
  after(() => server?.close());

  test('the official client snippet (TypeScript) creates an inbox and prints its address', async () => {
    const result = await runModule(onPortsOf(server, example('client').code), 'ts', { API_KEY: tenant.apiKey });
    ok(result, 'the client snippet');
    assert.match(result.stdout, /^[^@\s]+@pigeonhole\.test\n$/);
  });

  test('the phone pool snippet leases a number and releases it', async () => {
    const result = await runModule(onPortsOf(server, example('phone-pool').code), 'ts', { API_KEY: tenant.apiKey });
    ok(result, 'the phone pool snippet');
    const number = result.stdout.trim();
    assert.match(number, /^\+\d{8,15}$/);
    const [pool] = await tenant.mailslurp.phoneController.getPhonePools();
    assert.deepEqual([pool?.name, pool?.memberCount, pool?.leasedMemberCount], ['checkout-tests', 1, 0], 'the lease was released');
  });

  test('the SMS sink recipe: the official twilio client sends to a Pigeonhole number and waitForLatestSms receives it', async () => {
    const result = await runModule(onPortsOf(server, example('sms-sink').code), 'ts', { API_KEY: tenant.apiKey });
    ok(result, 'the SMS sink example');
    assert.equal(result.stdout, 'Your code is 123456\n');
  });

  test('the nodemailer program sends over SMTP with the access details and reads the mail back', async () => {
    const result = await runModule(onPortsOf(server, example('nodemailer').code), 'mjs', { API_KEY: tenant.apiKey });
    ok(result, 'the nodemailer example');
    assert.equal(result.stdout, 'Hello\n');
  });

  test('both entries of the MCP agent configuration reach the tools and act with the key', async () => {
    // As an agent reads it: the checkout's path and the key are the placeholders a user fills in.
    const config = JSON.parse(onPortsOf(server, example('mcp-agent-config').code)
      .replaceAll('/path/to/pigeonhole/', `${REPO_ROOT.replace(/\/?$/, '/')}`)
      .replaceAll('ph_your_key', tenant.apiKey)) as {
      mcpServers: {
        pigeonhole: { command: string; args: string[]; env: Record<string, string> };
        'pigeonhole-http': { type: string; url: string; headers: Record<string, string> };
      };
    };
    const stdio = config.mcpServers.pigeonhole;
    const http = config.mcpServers['pigeonhole-http'];
    assert.equal(http.type, 'http');
    const transports: Transport[] = [
      new StdioClientTransport({ command: stdio.command === 'node' ? process.execPath : stdio.command, args: stdio.args, env: { PATH: process.env.PATH ?? '', ...stdio.env } }),
      new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: http.headers } }),
    ];
    for (const transport of transports) {
      const client = new Client({ name: 'readme-agent', version: '1.0.0' });
      await client.connect(transport);
      try {
        assert.ok((await client.listTools()).tools.some((t) => t.name === 'create_inbox'));
        const result = (await client.callTool({ name: 'create_inbox', arguments: { name: 'readme agent' } })) as { content: Array<{ text: string }>; isError?: boolean };
        assert.equal(result.isError ?? false, false, result.content[0]?.text);
        const { id } = JSON.parse(result.content[0]!.text) as { id: string };
        assert.equal((await tenant.mailslurp.inboxController.getInbox({ inboxId: id })).name, 'readme agent');
      } finally {
        await client.close();
      }
    }
  });

  test('the HTML form, submitted as a browser would, lands in the inbox it names and redirects', async () => {
    const $ = cheerio.load(onPortsOf(server, example('html-form').code));
    const form = $('form');
    const body = new URLSearchParams();
    form.find('input').each((_, input) => void body.append($(input).attr('name')!, $(input).attr('value') ?? ''));
    body.append(form.find('textarea').attr('name')!, 'Hello from the form');
    const to = form.find('input[name="_to"]').attr('value')!;
    const inbox = await tenant.inboxApi.createInboxWithOptions({ createInboxDto: { emailAddress: to } });
    const response = await fetch(form.attr('action')!, { method: form.attr('method')!.toUpperCase(), body, redirect: 'manual' });
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), 'https://example.com/thanks');
    const email = await tenant.mailslurp.waitForLatestEmail(inbox.id, 20_000);
    assert.match(email.body ?? '', /Hello from the form/);
  });

  test('the GraphQL curl creates an inbox', needs(shellReady, 'bash and curl'), async () => {
    const result = await bash(onPortsOf(server, example('graphql').code), { KEY: tenant.apiKey });
    ok(result, 'the GraphQL example');
    const body = JSON.parse(result.stdout) as { data: { createInbox: { id: string; emailAddress: string } } };
    assert.match(body.data.createInbox.emailAddress, /@pigeonhole\.test$/);
  });

  test('the curl SMTP example delivers to an inbox', needs(shellReady, 'bash and curl with SMTP'), async () => {
    const inbox = await tenant.inboxApi.createInbox({});
    const result = await bash(onPortsOf(server, example('curl-smtp').code), { ADDRESS: inbox.emailAddress });
    ok(result, 'the curl SMTP example');
    const [email] = await tenant.inboxApi.getEmails({ inboxId: inbox.id, minCount: 1, retryTimeout: 10_000 });
    assert.equal(email?.subject, 'hello');
  });

  test('the sendmail example delivers from a shell pipe and the CLI prints the text', needs(shellReady, 'bash'), async () => {
    const inbox = await tenant.inboxApi.createInbox({});
    const result = await bash(example('sendmail').code, {
      ADDRESS: inbox.emailAddress, INBOX: inbox.id, PIGEONHOLE_API_KEY: tenant.apiKey,
      PIGEONHOLE_HTTP_PORT: new URL(server.url).port, PIGEONHOLE_SMTP_PORT: String(server.server.smtpPort),
    });
    ok(result, 'the sendmail example');
    assert.equal(result.stdout.replace(/\r\n/g, '\n'), 'All good.\n');
  });

  test('the curl IMAP example fetches the first message with the inbox login', needs(shellReady, 'bash and curl with IMAP'), async () => {
    const inbox = await tenant.inboxApi.createInbox({});
    const transport = smtpTransport(server);
    try {
      await transport.sendMail({ envelope: { from: 'me@example.com', to: [inbox.emailAddress] }, raw: rawMessage({ to: inbox.emailAddress, subject: 'over imap', body: 'read with curl' }) });
    } finally {
      transport.close();
    }
    const access = await tenant.inboxApi.getImapAccess({ inboxId: inbox.id });
    const result = await bash(onPortsOf(server, example('curl-imap').code), { IMAP_USERNAME: access.imapUsername, IMAP_PASSWORD: access.imapPassword });
    ok(result, 'the curl IMAP example');
    assert.match(result.stdout, /^Subject: over imap\r?$/m);
    assert.match(result.stdout, /read with curl/);
  });

  test('the events curl streams the mail as it arrives', needs(shellReady, 'bash and curl'), async () => {
    const inbox = await tenant.inboxApi.createInbox({});
    const child = spawn('bash', ['-c', onPortsOf(server, example('events').code)], {
      env: { PATH: process.env.PATH ?? '', KEY: tenant.apiKey }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
    });
    try {
      let stdout = '';
      const seen = (pattern: RegExp) => new Promise<void>((resolve, reject) => {
        const check = () => pattern.test(stdout) && resolve();
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          check();
        });
        child.once('exit', (code) => reject(new Error(`curl ended (${code}): ${stdout}`)));
        check();
      });
      await seen(/^: connected$/m);
      const transport = smtpTransport(server);
      try {
        await transport.sendMail({ envelope: { from: 'me@example.com', to: [inbox.emailAddress] }, raw: rawMessage({ to: inbox.emailAddress, subject: 'live', body: 'x' }) });
      } finally {
        transport.close();
      }
      await seen(new RegExp(`^event: email\\.received\\ndata: .*"inboxId":"${inbox.id}"`, 'm'));
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });

  test('the admin curl block manages users and keys, and the CLI line creates a user', needs(shellReady, 'bash and curl'), async () => {
    const target = await server.createTenant();
    const extra = (await (await server.fetch(`/admin/users/${target.userId}/api-keys`, { method: 'POST' })).json()) as { id: string };
    const database: Record<string, string> = dialect === 'postgres'
      ? { PIGEONHOLE_DATABASE_URL: `${server.db.databaseUrl}?options=${encodeURIComponent(`-c search_path=${server.db.searchPath}`)}` }
      : {};
    const result = await bash(onPortsOf(server, example('admin').code), {
      ADMIN_KEY: server.adminKey, ID: target.userId, KEY_ID: extra.id, PIGEONHOLE_DATA_DIR: server.db.dataDir, PIGEONHOLE_LOG_LEVEL: 'warn', ...database,
    });
    ok(result, 'the admin example');
    assert.match(result.stdout, /"email":"qa@example\.com"/, 'the user made over HTTP, with its key');
    assert.match(result.stdout, /ph_[0-9a-f]{64}\n$/, `the CLI printed the key of the user it made:\n${result.stdout}`);
    const users = (await (await server.fetch('/admin/users?size=100')).json()) as { content?: Array<{ email: string }> } | Array<{ email: string }>;
    const emails = (Array.isArray(users) ? users : users.content ?? []).map((u) => u.email);
    assert.ok(emails.includes('qa@example.com') && emails.includes('ci@example.com'), `both users exist: ${emails.join(', ')}`);
    const keys = (await (await server.fetch(`/admin/users/${target.userId}/api-keys`)).json()) as Array<{ id: string; revokedAt?: string | null }>;
    const revoked = keys.find((k) => k.id === extra.id);
    assert.ok(!revoked || revoked.revokedAt, 'the key given as KEY_ID is revoked');
  });

  test('the SCIM curl block makes an organisation, provisions a user by SCIM and deactivates it', needs(nodesReady, 'bash, curl and jq'), async () => {
    const orgAdmin = await server.createTenant();
    const result = await bash(onPortsOf(server, example('scim').code), { ADMIN_KEY: server.adminKey, ID: orgAdmin.userId, KEY: orgAdmin.apiKey });
    ok(result, 'the scim example');
    assert.match(result.stdout, /"role":"ADMIN"/, 'the user became the organisation\'s ADMIN');
    assert.match(result.stdout, /"totalResults":1/, 'the filter found the provisioned user');
    assert.match(result.stdout, /"active":false/, 'the PATCH deactivated it');
  });

  test('the scoped-keys curl block creates a key limited to one inbox, lists keys and permissions, and reads the audit log', needs(shellReady, 'bash and curl'), async () => {
    const owner = await server.createTenant();
    const inbox = await owner.mailslurp.createInbox();
    const result = await bash(onPortsOf(server, example('scoped-keys').code), { API_KEY: owner.apiKey, INBOX_ID: inbox.id });
    ok(result, 'the scoped-keys example');
    assert.match(result.stdout, new RegExp(`"scope":\\{"permissions":\\["EMAIL_READ"\\],"inboxIds":\\["${inbox.id}"\\]\\}`), result.stdout);
    assert.match(result.stdout, /"name":"ACCOUNT_MANAGE"/, 'the permissions are listed');
    assert.match(result.stdout, /"action":"createApiKey"/, 'the audit log shows the key being made');
  });

  test('the email-retention curl block sets an account policy stricter than the server, prunes now and deletes it', needs(shellReady, 'bash and curl'), async () => {
    const owner = await server.createTenant();
    const result = await bash(onPortsOf(server, example('email-retention').code), { API_KEY: owner.apiKey });
    ok(result, 'the email-retention example');
    assert.match(result.stdout, /"maxEmailsPerInbox":100,"maxEmailsPerAccount":null,"maxAgeSeconds":604800/, result.stdout);
    assert.match(result.stdout, /"effective":\{"maxEmailsPerInbox":100,"maxEmailsPerAccount":null,"maxAgeSeconds":604800\}/, 'the account\'s limits are in force');
    assert.match(result.stdout, /\{"deleted":0,"batches":0,"longestBatchMs":0\}/, 'the run answers what it did');
    const after = await (await owner.fetch('/user/email-retention')).json() as { maxEmailsPerInbox: number | null };
    assert.equal(after.maxEmailsPerInbox, null, 'the DELETE removed the policy');
  });

  test('the campaign-probe block makes a probe, mails it over SMTP and lists the run of that message', needs(nodesReady, 'bash, curl and jq'), async () => {
    const owner = await server.createTenant();
    const result = await bash(onPortsOf(server, example('campaign-probe').code), { API_KEY: owner.apiKey });
    ok(result, 'the campaign-probe example');
    assert.equal(result.stdout.trim(), '{"source":"SES_MONITOR","status":"HEALTHY","healthScore":100,"subject":"Weekly digest"}', 'the documented answer');
  });

  if (dialect === 'postgres') {
    test('the several-nodes example: two nodes, a wait on one woken by mail on the other', { ...needs(nodesReady, 'bash, curl, jq and openssl'), timeout: 400_000 }, async () => {
      const database = `ph_readme_${randomBytes(5).toString('hex')}`;
      await adminQuery(postgresUrl()!, `create database ${database}`);
      const dataDir = mkdtempSync(join(server.db.dataDir, 'nodes-'));
      try {
        const url = new URL(postgresUrl()!);
        url.pathname = `/${database}`;
        const documentedCode = example('several-nodes').code.replace(/postgres:\/\/user:pass@db:5432\/pigeonhole/g, url.toString());
        const documented = [...new Set([...documentedCode.matchAll(/PIGEONHOLE_\w+_PORT=(\d+)/g)].map((m) => m[1]!))];
        assert.ok(documented.length >= 10, 'both nodes set every port');
        // Each documented port gets a free one (both nodes', every listener). A port found free can
        // be taken by another test's server before a node binds it; the node then says so and
        // exits: the example is run again on other ports (that is the machine, not the example).
        let result: Awaited<ReturnType<typeof bash>>;
        for (let attempt = 1; ; attempt++) {
          const free = await Promise.all(documented.map(() => freePort()));
          const byPort = new Map(documented.map((port, n) => [port, String(free[n])]));
          const code = documentedCode.replace(/\b\d{4}\b/g, (port) => byPort.get(port) ?? port);
          result = await bash(code, { PIGEONHOLE_DATA_DIR: dataDir, PIGEONHOLE_LOG_LEVEL: 'warn' });
          if (attempt === 3 || !/is already in use/.test(`${result.stdout}${result.stderr}`)) break;
        }
        ok(result, 'the several-nodes example');
        const emailJson = result.stdout.split('\n').find((line) => line.startsWith('{"id"'));
        assert.ok(emailJson, `the wait printed the email:\n${result.stdout}\n${result.stderr}`);
        assert.equal((JSON.parse(emailJson) as { subject: string }).subject, 'hello from node 1');
      } finally {
        await adminQuery(postgresUrl()!, `drop database if exists ${database} with (force)`);
      }
    });
  }
});

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
