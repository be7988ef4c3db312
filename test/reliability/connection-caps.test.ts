/**
 * Connection caps per source address and idle timeouts (issue 15, finding 7). Each case uses
 * its own loopback address (127.0.0.x) so the caps of one do not touch another. No sleeps: an
 * idle timeout is observed as the server closing the connection, and "not idle" as an answer
 * arriving after a connection opened with it was already closed for idling.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDialect, startTestServer, type TestServer } from '../helpers/server.js';
import { httpFrom, lineClient, type LineClient } from '../helpers/raw-clients.js';
import { smtpTransport } from '../helpers/smtp.js';

const PER_IP = 3;
const IDLE_MS = 400;

describeEachDialect('connection caps and idle timeouts', (dialect) => {
  let server: TestServer;
  let httpPort: number;
  const open: LineClient[] = [];
  const connect = async (port: number, from: string) => {
    const client = await lineClient(port, from);
    open.push(client);
    return client;
  };
  before(async () => {
    server = await startTestServer(dialect, {
      env: {
        PIGEONHOLE_CONNECTIONS_PER_IP: String(PER_IP),
        PIGEONHOLE_HTTP_IDLE_TIMEOUT: String(IDLE_MS),
        PIGEONHOLE_IMAP_LOGIN_TIMEOUT: String(IDLE_MS),
      },
    });
    httpPort = Number(new URL(server.url).port);
  });
  after(async () => {
    for (const client of open) client.close();
    await server.close();
  });

  test('HTTP: connections over the per-address cap get 503 and are closed; other addresses are served', async () => {
    const held = await Promise.all(Array.from({ length: PER_IP }, () => connect(httpPort, '127.0.0.20')));
    const extra = await connect(httpPort, '127.0.0.20');
    assert.equal(await extra.next(), 'HTTP/1.1 503 Service Unavailable');
    const body = await extra.until((line) => line.startsWith('{'));
    assert.match(body!, /Too many connections from your address \(at most 3\)/);
    await extra.closed;
    assert.equal((await httpFrom('127.0.0.21', `${server.url}/inboxes`, { 'x-api-key': server.adminKey })).status, 200);
    for (const client of held) client.close();
  });

  test('HTTP: a connection that sends no request is closed after the idle timeout', async () => {
    const started = performance.now();
    const silent = await connect(httpPort, '127.0.0.22');
    await silent.closed;
    assert.ok(performance.now() - started >= IDLE_MS * 0.9, 'closed by the idle timeout, not at once');
  });

  test('HTTP: a held wait-for request outlives the idle timeout (it is active, not idle)', async () => {
    const tenant = await server.createTenant();
    const inbox = await tenant.inboxApi.createInboxWithDefaults();
    const silent = await connect(httpPort, '127.0.0.23');
    const waiting = tenant.fetch(`/waitForLatestEmail?inboxId=${inbox.id}&timeout=60000`);
    // The clock: a silent connection opened alongside is closed for idling...
    await silent.closed;
    // ...and only then does the mail the wait is held for arrive.
    await smtpTransport(server).sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'held', text: 'still here' });
    const answer = await waiting;
    assert.equal(answer.status, 200);
    assert.equal(((await answer.json()) as { subject: string }).subject, 'held');
  });

  test('SMTP: connections over the per-address cap get 421 and are closed', async () => {
    const held = await Promise.all(Array.from({ length: PER_IP }, () => connect(server.server.smtpPort, '127.0.0.24')));
    for (const client of held) assert.match((await client.next())!, /^220 /);
    const extra = await connect(server.server.smtpPort, '127.0.0.24');
    assert.match((await extra.next())!, /^421 .*Too many connections from your address/);
    await extra.closed;
    const other = await connect(server.server.smtpPort, '127.0.0.25');
    assert.match((await other.next())!, /^220 /);
  });

  test('IMAP: connections over the per-address cap get BYE and are closed', async () => {
    const held = await Promise.all(Array.from({ length: PER_IP }, () => connect(server.server.imapPort, '127.0.0.26')));
    for (const client of held) assert.match((await client.next())!, /^\* OK /);
    const extra = await connect(server.server.imapPort, '127.0.0.26');
    assert.match((await extra.next())!, /^\* BYE Too many connections from your address/);
    await extra.closed;
  });

  test('IMAP: silent before login is closed after the login timeout; logged in and idling is not', async () => {
    const tenant = await server.createTenant();
    const inbox = await tenant.inboxApi.createInboxWithDefaults();
    const access = await tenant.mailslurp.inboxController.getImapAccess({ inboxId: inbox.id });
    const idling = await connect(server.server.imapPort, '127.0.0.27');
    await idling.next();
    idling.write(`a LOGIN ${access.imapUsername} ${access.imapPassword}`);
    assert.match((await idling.until((line) => line.startsWith('a ')))!, /^a OK/);
    idling.write('b SELECT INBOX');
    assert.match((await idling.until((line) => line.startsWith('b ')))!, /^b OK/);
    idling.write('c IDLE');
    assert.match((await idling.next())!, /^\+ /);

    const started = performance.now();
    const silent = await connect(server.server.imapPort, '127.0.0.28');
    await silent.next();
    assert.match((await silent.next())!, /^\* BYE Autologout/);
    await silent.closed;
    assert.ok(performance.now() - started >= IDLE_MS * 0.9, 'closed by the login timeout, not at once');

    // The logged-in session outlived that timeout: new mail still reaches its IDLE.
    await smtpTransport(server).sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'idle', text: 'push' });
    assert.match((await idling.until((line) => / EXISTS$/.test(line)))!, /^\* 1 EXISTS$/);
  });
});
