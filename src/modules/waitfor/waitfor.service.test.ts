import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventBus } from '../../events/bus.js';
import { waitersOf } from '../../events/waiters.js';
import type { InboxRecord } from '../../storage/ports.js';
import { fakeServices, TEST_DOMAIN, type FakeServicesOptions, rejectsWith } from '../../../test/fakes/index.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';

/** Lets pending promise chains and the waits' first checks run (no timer involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function setup(options: FakeServicesOptions = {}) {
  const fake = fakeServices(options);
  const inbox = await fake.services.inboxes.create(ALICE, { emailAddress: `waits@${TEST_DOMAIN}` });
  const other = await fake.services.inboxes.create(ALICE, { emailAddress: `other@${TEST_DOMAIN}` });
  const bobs = await fake.services.inboxes.create(BOB, { emailAddress: `bob@${TEST_DOMAIN}` });

  /** Mail arriving as over SMTP: the real ingest pipeline, which announces email.received. */
  async function arrive(to: InboxRecord, subject: string, options: { from?: string; attachment?: boolean } = {}) {
    fake.clock.advance(1000);
    const headers = [
      `From: ${options.from ?? 'app@example.com'}`, `To: ${to.emailAddress}`, `Subject: ${subject}`,
      `Message-ID: <${randomUUID()}@example.com>`, 'MIME-Version: 1.0',
    ];
    const body = options.attachment
      ? ['Content-Type: multipart/mixed; boundary="b"', '', '--b', 'Content-Type: text/plain', '', subject,
        '--b', 'Content-Type: text/plain; name="a.txt"', 'Content-Disposition: attachment; filename="a.txt"', '', 'file', '--b--']
      : ['Content-Type: text/plain', '', `Body of ${subject}`];
    const [email] = await fake.services.ingest.deliver(Buffer.from([...headers, ...body].join('\r\n')), [to]);
    return email!;
  }

  /** The state of a promise without waiting for it. */
  function watch<T>(promise: Promise<T>) {
    const state = { settled: false };
    promise.then(() => (state.settled = true), () => (state.settled = true));
    return state;
  }

  /** Whether `state`'s wait has ended once everything already set off has run (no timer involved). */
  async function ended(state: { settled: boolean }): Promise<boolean> {
    await settle();
    return state.settled;
  }

  return { ...fake, waitFor: fake.services.waitFor, inbox, other, bobs, arrive, watch, ended };
}

/**
 * Node's mock timers stand in for the wall clock the waits' deadlines are kept on: time
 * stands still unless a test ticks it, so a wait that an event failed to wake stays
 * pending (and the test says so) instead of passing late at its timeout.
 */
function mockTime(t: TestContext) {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.parse('2026-01-01T00:00:00Z') });
}

describe('waitForLatestEmail', () => {
  test('answers at once with the newest email when there is one, and marks it read', async () => {
    const { waitFor, inbox, other, arrive } = await setup();
    await arrive(inbox, 'first');
    const newest = await arrive(inbox, 'second');
    await arrive(other, 'elsewhere');
    const found = await waitFor.latest(ALICE, { inboxId: inbox.id, timeout: 0 });
    assert.equal(found.id, newest.id);
    assert.equal(found.subject, 'second');
    assert.equal(found.read, true);
    // unreadOnly now skips it: the first email is the newest unread one
    assert.equal((await waitFor.latest(ALICE, { inboxId: inbox.id, unreadOnly: true, timeout: 0 })).subject, 'first');
    assert.equal((await waitFor.latest(ALICE, { timeout: 0 })).subject, 'elsewhere', 'without an inbox: any of the caller\'s');
  });

  test('waits for mail and wakes when it arrives in the watched inbox, not elsewhere', async (t) => {
    mockTime(t);
    const { waitFor, inbox, other, bobs, arrive, watch, ended, bus } = await setup();
    const waiting = waitFor.latest(ALICE, { inboxId: inbox.id, timeout: 60_000 });
    const state = watch(waiting);
    assert.equal(await ended(state), false, 'nothing there yet: it waits');
    assert.equal(waitersOf(bus).count('email.received'), 1);
    await arrive(other, 'not for this inbox');
    await arrive(bobs, "not this tenant's");
    assert.equal(await ended(state), false, 'mail for other inboxes does not answer the wait');
    const email = await arrive(inbox, 'the one');
    assert.equal(await ended(state), true, 'the arrival woke it (time stands still)');
    const found = await waiting;
    assert.equal(found.id, email.id);
    assert.equal(found.read, true);
  });

  test('times out with TIMEOUT at its timeout, not before', async (t) => {
    mockTime(t);
    const { waitFor, inbox, watch, ended } = await setup();
    const waiting = waitFor.latest(ALICE, { inboxId: inbox.id, timeout: 5000 });
    const state = watch(waiting);
    await settle();
    t.mock.timers.tick(4999);
    await settle();
    assert.equal(state.settled, false, 'still waiting 1 ms before the timeout');
    t.mock.timers.tick(1);
    assert.equal(await ended(state), true, 'ended at 5000 ms');
    // worded as MailSlurp's (tests written for it match the start), then what was missing
    await rejectsWith(waiting, 'TIMEOUT', new RegExp(`^Failed to satisfy email query for inbox ${inbox.id}: No email arrived in inbox ${inbox.id} within 5000 ms$`));
  });

  test('no wait lasts longer than the bus allows (PIGEONHOLE_MAX_WAIT)', async (t) => {
    mockTime(t);
    const { waitFor, inbox, watch, ended } = await setup({ bus: new EventBus({ maxWaitMs: 2000 }) });
    const waiting = waitFor.latest(ALICE, { inboxId: inbox.id, timeout: 60_000 });
    const state = watch(waiting);
    await settle();
    t.mock.timers.tick(1999);
    await settle();
    assert.equal(state.settled, false);
    t.mock.timers.tick(1);
    assert.equal(await ended(state), true, 'ended at 2000 ms');
    await rejectsWith(waiting, 'TIMEOUT', /within 2000 ms/);
  });

  test('a caller that goes away (aborted signal) ends the wait at once and leaves no waiter behind', async (t) => {
    mockTime(t);
    const { waitFor, inbox, bus, watch, ended } = await setup();
    const controller = new AbortController();
    const waiting = waitFor.latest(ALICE, { inboxId: inbox.id, timeout: 60_000, signal: controller.signal });
    const state = watch(waiting);
    await settle();
    assert.equal(waitersOf(bus).count('email.received'), 1);
    controller.abort();
    assert.equal(await ended(state), true, 'the abort ended it (time stands still)');
    await rejectsWith(waiting, 'TIMEOUT');
    assert.equal(waitersOf(bus).count('email.received'), 0);
    assert.equal(bus.listenerCount('email.received'), 0);
  });

  test("another tenant's inbox is NOT_FOUND at once, and a backwards time range is refused", async () => {
    const { waitFor, bobs, inbox, bus } = await setup();
    await rejectsWith(waitFor.latest(ALICE, { inboxId: bobs.id, timeout: 60_000 }), 'NOT_FOUND');
    const now = new Date();
    await rejectsWith(waitFor.latest(ALICE, { inboxId: inbox.id, since: now, before: now, timeout: 60_000 }), 'BAD_REQUEST', /earlier than before/);
    assert.equal(waitersOf(bus).count('email.received'), 0, 'no wait was started');
  });
});

describe('counts and positions', () => {
  test('waitForEmailCount answers with the first `count` emails once the inbox has them', async (t) => {
    mockTime(t);
    const { waitFor, inbox, arrive, watch, ended } = await setup();
    const first = await arrive(inbox, 'one');
    const waiting = waitFor.count(ALICE, { inboxId: inbox.id, count: 3, timeout: 60_000 });
    const state = watch(waiting);
    assert.equal(await ended(state), false, 'one of three is not enough');
    const second = await arrive(inbox, 'two');
    assert.equal(await ended(state), false, 'two of three is not enough');
    const third = await arrive(inbox, 'three');
    assert.equal(await ended(state), true, 'the third arrival woke it');
    await arrive(inbox, 'four');
    assert.deepEqual((await waiting).map((e) => e.id), [first.id, second.id, third.id]);
    const newestFirst = await waitFor.count(ALICE, { inboxId: inbox.id, count: 2, sort: 'DESC', timeout: 0 });
    assert.deepEqual(newestFirst.map((e) => e.subject), ['four', 'three']);
  });

  test('a count that is not reached times out saying how many there are', async () => {
    const { waitFor, inbox, arrive } = await setup();
    await arrive(inbox, 'one');
    await rejectsWith(waitFor.count(ALICE, { inboxId: inbox.id, count: 3, timeout: 0 }), 'TIMEOUT', /has 1 of the 3 emails/);
  });

  test('waitForNthEmail answers with the index-th email, waiting for it to arrive', async (t) => {
    mockTime(t);
    const { waitFor, inbox, arrive, watch, ended } = await setup();
    await arrive(inbox, 'zero');
    const waiting = waitFor.nth(ALICE, { inboxId: inbox.id, index: 1, timeout: 60_000 });
    const state = watch(waiting);
    assert.equal(await ended(state), false);
    const second = await arrive(inbox, 'one');
    assert.equal(await ended(state), true, 'the arrival woke it');
    assert.equal((await waiting).id, second.id);
    assert.equal((await waitFor.nth(ALICE, { inboxId: inbox.id, index: 0, sort: 'DESC', timeout: 0 })).subject, 'one');
    await rejectsWith(waitFor.nth(ALICE, { inboxId: inbox.id, index: 5, timeout: 0 }), 'TIMEOUT', /which has 2 matching/);
  });
});

describe('matching', () => {
  test('waitForMatchingEmails waits for `count` emails meeting every option', async (t) => {
    mockTime(t);
    const { waitFor, inbox, arrive, watch, ended } = await setup();
    await arrive(inbox, 'Your code is 1234', { from: 'noreply@bank.example' });
    await arrive(inbox, 'Newsletter', { from: 'noreply@bank.example' });
    const options = { matches: [{ field: 'SUBJECT' as const, should: 'CONTAIN' as const, value: 'code' },
      { field: 'FROM' as const, should: 'EQUAL' as const, value: 'NOREPLY@bank.example' }] };
    const waiting = waitFor.matching(ALICE, { inboxId: inbox.id, count: 2, timeout: 60_000 }, options);
    const state = watch(waiting);
    assert.equal(await ended(state), false, 'one match of two');
    await arrive(inbox, 'Your code is 9999', { from: 'someone@else.example' });
    assert.equal(await ended(state), false, 'a code from another sender does not match');
    await arrive(inbox, 'Your new code is 5678', { from: 'noreply@bank.example' });
    assert.equal(await ended(state), true, 'the second match woke it');
    assert.deepEqual((await waiting).map((e) => e.subject), ['Your code is 1234', 'Your new code is 5678']);
  });

  test('waitForMatchingFirstEmail takes regexes over the whole value, and conditions', async () => {
    const { waitFor, inbox, arrive } = await setup();
    await arrive(inbox, 'Order 12 shipped');
    const withFile = await arrive(inbox, 'Invoice 42', { attachment: true });
    const byRegex = await waitFor.firstMatching(ALICE, { inboxId: inbox.id, timeout: 0 },
      { matches: [{ field: 'SUBJECT', should: 'MATCH', value: 'Invoice \\d+' }] });
    assert.equal(byRegex.id, withFile.id);
    await rejectsWith(waitFor.firstMatching(ALICE, { inboxId: inbox.id, timeout: 0 },
      { matches: [{ field: 'SUBJECT', should: 'MATCH', value: '\\d+' }] }), 'TIMEOUT', undefined, 'MATCH is the whole subject, not a part');
    const byCondition = await waitFor.firstMatching(ALICE, { inboxId: inbox.id, timeout: 0 }, { conditions: [{ condition: 'HAS_ATTACHMENTS', value: 'TRUE' }] });
    assert.equal(byCondition.id, withFile.id);
    await rejectsWith(waitFor.firstMatching(ALICE, { inboxId: inbox.id, timeout: 0 },
      { matches: [{ field: 'SUBJECT', should: 'MATCH', value: '(unclosed' }] }), 'BAD_REQUEST');
  });

  test('waitFor with EXACTLY refuses to answer while more emails match than asked for', async () => {
    const { waitFor, inbox, arrive } = await setup();
    await arrive(inbox, 'Alert A');
    await arrive(inbox, 'Alert B');
    const options = { matches: [{ field: 'SUBJECT' as const, should: 'CONTAIN' as const, value: 'Alert' }] };
    await rejectsWith(waitFor.conditions(ALICE, { inboxId: inbox.id, count: 1, timeout: 0 }, options), 'TIMEOUT', /has more than 1 matching emails, not exactly 1/);
    assert.equal((await waitFor.conditions(ALICE, { inboxId: inbox.id, count: 1, countType: 'ATLEAST', timeout: 0 }, options)).length, 2);
    assert.equal((await waitFor.conditions(ALICE, { inboxId: inbox.id, count: 2, timeout: 0 }, options)).length, 2);
  });
});
