import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import {
  Configuration, ConditionOptionConditionEnum, ConditionOptionValueEnum, MatchOptionFieldEnum, MatchOptionShouldEnum,
  GetEmailsSortEnum, WaitForConditionsCountTypeEnum, WaitForControllerApi, WaitForNthEmailSortEnum, type InboxDto,
} from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { waitersOf } from '../../src/events/waiters.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

const LONG = 30_000;
const SHORT = 300;

interface ErrorBody { timestamp: string; status: number; error: string; message: string; path: string }

/** The JSON error body of a failed call of the official client (wrapper or generated API). */
async function errorOf(promise: Promise<unknown>): Promise<ErrorBody> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Response) return (await err.json()) as ErrorBody;
    if (err && typeof err === 'object' && 'status' in err) return err as ErrorBody;
    throw err;
  }
  assert.fail('the call was expected to fail');
}

/**
 * Resolves once `condition` holds, yielding to the event loop between looks (no timer
 * sleeps); fails after `limitMs` so a broken wait cannot hang the suite.
 */
async function until(condition: () => boolean, what: string, limitMs = 5_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Tracks whether a promise has settled, to prove a request is still being held. */
function track<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  promise.then(() => (done = true), () => (done = true));
  return { promise, settled: () => done };
}

describeEachDialect('wait-for', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let other: Tenant;
  let api: WaitForControllerApi;
  let transport: Transporter;
  const clock = new ManualClock(new Date('2026-06-01T08:00:00.000Z'));

  before(async () => {
    server = await startTestServer(dialect, { clock });
    tenant = await server.createTenant();
    other = await server.createTenant();
    api = new WaitForControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true, pool: true, maxConnections: 3 });
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  const waiting = () => waitersOf(server.server.bus).count('email.received');

  /** Sends one message over SMTP one (manual-clock) second after the previous; answers its receipt time. */
  async function deliver(inbox: InboxDto, mail: SendMailOptions & { subject: string }): Promise<Date> {
    clock.advance(1000);
    const info = await transport.sendMail({
      envelope: { from: 'sender@example.com', to: [inbox.emailAddress] },
      from: 'Sender <sender@example.com>',
      to: inbox.emailAddress,
      text: `body of ${mail.subject}`,
      ...mail,
    });
    assert.match(String(info.response), /^250 /);
    return clock.now();
  }

  test('waitForLatestEmail answers at once when mail is there, with the newest email, and marks it read', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await deliver(inbox, { subject: 'first' });
    await deliver(inbox, { subject: 'second' });
    const started = Date.now();
    const email = await tenant.mailslurp.waitForLatestEmail(inbox.id, LONG);
    assert.ok(Date.now() - started < LONG / 2, 'answered without waiting');
    assert.equal(email.subject, 'second');
    assert.equal(email.inboxId, inbox.id);
    assert.equal(email.read, true);
    assert.equal(email.body?.trim(), 'body of second');
    const [preview] = await tenant.inboxApi.getEmails({ inboxId: inbox.id, sort: GetEmailsSortEnum.DESC, limit: 1 });
    assert.equal(preview?.read, true, 'returning the email marked it read');
  });

  test('a wait is held until the mail arrives over SMTP, then answered', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const base = waiting();
    const latest = track(tenant.mailslurp.waitForLatestEmail(inbox.id, LONG));
    const matching = track(api.waitFor({
      waitForConditions: {
        inboxId: inbox.id, timeout: LONG, count: 1, countType: WaitForConditionsCountTypeEnum.EXACTLY,
        matches: [{ field: MatchOptionFieldEnum.SUBJECT, should: MatchOptionShouldEnum.CONTAIN, value: 'code' }],
      },
    }));
    await until(() => waiting() === base + 2, 'both requests are waiting');
    assert.equal(latest.settled() || matching.settled(), false, 'nothing answered before the mail arrives');

    await deliver(inbox, { subject: 'your code is 1234' });
    const [email, matched] = await Promise.all([latest.promise, matching.promise]);
    assert.equal(email.subject, 'your code is 1234');
    assert.deepEqual(matched.map((m) => m.subject), ['your code is 1234']);
    assert.equal(waiting(), base, 'answered waits leave nothing registered');
  });

  test('a wait woken by new mail answers it exactly as getEmail shows it afterwards, read, with its thread and attachments', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const base = waiting();
    const held = fetch(`${server.url}/waitForLatestEmail?inboxId=${inbox.id}&timeout=${LONG}`, { headers: { 'x-api-key': tenant.apiKey } });
    await until(() => waiting() === base + 1, 'the request is waiting');
    await deliver(inbox, {
      subject: 'Grüße, a rich one',
      text: 'hello there',
      html: '<p>hello <b>there</b></p>',
      cc: 'Copy <copy@example.com>',
      replyTo: 'answers@example.com',
      headers: { 'X-Campaign': 'spring' },
      attachments: [{ filename: 'notes.txt', content: 'attached words' }],
    });
    const response = await held;
    assert.equal(response.status, 200);
    const woken = (await response.json()) as Record<string, unknown>;
    const stored = await (await fetch(`${server.url}/emails/${String(woken.id)}`, { headers: { 'x-api-key': tenant.apiKey } })).json();
    assert.deepEqual(woken, stored, 'the answer is the stored email, field for field');
    assert.equal(woken.read, true);
    assert.equal(woken.subject, 'Grüße, a rich one');
    assert.equal((woken.attachments as string[]).length, 1);
    assert.ok(woken.threadId, 'the thread assigned when it was stored');
  });

  test('waitForNthEmail answers the index-th email, waiting for it to arrive', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await deliver(inbox, { subject: 'zero' });
    const base = waiting();
    const second = track(tenant.mailslurp.waitForNthEmail(inbox.id, 1, LONG));
    await until(() => waiting() === base + 1, 'the nth wait is registered');
    assert.equal(second.settled(), false);
    await deliver(inbox, { subject: 'one' });
    assert.equal((await second.promise).subject, 'one');
    assert.equal((await tenant.mailslurp.waitForNthEmail(inbox.id, 0, LONG)).subject, 'zero');
    const newestFirst = await api.waitForNthEmail({ inboxId: inbox.id, index: 0, sort: WaitForNthEmailSortEnum.DESC, timeout: LONG });
    assert.equal(newestFirst.subject, 'one', 'sort=DESC counts from the newest');
  });

  test('waitForEmailCount holds until the inbox has count emails and answers that many', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await deliver(inbox, { subject: 'a' });
    const base = waiting();
    const three = track(tenant.mailslurp.waitForEmailCount(3, inbox.id, LONG));
    await until(() => waiting() === base + 1, 'the count wait is registered');
    await deliver(inbox, { subject: 'b' });
    await deliver(inbox, { subject: 'c' });
    await deliver(inbox, { subject: 'd' });
    const list = await three.promise;
    assert.equal(list.length, 3);
    assert.deepEqual(list.map((e) => e.subject).slice(0, 2), ['a', 'b'], 'oldest first');
    assert.deepEqual((await tenant.mailslurp.waitForEmailCount(2, inbox.id, LONG)).map((e) => e.subject), ['a', 'b']);
  });

  test('at the timeout the answer is 408 with the JSON error body', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const body = await errorOf(tenant.mailslurp.waitForLatestEmail(inbox.id, SHORT));
    assert.equal(body.status, 408);
    assert.equal(body.error, 'Request Timeout');
    assert.match(body.message, new RegExp(`No email arrived in inbox ${inbox.id} within ${SHORT} ms`));
    assert.equal(body.path, '/waitForLatestEmail');
    assert.ok(!Number.isNaN(Date.parse(body.timestamp)));

    await deliver(inbox, { subject: 'only one' });
    const count = await errorOf(api.waitForEmailCount({ inboxId: inbox.id, count: 2, timeout: SHORT }));
    assert.equal(count.status, 408);
    assert.match(count.message, /has 1 of the 2 emails/);
    assert.equal(await statusOf(api.waitForNthEmail({ inboxId: inbox.id, index: 5, timeout: SHORT })), 408);
    assert.equal(waiting(), 0, 'timed-out waits leave nothing registered');
  });

  test('waitFor counts EXACTLY or ATLEAST', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await deliver(inbox, { subject: 'alert 1' });
    await deliver(inbox, { subject: 'alert 2' });
    const conditions = (count: number, countType: WaitForConditionsCountTypeEnum, timeout = SHORT) => ({
      waitForConditions: {
        inboxId: inbox.id, count, countType, timeout,
        matches: [{ field: MatchOptionFieldEnum.SUBJECT, should: MatchOptionShouldEnum.CONTAIN, value: 'alert' }],
      },
    });
    assert.deepEqual((await api.waitFor(conditions(2, WaitForConditionsCountTypeEnum.EXACTLY))).map((e) => e.subject), ['alert 1', 'alert 2']);
    assert.deepEqual((await api.waitFor(conditions(1, WaitForConditionsCountTypeEnum.ATLEAST))).map((e) => e.subject), ['alert 1', 'alert 2']);
    const tooMany = await errorOf(api.waitFor(conditions(1, WaitForConditionsCountTypeEnum.EXACTLY)));
    assert.equal(tooMany.status, 408);
    assert.match(tooMany.message, /more than 1 matching emails, not exactly 1/);

    // EXACTLY 3 is held until the third arrives.
    const base = waiting();
    const third = track(api.waitFor(conditions(3, WaitForConditionsCountTypeEnum.EXACTLY, LONG)));
    await until(() => waiting() === base + 1, 'the EXACTLY 3 wait is registered');
    await deliver(inbox, { subject: 'unrelated' });
    assert.equal(third.settled(), false, 'a non-matching email does not satisfy it');
    await deliver(inbox, { subject: 'alert 3' });
    assert.equal((await third.promise).length, 3);
  });

  test('matches on SUBJECT, FROM and TO with CONTAIN and EQUAL', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await deliver(inbox, { subject: 'Welcome aboard', from: 'Alice <alice@example.com>' });
    await deliver(inbox, { subject: 'Welcome back', from: 'bob@example.com', cc: 'carol@example.com' });
    await deliver(inbox, { subject: 'Invoice', from: 'alice@example.com' });
    const match = (field: MatchOptionFieldEnum, should: MatchOptionShouldEnum, value: string) => ({ field, should, value });
    const subjects = async (...matches: ReturnType<typeof match>[]) =>
      (await tenant.mailslurp.waitForMatchingEmails({ matches }, 1, inbox.id, SHORT)).map((e) => e.subject);

    const { SUBJECT, FROM, TO, CC } = MatchOptionFieldEnum;
    const { CONTAIN, EQUAL } = MatchOptionShouldEnum;
    assert.deepEqual(await subjects(match(SUBJECT, CONTAIN, 'Welcome')), ['Welcome aboard', 'Welcome back']);
    assert.deepEqual(await subjects(match(SUBJECT, EQUAL, 'Welcome back')), ['Welcome back']);
    assert.deepEqual(await subjects(match(FROM, EQUAL, 'ALICE@example.com')), ['Welcome aboard', 'Invoice']);
    assert.deepEqual(await subjects(match(FROM, CONTAIN, 'bob@')), ['Welcome back']);
    assert.deepEqual(await subjects(match(TO, EQUAL, inbox.emailAddress)), ['Welcome aboard', 'Welcome back', 'Invoice']);
    assert.deepEqual(await subjects(match(CC, CONTAIN, 'carol')), ['Welcome back']);
    assert.deepEqual(await subjects(match(SUBJECT, CONTAIN, 'Welcome'), match(FROM, CONTAIN, 'alice')), ['Welcome aboard'], 'matches are ANDed');
    assert.equal((await errorOf(tenant.mailslurp.waitForMatchingEmails({ matches: [match(SUBJECT, EQUAL, 'Welcome')] }, 1, inbox.id, SHORT))).status, 408);

    const first = await api.waitForMatchingFirstEmail({ inboxId: inbox.id, matchOptions: { matches: [match(FROM, CONTAIN, 'alice')] }, timeout: SHORT });
    assert.equal(first.subject, 'Welcome aboard', 'the first match, oldest first');
    assert.equal(first.read, true);
    const conditions = await api.waitFor({
      waitForConditions: { inboxId: inbox.id, timeout: SHORT, count: 1, matches: [match(SUBJECT, EQUAL, 'Invoice'), match(TO, CONTAIN, inbox.emailAddress.split('@')[0]!)] },
    });
    assert.deepEqual(conditions.map((e) => e.subject), ['Invoice']);
  });

  test('MATCH takes a regex of the whole field and HEADERS match header lines', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await deliver(inbox, { subject: 'Order #4711 shipped', headers: { 'X-Campaign': 'spring' } });
    await deliver(inbox, { subject: 'Order #4711 shipped soon' });
    const { SUBJECT, HEADERS } = MatchOptionFieldEnum;
    const regex = await tenant.mailslurp.waitForMatchingEmails(
      { matches: [{ field: SUBJECT, should: MatchOptionShouldEnum.MATCH, value: 'Order #\\d+ shipped' }] }, 1, inbox.id, SHORT);
    assert.deepEqual(regex.map((e) => e.subject), ['Order #4711 shipped']);
    const header = await tenant.mailslurp.waitForMatchingEmails(
      { matches: [{ field: HEADERS, should: MatchOptionShouldEnum.EQUAL, value: 'x-campaign: spring' }] }, 1, inbox.id, SHORT);
    assert.deepEqual(header.map((e) => e.subject), ['Order #4711 shipped']);
    const bad = await errorOf(tenant.mailslurp.waitForMatchingEmails(
      { matches: [{ field: SUBJECT, should: MatchOptionShouldEnum.MATCH, value: '(unclosed' }] }, 1, inbox.id, LONG));
    assert.equal(bad.status, 400, 'an invalid regex is refused before any wait');
  });

  test('HAS_ATTACHMENTS conditions', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await deliver(inbox, { subject: 'plain' });
    await deliver(inbox, { subject: 'with file', attachments: [{ filename: 'a.txt', content: 'hello' }] });
    const withValue = (value: ConditionOptionValueEnum) => ({ conditions: [{ condition: ConditionOptionConditionEnum.HAS_ATTACHMENTS, value }] });
    const attached = await tenant.mailslurp.waitForMatchingEmails(withValue(ConditionOptionValueEnum.TRUE), 1, inbox.id, SHORT);
    assert.deepEqual(attached.map((e) => e.subject), ['with file']);
    assert.equal(attached[0]!.attachments?.length, 1);
    const none = await tenant.mailslurp.waitForMatchingEmails(withValue(ConditionOptionValueEnum.FALSE), 1, inbox.id, SHORT);
    assert.deepEqual(none.map((e) => e.subject), ['plain']);
  });

  test('unreadOnly waits for an email not yet read', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await deliver(inbox, { subject: 'old news' });
    assert.equal((await tenant.mailslurp.waitForLatestEmail(inbox.id, LONG, true)).subject, 'old news', 'unread: answered at once');
    assert.equal(await statusOf(api.waitForLatestEmail({ inboxId: inbox.id, timeout: SHORT, unreadOnly: true })), 408, 'now read: nothing unread');
    assert.equal((await tenant.mailslurp.waitForLatestEmail(inbox.id, SHORT)).subject, 'old news', 'without unreadOnly the read one counts');

    const base = waiting();
    const fresh = track(tenant.mailslurp.waitForLatestEmail(inbox.id, LONG, true));
    await until(() => waiting() === base + 1, 'the unread wait is registered');
    await deliver(inbox, { subject: 'fresh news' });
    assert.equal((await fresh.promise).subject, 'fresh news');
    const unreadCount = await errorOf(tenant.mailslurp.waitForEmailCount(1, inbox.id, SHORT, true));
    assert.equal(unreadCount.status, 408, 'both are read now');
  });

  test('since and before limit the emails considered', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const t1 = await deliver(inbox, { subject: 'early' });
    const t2 = await deliver(inbox, { subject: 'middle' });
    await deliver(inbox, { subject: 'late' });
    const since = new Date(t1.getTime() + 1);
    const sinceList = await api.waitForEmailCount({ inboxId: inbox.id, count: 2, since, timeout: SHORT });
    assert.deepEqual(sinceList.map((e) => e.subject), ['middle', 'late']);
    const before = new Date(t2.getTime() + 1);
    const latestBefore = await api.waitForLatestEmail({ inboxId: inbox.id, before, timeout: SHORT });
    assert.equal(latestBefore.subject, 'middle');
    const window = await api.waitFor({ waitForConditions: { inboxId: inbox.id, timeout: SHORT, count: 1, since, before } });
    assert.deepEqual(window.map((e) => e.subject), ['middle']);
    const reversed = await errorOf(api.waitForEmailCount({ inboxId: inbox.id, count: 1, since: before, before: since, timeout: LONG }));
    assert.equal(reversed.status, 400);
    assert.match(reversed.message, /since .* must be earlier than before/);
  });

  test("another tenant's inbox is refused at once with 404 by every operation", async () => {
    const theirs = await other.mailslurp.createInbox();
    const started = Date.now();
    const matchOptions = { matches: [] };
    const bodies = await Promise.all([
      api.waitForLatestEmail({ inboxId: theirs.id, timeout: LONG }),
      api.waitForNthEmail({ inboxId: theirs.id, index: 0, timeout: LONG }),
      api.waitForEmailCount({ inboxId: theirs.id, count: 1, timeout: LONG }),
      api.waitForMatchingEmails({ inboxId: theirs.id, count: 1, matchOptions, timeout: LONG }),
      api.waitForMatchingFirstEmail({ inboxId: theirs.id, matchOptions, timeout: LONG }),
      api.waitFor({ waitForConditions: { inboxId: theirs.id, timeout: LONG } }),
    ].map(errorOf));
    for (const body of bodies) {
      assert.equal(body.status, 404);
      assert.match(body.message, new RegExp(`No inbox ${theirs.id}`));
    }
    assert.ok(Date.now() - started < LONG / 2, 'no call waited');
    // Their mail, arriving during a tenant-wide wait of a user with no mail, does not answer it.
    const stranger = await server.createTenant();
    const strangerApi = new WaitForControllerApi(new Configuration({ apiKey: stranger.apiKey, basePath: server.url }));
    const base = waiting();
    const anyOfMine = track(statusOf(strangerApi.waitForLatestEmail({ timeout: 1_500 })));
    await until(() => waiting() === base + 1, "the stranger's wait is registered");
    await deliver(theirs, { subject: 'not yours' });
    assert.equal(await anyOfMine.promise, 408);
  });

  test('without inboxId, waitForLatestEmail watches every inbox of the caller', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const since = clock.now();
    const base = waiting();
    const any = track(api.waitForLatestEmail({ timeout: LONG, since }));
    await until(() => waiting() === base + 1, 'the tenant-wide wait is registered');
    await deliver(inbox, { subject: 'anywhere' });
    const email = await any.promise;
    assert.equal(email.subject, 'anywhere');
    assert.equal(email.inboxId, inbox.id);
  });

  test('a client that disconnects cancels its wait: the bus listener is released', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const bus = server.server.bus;
    const listenersBefore = bus.listenerCount('email.received');
    const waitersBefore = waiting();
    assert.equal(waitersBefore, 0, 'no other wait is running');
    const held = [
      `/waitForLatestEmail?inboxId=${inbox.id}&timeout=${LONG}`,
      `/waitForMatchingFirstEmail?inboxId=${inbox.id}&timeout=${LONG}`,
      `/inboxes/getLatestEmail?inboxId=${inbox.id}&timeoutMillis=${LONG}`,
      `/inboxes/${inbox.id}/emails?minCount=1&retryTimeout=${LONG}`,
    ];
    for (const path of held) {
      const controller = new AbortController();
      const post = path.startsWith('/waitForMatching');
      const request = tenant.fetch(path, {
        signal: controller.signal,
        ...(post ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      const outcome = request.then(() => 'answered', (err: Error) => err.name);
      await until(() => waiting() === 1, `${path} is waiting`);
      assert.equal(bus.listenerCount('email.received'), listenersBefore + 1, 'the waiting request holds one bus listener');

      controller.abort();
      assert.equal(await outcome, 'AbortError');
      await until(() => waiting() === 0, `the server dropped the abandoned wait of ${path}`, LONG / 3);
      assert.equal(bus.listenerCount('email.received'), listenersBefore, 'the listener is gone long before the timeout');
    }
  });

  test('bad input is 400 naming the field', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const count = await errorOf(api.waitForEmailCount({ inboxId: inbox.id, count: 0, timeout: SHORT }));
    assert.equal(count.status, 400);
    assert.match(count.message, /count/);
    const response = await tenant.fetch('/waitFor', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inboxId: inbox.id, matches: [{ field: 'BODY', should: 'CONTAIN', value: 'x' }], timeout: SHORT }),
    });
    assert.equal(response.status, 400);
    assert.match(((await response.json()) as ErrorBody).message, /matches.*field.*must be one of SUBJECT, TO, BCC, CC, FROM, HEADERS/);
    const noTimeout = await tenant.fetch('/waitFor', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ inboxId: inbox.id }),
    });
    assert.equal(noTimeout.status, 400);
    assert.match(((await noTimeout.json()) as ErrorBody).message, /'timeout' is required/);
  });

  test('PIGEONHOLE_MAX_WAIT cuts longer timeouts', async () => {
    const limited = await startTestServer(dialect, { env: { PIGEONHOLE_MAX_WAIT: '200' } });
    try {
      const user = await limited.createTenant();
      const inbox = await user.mailslurp.createInbox();
      const started = Date.now();
      const body = await errorOf(user.mailslurp.waitForLatestEmail(inbox.id, 60_000));
      assert.equal(body.status, 408);
      assert.match(body.message, /within 200 ms/);
      assert.ok(Date.now() - started < 10_000, 'held for the configured maximum, not the minute asked for');
    } finally {
      await limited.close();
    }
  });
});
