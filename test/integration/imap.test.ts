import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';
import {
  Configuration, EmailControllerApi, GetEmailsSortEnum, ImapControllerApi, ImapFlagOperationOptionsFlagOperationEnum, type InboxDto,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { startServer } from '../../src/main.js';

const run = promisify(execFile);

interface Login { user: string; pass: string }

/** imapflow against the plain port (it upgrades with STARTTLS) or the implicit-TLS port. */
function imapClient(port: number, login: Login, options: { secure?: boolean; onServerLine?: (line: string) => void } = {}) {
  const debug = (entry: { src?: string; msg?: string }) => {
    if (entry.src === 's' && entry.msg) options.onServerLine?.(entry.msg);
  };
  const quiet = () => {};
  return new ImapFlow({
    host: '127.0.0.1', port, secure: options.secure ?? false, auth: login,
    tls: { rejectUnauthorized: false },
    logger: { debug, info: quiet, warn: quiet, error: quiet },
  });
}

async function imapLogin(tenant: Tenant, inboxId?: string): Promise<Login> {
  const access = await tenant.inboxApi.getImapAccess({ inboxId });
  return { user: access.imapUsername, pass: access.imapPassword };
}

async function deliver(server: TestServer, to: string, subject: string, text: string, extra: Record<string, unknown> = {}) {
  await smtpTransport(server).sendMail({ from: 'Sender <sender@example.com>', to, subject, text, ...extra });
}

describeEachDialect('IMAP', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let other: Tenant;
  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    other = await server.createTenant();
  });
  after(() => server.close());

  describe('access details', () => {
    test('getImapSmtpAccess, getImapAccess and the servers report the bound IMAP and SMTP ports with one login per protocol', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      const both = await tenant.inboxApi.getImapSmtpAccess({ inboxId: inbox.id });
      const imap = await tenant.inboxApi.getImapAccess({ inboxId: inbox.id });
      const smtp = await tenant.inboxApi.getSmtpAccess({ inboxId: inbox.id });
      assert.equal(both.emailAddress, inbox.emailAddress);
      assert.equal(both.imapServerPort, server.server.imapPort);
      assert.equal(both.secureImapServerPort, server.server.imapsPort);
      assert.equal(both.smtpServerPort, server.server.smtpPort);
      assert.equal(both.imapMailbox, 'INBOX');
      assert.equal(imap.imapUsername, both.imapUsername, 'the same lazily created login');
      assert.equal(imap.imapPassword, both.imapPassword);
      assert.equal(smtp.smtpUsername, both.smtpUsername);
      assert.notEqual(both.imapUsername, both.smtpUsername, 'IMAP and SMTP logins are separate');

      const servers = await tenant.inboxApi.getImapSmtpAccessServers();
      assert.deepEqual(servers.imapServer, { host: '127.0.0.1', port: server.server.imapPort, tls: false, altPorts: [] });
      assert.equal(servers.secureImapServer.port, server.server.imapsPort);
      assert.equal(servers.secureImapServer.tls, true);
      assert.deepEqual(servers.secureSmtpServer, { host: "127.0.0.1", port: server.server.smtpSubmissionPort, tls: true, altPorts: [server.server.smtpsPort] });

      const env = await tenant.inboxApi.getImapSmtpAccessEnv({ inboxId: inbox.id });
      assert.match(env, new RegExp(`^IMAP_SERVER_PORT=${server.server.imapPort}$`, 'm'));
      assert.match(env, new RegExp(`^IMAP_PASSWORD=${both.imapPassword}$`, 'm'));
      assert.match(env, new RegExp(`^EMAIL_ADDRESS=${inbox.emailAddress}$`, 'm'));
    });

    test('updateImapAccess changes the login IMAP accepts; bad values are 400 naming the field', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      const before = await imapLogin(tenant, inbox.id);
      await tenant.inboxApi.updateImapAccess({ inboxId: inbox.id, updateImapAccessOptions: { imapPassword: 'a-new-password-1' } });
      const after = await imapLogin(tenant, inbox.id);
      assert.equal(after.user, before.user);
      assert.equal(after.pass, 'a-new-password-1');
      await assert.rejects(imapClient(server.server.imapPort, before).connect(), (err: { authenticationFailed?: boolean; serverResponseCode?: string }) =>
        err.authenticationFailed === true || err.serverResponseCode === 'AUTHENTICATIONFAILED');
      const client = imapClient(server.server.imapPort, after);
      await client.connect();
      await client.logout();

      const short = await tenant.fetch(`/inboxes/imap-access?inboxId=${inbox.id}`, {
        method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ imapPassword: 'short' }),
      });
      assert.equal(short.status, 400);
      assert.match(((await short.json()) as { message: string }).message, /imapPassword/);
    });
  });

  describe('imapflow', () => {
    test('logs in, lists, selects, searches unseen, fetches envelope and body, and \\Seen is the API read flag', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      await deliver(server, inbox.emailAddress, 'First', 'one');
      await deliver(server, inbox.emailAddress, 'Your code', 'Your code is 424242', { cc: 'Carol <carol@example.com>' });
      const client = imapClient(server.server.imapPort, await imapLogin(tenant, inbox.id));
      await client.connect();
      try {
        assert.equal(client.secureConnection, true, 'upgraded with STARTTLS');
        const folders = await client.list();
        assert.deepEqual(folders.map((f) => f.path), ['INBOX']);
        const mailbox = await client.mailboxOpen('INBOX');
        assert.equal(mailbox.exists, 2);
        assert.equal(mailbox.uidNext, 3);

        const [first, second] = await tenant.inboxApi.getEmails({ inboxId: inbox.id, sort: GetEmailsSortEnum.ASC });
        await tenant.mailslurp.emailController.markAsRead({ emailId: first!.id, read: true });
        assert.deepEqual(await client.search({ seen: false }, { uid: true }), [2], 'read through the API = \\Seen');
        assert.deepEqual(await client.search({ subject: 'code' }), [2]);
        assert.deepEqual(await client.search({ body: '424242' }), [2]);
        assert.deepEqual(await client.search({ from: 'sender@example.com' }), [1, 2]);

        const message = await client.fetchOne('2', { envelope: true, bodyStructure: true, flags: true, uid: true, source: true, size: true });
        assert.ok(message);
        assert.equal(message.uid, 2);
        assert.equal(message.envelope?.subject, 'Your code');
        assert.deepEqual(message.envelope?.from?.map((a) => [a.name, a.address]), [['Sender', 'sender@example.com']]);
        assert.deepEqual(message.envelope?.cc?.map((a) => a.address), ['carol@example.com']);
        assert.equal(message.bodyStructure?.type, 'text/plain');
        assert.match(message.source!.toString(), /Your code is 424242/);
        assert.equal(message.size, message.source!.length);
        assert.equal(message.flags?.has('\\Seen'), false, 'fetched with PEEK: still unread');

        const part = await client.download('2', '1', { uid: true });
        let text = '';
        for await (const chunk of part.content!) text += chunk.toString();
        assert.match(text, /424242/);

        assert.equal((await tenant.inboxApi.getEmails({ inboxId: inbox.id, unreadOnly: true })).length, 1);
        await client.messageFlagsAdd('2', ['\\Seen', '\\Flagged'], { uid: true });
        const listed = await tenant.inboxApi.getEmails({ inboxId: inbox.id, unreadOnly: true });
        assert.deepEqual(listed, [], '\\Seen over IMAP = read through the API');
        const preview = (await tenant.mailslurp.emailController.getEmailsOffsetPaginated({ inboxId: [inbox.id] })).content!.find((e) => e.id === second!.id);
        assert.equal(preview?.favourite, true, '\\Flagged = favourite');
      } finally {
        await client.logout();
      }
    });

    test('IDLE is woken by a new message within a second of its SMTP 250', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      let idling!: () => void;
      const idleStarted = new Promise<void>((resolve) => { idling = resolve; });
      const client = imapClient(server.server.imapPort, await imapLogin(tenant, inbox.id), {
        onServerLine: (line) => { if (line.startsWith('+ idling')) idling(); },
      });
      await client.connect();
      try {
        await client.mailboxOpen('INBOX');
        const exists = new Promise<{ count: number; at: number }>((resolve) => {
          client.on('exists', (event: { count: number }) => resolve({ count: event.count, at: Date.now() }));
        });
        void client.idle();
        await idleStarted;
        await deliver(server, inbox.emailAddress, 'Pushed', 'over IDLE');
        const accepted = Date.now();
        const event = await exists;
        assert.equal(event.count, 1);
        assert.ok(event.at - accepted < 1000, `EXISTS came ${event.at - accepted} ms after the 250`);
      } finally {
        await client.logout();
      }
    });

    test('\\Deleted and EXPUNGE delete the email as deleteEmail does; flags stay in step with the API', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      await deliver(server, inbox.emailAddress, 'Keep', 'k');
      await deliver(server, inbox.emailAddress, 'Drop', 'd');
      const [, drop] = await tenant.inboxApi.getEmails({ inboxId: inbox.id, sort: GetEmailsSortEnum.ASC });
      const client = imapClient(server.server.imapsPort, await imapLogin(tenant, inbox.id), { secure: true });
      await client.connect();
      try {
        await client.mailboxOpen('INBOX');
        assert.equal(await client.messageDelete('2', { uid: true }), true);
        assert.equal(await statusOf(tenant.mailslurp.emailController.getEmail({ emailId: drop!.id })), 404);
        assert.deepEqual((await tenant.inboxApi.getEmails({ inboxId: inbox.id })).map((e) => e.subject), ['Keep']);
        const status = await client.status('INBOX', { messages: true, uidNext: true, unseen: true });
        assert.ok(status);
        assert.equal(status.messages, 1);
        assert.equal(status.uidNext, 3, 'UIDs are never reused');
      } finally {
        await client.logout();
      }
    });

    test('a tenant-wide login sees each of its inboxes as a folder by address, never another tenant\'s', async () => {
      const a = await tenant.mailslurp.createInbox();
      const foreign = await other.mailslurp.createInbox();
      await deliver(server, a.emailAddress, 'For A', 'a');
      await deliver(server, foreign.emailAddress, 'Not yours', 'x');
      const client = imapClient(server.server.imapPort, await imapLogin(tenant));
      await client.connect();
      try {
        const paths = (await client.list()).map((f) => f.path);
        assert.ok(paths.includes(a.emailAddress));
        assert.ok(!paths.includes(foreign.emailAddress));
        const opened = await client.mailboxOpen(a.emailAddress);
        assert.equal(opened.exists, 1);
        await assert.rejects(client.mailboxOpen(foreign.emailAddress));
        await assert.rejects(client.mailboxOpen('INBOX'), 'INBOX of a tenant-wide login holds nothing');
      } finally {
        await client.logout();
      }
      // An inbox login opens only its own inbox.
      const own = imapClient(server.server.imapPort, await imapLogin(tenant, a.id));
      await own.connect();
      try {
        await assert.rejects(own.mailboxOpen(foreign.emailAddress));
      } finally {
        await own.logout();
      }
    });

    test('UIDVALIDITY and UIDs stay the same across a restart', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      await deliver(server, inbox.emailAddress, 'One', '1');
      await deliver(server, inbox.emailAddress, 'Two', '2');
      const login = await imapLogin(tenant, inbox.id);
      const read = async (port: number) => {
        const client = imapClient(port, login);
        await client.connect();
        try {
          const box = await client.mailboxOpen('INBOX');
          const uids: number[] = [];
          for await (const m of client.fetch('1:*', { uid: true, envelope: true })) uids.push(m.uid);
          return { validity: box.uidValidity, uidNext: box.uidNext, uids };
        } finally {
          await client.logout();
        }
      };
      const first = await read(server.server.imapPort);
      const again = await startServer(server.config, { store: server.db.store });
      try {
        assert.deepEqual(await read(again.imapPort), first);
      } finally {
        await again.close();
      }
    });
  });

  describe('curl', () => {
    const curl = (args: string[]) => run('curl', ['--silent', '--show-error', '--max-time', '20', ...args]);

    test('lists and fetches over plain IMAP, STARTTLS and implicit TLS', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      await deliver(server, inbox.emailAddress, 'Curl me', 'fetched by curl');
      const { user, pass } = await imapLogin(tenant, inbox.id);
      const auth = ['--user', `${user}:${pass}`];
      const plain = `imap://127.0.0.1:${server.server.imapPort}`;
      const secure = `imaps://127.0.0.1:${server.server.imapsPort}`;

      const listed = await curl([...auth, `${plain}/`]);
      assert.match(listed.stdout, /\* LIST \(\\HasNoChildren\) "\/" "?INBOX"?/);
      const unseen = await curl([...auth, `${plain}/INBOX`, '--request', 'SEARCH UNSEEN']);
      assert.match(unseen.stdout, /\* SEARCH 1\b/);

      const fetched = await curl([...auth, '--ssl-reqd', '--insecure', `${plain}/INBOX;UID=1`]);
      assert.match(fetched.stdout, /Subject: Curl me/);
      assert.match(fetched.stdout, /fetched by curl/);
      // curl fetches BODY[] (not PEEK): the message is now read through the API too.
      assert.deepEqual(await tenant.inboxApi.getEmails({ inboxId: inbox.id, unreadOnly: true }), []);

      const overTls = await curl([...auth, '--insecure', `${secure}/INBOX;UID=1;SECTION=HEADER.FIELDS%20(SUBJECT)`]);
      assert.equal(overTls.stdout.trim(), 'Subject: Curl me');
      const listedTls = await curl([...auth, '--insecure', `${secure}/`]);
      assert.match(listedTls.stdout, /INBOX/);

      await assert.rejects(curl(['--user', `${user}:wrong-password`, `${plain}/`]), /Login denied|denied|67/);
    });
  });

  describe('ImapController over HTTP', () => {
    let inbox: InboxDto;
    let imapApi: ImapControllerApi;
    let emailApi: EmailControllerApi;
    before(async () => {
      inbox = await tenant.mailslurp.createInbox();
      await deliver(server, inbox.emailAddress, 'Alpha', 'first body');
      await deliver(server, inbox.emailAddress, 'Beta', 'second body has the token');
      await deliver(server, inbox.emailAddress, 'Gamma', 'third');
      const configuration = new Configuration({ apiKey: tenant.apiKey, basePath: server.url });
      imapApi = new ImapControllerApi(configuration);
      emailApi = new EmailControllerApi(configuration);
    });

    test('list, status, search, get and fetch see the UIDs and flags the IMAP server shows', async () => {
      const all = await imapApi.imapServerList({ inboxId: inbox.id, imapServerListOptions: {} });
      assert.deepEqual(all.results.map((r) => [r.uid, r.seqNum, r.read]), [[1, 1, false], [2, 2, false], [3, 3, false]]);
      const some = await imapApi.imapServerList({ inboxId: inbox.id, imapServerListOptions: { uidSet: '2:*' } });
      assert.deepEqual(some.results.map((r) => r.uid), [2, 3]);

      const status = await imapApi.imapServerStatus({ inboxId: inbox.id, imapServerStatusOptions: {} });
      assert.equal(status.result?.messages, 3);
      assert.equal(status.result?.unseen, 3);
      assert.equal(status.result?.uidNext, 4);
      assert.equal(status.result?.unseenSeqNum, 1);

      const found = await imapApi.imapServerSearch({ inboxId: inbox.id, imapServerSearchOptions: { body: ['token'] } });
      assert.deepEqual(found.results.map((r) => r.uid), [2]);
      const bySubject = await imapApi.imapServerSearch({ inboxId: inbox.id, imapServerSearchOptions: { header: { subject: ['gamma'] }, withoutFlags: ['\\Seen'] } });
      assert.deepEqual(bySubject.results.map((r) => r.uid), [3]);

      const got = await imapApi.imapServerGet({ emailId: all.results[1]!.id, inboxId: inbox.id });
      assert.deepEqual([got.result?.uid, got.result?.seqNum], [2, 2]);

      const fetched = await imapApi.imapServerFetch({ inboxId: inbox.id, seqNum: 1 });
      assert.match(fetched.result!.content, /Subject: Alpha/);
      assert.equal(fetched.result!.read, true);
      assert.equal((await tenant.mailslurp.emailController.getEmailsOffsetPaginated({ inboxId: [inbox.id], unreadOnly: true })).totalElements, 2);
      const beyond = await imapApi.imapServerFetch({ inboxId: inbox.id, seqNum: 9 });
      assert.equal(beyond.result ?? null, null);
    });

    test('update-flags and applyImapFlagOperation change the same read and favourite flags', async () => {
      const all = await imapApi.imapServerList({ inboxId: inbox.id, imapServerListOptions: {} });
      await imapApi.imapServerUpdateFlags({ inboxId: inbox.id, imapUpdateFlagsOptions: { operation: '+FLAGS', flags: ['\\Seen'], uidSet: '2:3' } });
      const after = await imapApi.imapServerList({ inboxId: inbox.id, imapServerListOptions: { uidSet: '2:3' } });
      assert.deepEqual(after.results.map((r) => r.read), [true, true]);

      const preview = await emailApi.applyImapFlagOperation({
        emailId: all.results[2]!.id,
        imapFlagOperationOptions: { flagOperation: ImapFlagOperationOptionsFlagOperationEnum.REMOVE_FLAGS, flags: ['\\Seen'] },
      });
      assert.equal(preview.read, false);
      const flagged = await emailApi.applyImapFlagOperation({
        emailId: all.results[2]!.id,
        imapFlagOperationOptions: { flagOperation: ImapFlagOperationOptionsFlagOperationEnum.ADD_FLAGS, flags: ['\\Flagged'] },
      });
      assert.equal(flagged.favourite, true);
      assert.equal(flagged.read, false);

      const bad = await tenant.fetch(`/imap/server/update-flags?inboxId=${inbox.id}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operation: 'TOGGLE', flags: ['\\Seen'], uidSet: '1' }),
      });
      assert.equal(bad.status, 400);
      assert.match(((await bad.json()) as { message: string }).message, /operation/);
      const badSet = await tenant.fetch(`/imap/server/list?inboxId=${inbox.id}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uidSet: '0:x' }),
      });
      assert.equal(badSet.status, 400);
      assert.match(((await badSet.json()) as { message: string }).message, /uidSet/);
    });

    test("another tenant's inbox and email ids are 404 for every ImapController operation, and change nothing", async () => {
      const all = await imapApi.imapServerList({ inboxId: inbox.id, imapServerListOptions: {} });
      const before = all.results.map((r) => r.read);
      const emailId = all.results[0]!.id;
      const post = async (path: string, body?: unknown) => {
        const response = await other.fetch(path, {
          method: 'POST', headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, text: await response.text() };
      };
      const attempts = [
        await post(`/imap/server/list?inboxId=${inbox.id}`, {}),
        await post(`/imap/server/status?inboxId=${inbox.id}`, {}),
        await post('/imap/server/status', { name: inbox.emailAddress }),
        await post(`/imap/server/search?inboxId=${inbox.id}`, {}),
        await post(`/imap/server/fetch?inboxId=${inbox.id}&seqNum=1`),
        await post(`/imap/server/get?emailId=${emailId}`),
        await post(`/imap/server/update-flags?inboxId=${inbox.id}`, { operation: 'FLAGS', flags: ['\\Seen', '\\Deleted'], seqSet: '1:*' }),
      ];
      for (const attempt of attempts) {
        assert.equal(attempt.status, 404, attempt.text);
        assert.ok(!attempt.text.includes('Alpha'), 'nothing of the mail shows');
      }
      const after = await imapApi.imapServerList({ inboxId: inbox.id, imapServerListOptions: {} });
      assert.deepEqual(after.results.map((r) => r.read), before);
    });

    test('imapServerMailbox cannot make folders: inboxes are the mailboxes', async () => {
      const result = await imapApi.imapServerMailbox({ name: 'Archive' });
      assert.equal(result.success, false);
      assert.match(result.message ?? '', /createInbox/);
    });
  });
});
