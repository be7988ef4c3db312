/**
 * Failed logins are slowed per source address (issue 15, finding 7): wrong API keys, SMTP AUTH
 * and IMAP LOGIN share one count. Each source is its own loopback address (127.0.0.x), so the
 * cases do not lock each other out. A lockout of 2 s: long enough that an attempt made right
 * after the limit surely meets it on a busy machine, and the pause it causes is measurable.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDialect, startTestServer, type TestServer } from '../helpers/server.js';
import { httpFrom, lineClient } from '../helpers/raw-clients.js';

const LIMIT = 3;
const LOCKOUT_MS = 2000;
const wrongPlain = Buffer.from('\0nobody@example.com\0wrong-password').toString('base64');

describeEachDialect('failed logins are slowed per address', (dialect) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(dialect, {
      env: { PIGEONHOLE_AUTH_FAILURE_LIMIT: String(LIMIT), PIGEONHOLE_AUTH_LOCKOUT: String(LOCKOUT_MS) },
    });
  });
  after(() => server.close());

  test('HTTP: wrong keys are 401 up to the limit, then 429 with Retry-After for that address only', async () => {
    const inboxes = `${server.url}/inboxes`;
    for (let i = 0; i < LIMIT; i++) {
      assert.equal((await httpFrom('127.0.0.2', inboxes, { 'x-api-key': `ph_wrong_${i}` })).status, 401);
    }
    const locked = await httpFrom('127.0.0.2', inboxes, { 'x-api-key': server.adminKey });
    assert.equal(locked.status, 429, 'even the right key, while locked out: no oracle');
    const retryAfter = Number(locked.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= LOCKOUT_MS / 1000, `Retry-After ${retryAfter}`);
    const body = JSON.parse(locked.body) as { status: number; message: string };
    assert.equal(body.status, 429);
    assert.match(body.message, /Too many failed API keys.*Retry-After/);

    assert.equal((await httpFrom('127.0.0.1', inboxes, { 'x-api-key': server.adminKey })).status, 200, 'another address with the right key');
    assert.equal((await httpFrom('127.0.0.3', inboxes, { 'x-api-key': 'ph_wrong' })).status, 401, 'another address with a wrong key');
  });

  test('HTTP: of many wrong keys sent at once, exactly the limit are 401', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      httpFrom('127.0.0.7', `${server.url}/inboxes`, { 'x-api-key': `ph_wrong_${i}` })));
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 401).length, LIMIT, statuses.join(' '));
    assert.equal(statuses.filter((s) => s === 429).length, 40 - LIMIT);
  });

  test('HTTP: successes and missing keys do not count', async () => {
    const inboxes = `${server.url}/inboxes`;
    for (let i = 0; i < LIMIT * 3; i++) {
      assert.equal((await httpFrom('127.0.0.4', inboxes, { 'x-api-key': server.adminKey })).status, 200);
      assert.equal((await httpFrom('127.0.0.4', inboxes)).status, 401);
    }
    for (let i = 0; i < LIMIT; i++) {
      assert.equal((await httpFrom('127.0.0.4', inboxes, { 'x-api-key': 'ph_wrong' })).status, 401);
    }
    assert.equal((await httpFrom('127.0.0.4', inboxes, { 'x-api-key': 'ph_wrong' })).status, 429);
  });

  test('SMTP AUTH: 535 up to the limit, then 454 after a pause, then 421 and the connection closed', async () => {
    const smtp = await lineClient(server.server.smtpPort, '127.0.0.5');
    assert.match((await smtp.next())!, /^220 /);
    smtp.write('EHLO client.example');
    await smtp.until((line) => line.startsWith('250 '));
    for (let i = 0; i < LIMIT; i++) {
      smtp.write(`AUTH PLAIN ${wrongPlain}`);
      assert.match((await smtp.next())!, /^535 /);
    }
    // One count for every protocol: the address is locked out of the API too.
    assert.equal((await httpFrom('127.0.0.5', `${server.url}/inboxes`, { 'x-api-key': server.adminKey })).status, 429);
    const asked = performance.now();
    smtp.write(`AUTH PLAIN ${wrongPlain}`);
    const refused = (await smtp.next())!;
    const paused = performance.now() - asked;
    // 454 (RFC 4954: temporary authentication failure); no enhanced code, none is advertised.
    assert.match(refused, /^454 Too many failed logins.*try again in \d+ s/);
    assert.ok(paused >= LOCKOUT_MS / 2, `the 454 came after ${Math.round(paused)} ms`);
    smtp.write(`AUTH PLAIN ${wrongPlain}`);
    assert.match((await smtp.next())!, /^421 /);
    await smtp.closed;
  });

  test('SMTP AUTH: of many sessions failing at once, exactly the limit are 535, the rest 454', async () => {
    const sessions = await Promise.all(Array.from({ length: 10 }, async () => {
      const smtp = await lineClient(server.server.smtpPort, '127.0.0.9');
      await smtp.next();
      smtp.write('EHLO client.example');
      await smtp.until((line) => line.startsWith('250 '));
      return smtp;
    }));
    const replies = await Promise.all(sessions.map(async (smtp) => {
      smtp.write(`AUTH PLAIN ${wrongPlain}`);
      const line = (await smtp.next())!;
      smtp.close();
      return line.slice(0, 3);
    }));
    assert.equal(replies.filter((code) => code === '535').length, LIMIT, replies.join(' '));
    assert.equal(replies.filter((code) => code === '454').length, 10 - LIMIT);
  });

  test('IMAP LOGIN: NO up to the limit, then a NO after a pause, then BYE', async () => {
    const imap = await lineClient(server.server.imapPort, '127.0.0.6');
    assert.match((await imap.next())!, /^\* OK /);
    for (let i = 0; i < LIMIT; i++) {
      imap.write(`a${i} LOGIN nobody wrong-password`);
      assert.match((await imap.until((line) => line.startsWith(`a${i} `)))!, /^a\d NO \[AUTHENTICATIONFAILED\]/);
    }
    const asked = performance.now();
    imap.write('b1 AUTHENTICATE PLAIN ' + wrongPlain);
    const refused = (await imap.until((line) => line.startsWith('b1 ')))!;
    const paused = performance.now() - asked;
    assert.match(refused, /^b1 NO \[UNAVAILABLE\] Too many failed logins.*try again in \d+ s/);
    assert.ok(paused >= LOCKOUT_MS / 2, `the NO came after ${Math.round(paused)} ms`);
    imap.write('b2 LOGIN nobody wrong-password');
    assert.match((await imap.next())!, /^\* BYE Too many failed logins/);
    await imap.closed;
  });
});
