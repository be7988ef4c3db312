/**
 * The client commands of the built CLI against a running `pigeonhole serve`, black-box:
 * `sendmail` fed from a real shell pipe (recipients from -t or arguments, Bcc removed, -f,
 * lone dots with and without -i, sendmail's exit codes), and `inbox`, `mail`, `user list`
 * and `key revoke` in their table and --json forms, with the server's message on failure.
 * Imports nothing from src/.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDatabase, dialects } from '../helpers/dialects.js';
import { BIN, runCli, startServeProcess, type CliResult, type ServeProcess } from '../helpers/process.js';

interface Inbox { id: string; emailAddress: string; name: string | null; tags: string[] }
interface Email { id: string; inboxId: string; subject: string; from: string; to: string[]; body: string }

/** A port nothing listens on: bound once by the system's choice, then released. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

const ok = (result: CliResult): string => {
  assert.equal(result.code, 0, `exit 0, got ${result.code}: ${result.stderr}`);
  return result.stdout;
};

for (const dialect of dialects()) {
  describe(`CLI client commands against a running server [${dialect}]`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-cli-'));
    const serveEnv: Record<string, string> = { PIGEONHOLE_DATA_DIR: dataDir };
    let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
    let serve: ServeProcess;
    /** what a user's shell holds: where the server is (no key: the admin commands find the saved one) */
    let env: Record<string, string>;
    let adminKey: string;
    const run = (args: string[], extra: Record<string, string> = {}) => runCli({ args }, { ...env, ...extra });
    const withKey = () => ({ PIGEONHOLE_API_KEY: adminKey });
    const json = async <T>(args: string[]): Promise<T> => JSON.parse(ok(await run([...args, '--json'], withKey()))) as T;
    const newInbox = () => json<Inbox>(['inbox', 'create']);
    /** the email of an inbox matching a subject, waited for through the CLI */
    const received = (inbox: Inbox, subject: string) => json<Email>(['mail', 'wait', '--inbox', inbox.id, '--subject', subject, '--timeout', '20000']);
    const raw = async (email: Email) => ok(await run(['mail', 'show', email.id, '--raw'], withKey()));
    const sendmail = (shell: string, extra: Record<string, string> = {}) => runCli({ shell }, { ...env, ...extra });

    before(async () => {
      if (dialect === 'postgres') {
        database = await createDatabase('ph_cli');
        serveEnv.PIGEONHOLE_DATABASE_URL = database.url;
      }
      serve = await startServeProcess(serveEnv);
      const smtp = /^ {2}SMTP +smtp:\/\/[^:]+:(\d+)/m.exec(serve.output());
      assert.ok(smtp, `the banner names the SMTP port:\n${serve.output()}`);
      // HOME: bash started with a socket as stdin (as spawn does) reads ~/.bashrc; not the user's
      env = { HOME: dataDir, PIGEONHOLE_DATA_DIR: dataDir, PIGEONHOLE_HTTP_PORT: new URL(serve.url).port, PIGEONHOLE_SMTP_PORT: smtp[1]! };
      adminKey = readFileSync(join(dataDir, 'admin-api-key'), 'utf8').trim();
    });

    after(async () => {
      await serve?.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    });

    test('sendmail -t -i from a shell pipe delivers to To and Bcc, without the Bcc header, the From address as envelope sender', async () => {
      const [to, hidden] = [await newInbox(), await newInbox()];
      const result = await sendmail(`printf 'To: Ann <${to.emailAddress}>\\nBcc: ${hidden.emailAddress}\\nFrom: Shop <shop@example.com>\\nSubject: Order 1001 confirmed\\n\\nThanks.\\n' | pigeonhole sendmail -t -i`);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, '');
      for (const inbox of [to, hidden]) {
        const email = await received(inbox, 'Order 1001');
        assert.equal(email.subject, 'Order 1001 confirmed');
        assert.equal(email.from, 'shop@example.com');
        const message = await raw(email);
        assert.doesNotMatch(message, /^Bcc:/im, 'Bcc is removed from the message sent');
        assert.doesNotMatch(message, new RegExp(hidden.emailAddress), 'the hidden address appears nowhere');
        assert.match(message, /smtp\.mailfrom=shop@example\.com/, 'the envelope sender is the From address');
        assert.match(message, /^Date: \w{3}, \d{1,2} \w{3} \d{4} \d\d:\d\d:\d\d \+0000\r?$/m, 'a Date is added');
        assert.match(message, /^Message-ID: <[^@\s]+@[^>\s]+>\r?$/m, 'a Message-ID is added');
      }
    });

    test('recipients as arguments, -f as envelope sender and -F naming the From header added', async () => {
      const [one, two] = [await newInbox(), await newInbox()];
      const result = await sendmail(`printf 'Subject: nightly backup\\n\\nok\\n' | pigeonhole sendmail -oi -odi -oem -f bounce@example.org -F 'Cron Daemon' -- ${one.emailAddress} ${two.emailAddress}`);
      assert.equal(result.code, 0, result.stderr);
      for (const inbox of [one, two]) {
        const message = await raw(await received(inbox, 'nightly backup'));
        assert.match(message, /smtp\.mailfrom=bounce@example\.org/);
        assert.match(message, /^From: Cron Daemon <bounce@example\.org>\r?$/m);
      }
    });

    test('without -i a lone "." line ends the message; with -i it is part of it', async () => {
      const inbox = await newInbox();
      const body = `printf 'To: ${inbox.emailAddress}\\nSubject: %s\\n\\nbefore\\n.\\nafter\\n'`;
      assert.equal((await sendmail(`${body} 'cut at the dot' | pigeonhole sendmail -t`)).code, 0);
      assert.equal((await sendmail(`${body} 'dot kept' | pigeonhole sendmail -t -i`)).code, 0);
      const text = async (subject: string) => ok(await run(['mail', 'show', (await received(inbox, subject)).id, '--text'], withKey())).replace(/\r\n/g, '\n');
      assert.equal(await text('cut at the dot'), 'before\n');
      assert.equal(await text('dot kept'), 'before\n.\nafter\n');
    });

    test('an unknown recipient exits 67 naming it; the other recipients still get the message', async () => {
      const inbox = await newInbox();
      const result = await sendmail(`printf 'Subject: partly\\n\\nx\\n' | pigeonhole sendmail ${inbox.emailAddress} nobody@pigeonhole.test`);
      assert.equal(result.code, 67);
      assert.match(result.stderr, /^sendmail: nobody@pigeonhole\.test: 550 .+\n$/);
      assert.equal((await received(inbox, 'partly')).subject, 'partly');
    });

    test('no server on the port exits 75 (try again later) with one line saying so; usage errors exit 64', async () => {
      const down = await sendmail(`printf 'Subject: x\\n\\nx\\n' | pigeonhole sendmail someone@pigeonhole.test`, { PIGEONHOLE_SMTP_PORT: String(await closedPort()) });
      assert.equal(down.code, 75);
      assert.match(down.stderr, /^sendmail: cannot connect to 127\.0\.0\.1:\d+: connection refused.*\n$/);
      const noRecipient = await sendmail(`printf 'Subject: x\\n\\nx\\n' | pigeonhole sendmail -i`);
      assert.equal(noRecipient.code, 64);
      assert.match(noRecipient.stderr, /no recipients/);
      assert.equal((await sendmail('pigeonhole sendmail -bp')).code, 64);
    });

    test('--starttls on the submission port trusts the local CA in the data directory; a refused login exits 77', async () => {
      const inbox = await newInbox();
      const submission = /^ {2}SMTP submission +smtp:\/\/[^:]+:(\d+)/m.exec(serve.output())![1]!;
      const secured = await sendmail(`printf 'To: ${inbox.emailAddress}\\nSubject: over TLS\\n\\nx\\n' | pigeonhole sendmail -t -i --starttls --smtp-port ${submission}`);
      assert.equal(secured.code, 0, secured.stderr);
      assert.equal((await received(inbox, 'over TLS')).subject, 'over TLS');
      const refused = await sendmail(`printf 'Subject: x\\n\\nx\\n' | pigeonhole sendmail --smtp-user nobody --smtp-password wrong ${inbox.emailAddress}`);
      assert.equal(refused.code, 77);
      assert.match(refused.stderr, /^sendmail: login refused by 127\.0\.0\.1:\d+: 535 .*\n$/);
    });

    test('a link named sendmail runs sendmail, as /usr/sbin/sendmail or PHP\'s sendmail_path would', async () => {
      const inbox = await newInbox();
      const bin = mkdtempSync(join(tmpdir(), 'pigeonhole-bin-'));
      try {
        const result = await sendmail(`ln -s "${BIN}" "${bin}/sendmail" && printf 'To: ${inbox.emailAddress}\\nSubject: from PHP\\n\\nhi\\n' | "${bin}/sendmail" -t -i`);
        assert.equal(result.code, 0, result.stderr);
        assert.equal((await received(inbox, 'from PHP')).subject, 'from PHP');
      } finally {
        rmSync(bin, { recursive: true, force: true });
      }
    });

    test('inbox create and list, as a table and as the API\'s JSON', async () => {
      const table = ok(await run(['inbox', 'create', '--name', 'Signup flow', '--tags', 'signup,e2e'], withKey()));
      const [header, row] = table.trimEnd().split('\n');
      assert.match(header!, /^ID +ADDRESS +NAME +TAGS +CREATED$/);
      assert.match(row!, /^[0-9a-f-]{36} +\S+@\S+ +Signup flow +(signup,e2e|e2e,signup) +\d{4}-/);
      const created = await json<Inbox>(['inbox', 'create', '--name', 'Reset']);
      assert.equal(created.name, 'Reset');
      const listed = await json<{ content: Inbox[]; totalElements: number }>(['inbox', 'list']);
      assert.ok(listed.content.some((i) => i.id === created.id));
      assert.equal(listed.content[0]!.id, created.id, 'newest first');
      const human = ok(await run(['inbox', 'list'], withKey()));
      assert.match(human, new RegExp(`^${created.id} +${created.emailAddress} +Reset `, 'm'));
      assert.match(human, new RegExp(`^${listed.totalElements} inboxes$`, 'm'));
    });

    test('mail list, show and wait, as tables and text and as JSON', async () => {
      const inbox = await newInbox();
      const html = '<p>Hello <b>there</b></p>';
      assert.equal((await sendmail(`printf 'To: ${inbox.emailAddress}\\nFrom: a@example.com\\nSubject: html mail\\nContent-Type: text/html\\n\\n${html}\\n' | pigeonhole sendmail -t -i`)).code, 0);
      const email = await received(inbox, 'html');
      const page = await json<{ content: Email[]; totalElements: number }>(['mail', 'list', '--inbox', inbox.id]);
      assert.deepEqual(page.content.map((e) => e.id), [email.id]);
      assert.match(ok(await run(['mail', 'list', '--inbox', inbox.id], withKey())), new RegExp(`^${email.id} +\\d{4}-\\S+ \\S+ +a@example\\.com +${inbox.emailAddress} +html mail$`, 'm'));
      assert.equal((await json<{ content: Email[] }>(['mail', 'list', '--inbox', inbox.id, '--unread'])).content.length, 0, 'waiting for it marked it read');
      const shown = ok(await run(['mail', 'show', email.id], withKey()));
      assert.match(shown, /^Subject: +html mail$/m);
      assert.match(shown, /^From: +a@example\.com$/m);
      assert.match(shown, /\n\nHello there\n?$/, 'the text of the HTML body');
      assert.equal(ok(await run(['mail', 'show', email.id, '--html'], withKey())).trim(), html);
      assert.equal((await json<Email>(['mail', 'show', email.id])).id, email.id);
    });

    test('mail wait gives up at its timeout with the server\'s message and exit 1', async () => {
      const inbox = await newInbox();
      const result = await run(['mail', 'wait', '--inbox', inbox.id, '--subject', 'never', '--timeout', '300'], withKey());
      assert.equal(result.code, 1);
      assert.match(result.stderr, /\(HTTP 408\)\n$/);
      assert.equal(result.stdout, '');
    });

    test('user list with the admin key serve saved; a user\'s key is refused with the server\'s message', async () => {
      const table = ok(await run(['user', 'list']));
      assert.match(table, /^ID +EMAIL +NAME +ADMIN +CREATED$/m);
      assert.match(table, /^\S+ +admin@\S+ +.* +yes +\d{4}-/m);
      const users = JSON.parse(ok(await run(['user', 'list', '--json']))) as { content: Array<{ isAdmin: boolean }> };
      assert.ok(users.content.some((u) => u.isAdmin));
      const created = await (await fetch(`${serve.url}/admin/users`, {
        method: 'POST', headers: { 'x-api-key': adminKey, 'content-type': 'application/json' }, body: JSON.stringify({ email: `u${randomBytes(3).toString('hex')}@example.com` }),
      })).json() as { apiKey: string };
      const refused = await run(['user', 'list'], { PIGEONHOLE_API_KEY: created.apiKey });
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /\(HTTP 403\)\n$/);
    });

    test('key revoke: another user\'s key with the admin key (found without --user, or with it); the key stops working', async () => {
      const createUser = async () => (await (await fetch(`${serve.url}/admin/users`, {
        method: 'POST', headers: { 'x-api-key': adminKey, 'content-type': 'application/json' }, body: JSON.stringify({ email: `k${randomBytes(3).toString('hex')}@example.com` }),
      })).json()) as { id: string; apiKey: string; apiKeyId: string };
      const user = await createUser();
      assert.equal(ok(await run(['inbox', 'list'], { PIGEONHOLE_API_KEY: user.apiKey })), '0 inboxes\n');
      assert.equal(ok(await run(['key', 'revoke', user.apiKeyId])), `Revoked key ${user.apiKeyId} of user ${user.id}\n`);
      const refused = await run(['inbox', 'list'], { PIGEONHOLE_API_KEY: user.apiKey });
      assert.equal(refused.code, 1);
      assert.equal(refused.stderr, 'Invalid or revoked API key (HTTP 401)\n');

      const other = await createUser();
      assert.deepEqual(JSON.parse(ok(await run(['key', 'revoke', other.apiKeyId, '--user', other.id, '--json']))), { id: other.apiKeyId, userId: other.id, revoked: true });
      const missing = await run(['key', 'revoke', other.id]);
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /No API key/);
    });

    test('no key, or a bad one: exit 1 with one line saying what is wrong', async () => {
      const none = await run(['inbox', 'list']);
      assert.equal(none.code, 1);
      assert.match(none.stderr, /^no API key: pass --api-key or set PIGEONHOLE_API_KEY\n$/);
      const bad = await run(['mail', 'list', '--api-key', 'ph_not_a_key_of_this_server_000000']);
      assert.equal(bad.code, 1);
      assert.equal(bad.stderr, 'Invalid or revoked API key (HTTP 401)\n');
      const nowhere = await run(['inbox', 'list', '--url', `http://127.0.0.1:${await closedPort()}`], withKey());
      assert.equal(nowhere.code, 1);
      assert.match(nowhere.stderr, /^cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
    });
  });
}
