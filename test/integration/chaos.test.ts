/**
 * Chaos per inbox: an inbox's SMTP answers fail on purpose, driven by real SMTP clients
 * (nodemailer) against the real server on both databases.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { simpleParser } from 'mailparser';
import { ManualClock } from '../../src/core/clock.js';
import { seededDraw } from '../../src/modules/chaos/chaos.rules.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';

interface SmtpFailure {
  responseCode?: number;
  response?: string;
  message: string;
}

describeEachDialect('chaos per inbox', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  const clock = new ManualClock(new Date());

  before(async () => {
    // An idle timeout shorter than the delays below: a held answer must not be cut by it.
    server = await startTestServer(dialect, { clock, env: { PIGEONHOLE_SMTP_IDLE_TIMEOUT: '1000' } });
    alice = await server.createTenant();
  });
  after(() => server.close());

  const count = async (inboxId: string) => (await alice.mailslurp.inboxController.getInboxEmailCount({ inboxId })).totalElements;
  const setChaos = async (inboxId: string, rules: unknown[]) => {
    const response = await alice.fetch(`/inboxes/${inboxId}/chaos`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules }),
    });
    return { status: response.status, json: (await response.json()) as any };
  };
  /** Sends over the plain port as an MX client would; from `from` to the addresses in `to`. */
  const send = (to: string[], subject: string, from = 'app@client.example') =>
    smtpTransport(server).sendMail({ envelope: { from, to }, raw: rawMessage({ to: to.join(', '), subject, body: `body of ${subject}` }) });
  const failure = async (promise: Promise<unknown>): Promise<SmtpFailure> => {
    try {
      await promise;
    } catch (err) {
      return err as SmtpFailure;
    }
    assert.fail('the SMTP server accepted the message');
  };

  test('set, read and clear an inbox\'s rules; bad rules are a 400 naming what is wrong', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const empty = await (await alice.fetch(`/inboxes/${inbox.id}/chaos`)).json() as any;
    assert.deepEqual(empty, { inboxId: inbox.id, rules: [], createdAt: null, updatedAt: null });

    const set = await setChaos(inbox.id, [{ mode: 'FAIL', stage: 'RCPT', code: 452, enhancedStatus: '4.2.2', probability: 0.25 }]);
    assert.equal(set.status, 200);
    assert.equal(set.json.rules[0].code, 452);
    assert.equal(set.json.rules[0].probability, 0.25);
    assert.equal(set.json.rules[0].message, 'Failure injected by chaos rule');
    const read = await (await alice.fetch(`/inboxes/${inbox.id}/chaos`)).json() as any;
    assert.deepEqual(read.rules, set.json.rules);

    for (const [rule, names] of [
      [{ mode: 'FAIL', code: 250 }, 'code'],
      [{ mode: 'FAIL', code: 451, enhancedStatus: '5.1.1' }, 'enhancedStatus'],
      [{ mode: 'FAIL', probability: 1.5 }, 'probability'],
      [{ mode: 'DELAY', delaySeconds: 61 }, 'delaySeconds'],
      [{ mode: 'DELAY' }, 'delaySeconds'],
      [{ mode: 'BOUNCE', code: 451 }, 'code'],
      [{ mode: 'EXPLODE' }, 'mode'],
    ] as const) {
      const refused = await setChaos(inbox.id, [rule]);
      assert.equal(refused.status, 400, JSON.stringify(rule));
      assert.match(refused.json.message, new RegExp(names), JSON.stringify(refused.json));
    }
    assert.equal((await setChaos(inbox.id, Array.from({ length: 11 }, () => ({ mode: 'FAIL' })))).status, 400);

    const deleted = await alice.fetch(`/inboxes/${inbox.id}/chaos`, { method: 'DELETE' });
    assert.equal(deleted.status, 204);
    assert.deepEqual(((await (await alice.fetch(`/inboxes/${inbox.id}/chaos`)).json()) as any).rules, []);
  });

  test('a RCPT failure with a 4xx code: nodemailer reports it, nothing is stored; clearing the rule lets mail in', async () => {
    const inbox = await alice.mailslurp.createInbox();
    await setChaos(inbox.id, [{ mode: 'FAIL', stage: 'RCPT', code: 451, enhancedStatus: '4.3.2', message: 'Try again later please' }]);
    const err = await failure(send([inbox.emailAddress], 'refused at rcpt'));
    assert.equal(err.responseCode, 451);
    assert.match(err.response ?? err.message, /451 4\.3\.2 Try again later please/);
    assert.equal(await count(inbox.id), 0);

    await alice.fetch(`/inboxes/${inbox.id}/chaos`, { method: 'DELETE' });
    const info = await send([inbox.emailAddress], 'accepted now');
    assert.match(info.response, /^250/);
    assert.equal(await count(inbox.id), 1);
  });

  test('a DATA failure refuses the whole message with its code', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const other = await alice.mailslurp.createInbox();
    await setChaos(inbox.id, [{ mode: 'FAIL', stage: 'DATA', code: 554, enhancedStatus: '5.7.0' }]);
    const err = await failure(send([other.emailAddress, inbox.emailAddress], 'refused at data'));
    assert.equal(err.responseCode, 554);
    assert.match(err.response ?? '', /554 5\.7\.0/);
    assert.equal(await count(inbox.id), 0);
    assert.equal(await count(other.id), 0);
  });

  test('a MAIL failure is answered at the RCPT naming the inbox and refuses the rest of the transaction', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const other = await alice.mailslurp.createInbox();
    const third = await alice.mailslurp.createInbox();
    await setChaos(inbox.id, [{ mode: 'FAIL', stage: 'MAIL', code: 550, enhancedStatus: '5.7.1', message: 'Sender refused' }]);
    // other's RCPT is taken (250) before the chaos inbox is named; third comes after it
    const err = await failure(send([other.emailAddress, inbox.emailAddress, third.emailAddress], 'refused at mail'));
    assert.equal(err.responseCode, 550);
    assert.match(err.response ?? err.message, /5\.7\.1 Sender refused/);
    assert.equal(await count(other.id), 0);
    assert.equal(await count(third.id), 0);
    // a new transaction without the chaos inbox goes through
    assert.match((await send([other.emailAddress], 'new transaction')).response, /^250/);
    assert.equal(await count(other.id), 1);
  });

  test('a seeded probability fails exactly the attempts its draws say', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const seed = 7;
    await setChaos(inbox.id, [{ mode: 'FAIL', stage: 'RCPT', code: 421, enhancedStatus: '4.4.5', probability: 0.5, seed }]);
    const expected = Array.from({ length: 12 }, (_, n) => seededDraw(seed, n) >= 0.5);
    assert.ok(expected.includes(true) && expected.includes(false), 'the seed gives both outcomes');
    const outcomes: boolean[] = [];
    for (let n = 0; n < expected.length; n++) {
      try {
        await send([inbox.emailAddress], `attempt ${n}`);
        outcomes.push(true);
      } catch (err) {
        assert.equal((err as SmtpFailure).responseCode, 421);
        outcomes.push(false);
      }
    }
    assert.deepEqual(outcomes, expected);
    assert.equal(await count(inbox.id), expected.filter(Boolean).length);
  });

  test('a delay holds the answer on a timer past the idle timeout, while another session is answered meanwhile', async () => {
    const slow = await alice.mailslurp.createInbox();
    const fast = await alice.mailslurp.createInbox();
    await setChaos(slow.id, [{ mode: 'DELAY', stage: 'RCPT', delaySeconds: 2 }]);
    const started = Date.now();
    let slowDone = false;
    const slowSend = send([slow.emailAddress], 'slow').then((info) => {
      slowDone = true;
      return info;
    });
    const fastInfo = await send([fast.emailAddress], 'fast');
    assert.match(fastInfo.response, /^250/);
    assert.equal(slowDone, false, 'the second session was answered while the first was held');
    const slowInfo = await slowSend;
    assert.match(slowInfo.response, /^250/);
    assert.ok(Date.now() - started >= 1900, 'the answer was held for the delay');
    assert.equal(await count(slow.id), 1);
  });

  test('greylisting: the first attempt of a triple gets 451 4.7.1, a retry after the delay is accepted', async () => {
    const inbox = await alice.mailslurp.createInbox();
    await setChaos(inbox.id, [{ mode: 'GREYLIST', greylistSeconds: 60 }]);
    const first = await failure(send([inbox.emailAddress], 'first', 'retrier@client.example'));
    assert.equal(first.responseCode, 451);
    assert.match(first.response ?? '', /451 4\.7\.1/);
    clock.advance(30_000);
    assert.equal((await failure(send([inbox.emailAddress], 'too soon', 'retrier@client.example'))).responseCode, 451);
    clock.advance(31_000);
    assert.match((await send([inbox.emailAddress], 'retry', 'retrier@client.example')).response, /^250/);
    // another sender is a new triple: greylisted on its own first attempt
    assert.equal((await failure(send([inbox.emailAddress], 'other', 'someone@client.example'))).responseCode, 451);
    assert.equal(await count(inbox.id), 1);
  });

  test('accept-then-bounce: 250, nothing stored, and after the delay an RFC 3464 DSN reaches the sender', async () => {
    const sender = await alice.mailslurp.createInbox();
    const inbox = await alice.mailslurp.createInbox();
    await setChaos(inbox.id, [{ mode: 'BOUNCE', code: 550, enhancedStatus: '5.1.1', message: 'No such user here', bounceAfterSeconds: 1 }]);
    // the job's due time is on the server's clock, the worker's wait on the real one: line them up
    clock.set(new Date());
    const sentAt = Date.now();
    const info = await send([inbox.emailAddress], 'will bounce', sender.emailAddress);
    assert.match(info.response, /^250/);
    assert.equal(await count(inbox.id), 0);
    // durable: the DSN waits as a job row until it is due
    const jobs = await server.db.store.repos.automationJobs.page(alice.userId, { kinds: ['chaos-bounce'], inboxId: inbox.id }, { page: 0, size: 10, sort: 'ASC' });
    assert.equal(jobs.items.length, 1);

    const dsn = await alice.mailslurp.waitController.waitForLatestEmail({ inboxId: sender.id, timeout: 20_000, unreadOnly: true });
    assert.ok(Date.now() - sentAt >= 900, 'the DSN was held for bounceAfterSeconds');
    const raw = await (await alice.fetch(`/emails/${dsn.id}/raw`)).text();
    const parsed = await simpleParser(raw);
    assert.equal((parsed.headers.get('content-type') as { value: string }).value, 'multipart/report');
    assert.match(raw, /report-type=delivery-status/);
    const status = /Content-Type: message\/delivery-status\r\n\r\n([\s\S]*?)\r\n--/.exec(raw)![1]!;
    assert.match(status, new RegExp(`Final-Recipient: rfc822; ${inbox.emailAddress}`));
    assert.match(status, /Action: failed/);
    assert.match(status, /Status: 5\.1\.1/);
    assert.match(status, /Diagnostic-Code: smtp; 550 5\.1\.1 No such user here/);
    assert.match(raw, /Content-Type: text\/rfc822-headers\r\n\r\n[\s\S]*Subject: will bounce/);
    assert.equal(await count(inbox.id), 0);
  });

  test('chaos is for SMTP clients only: an API send to the inbox is delivered', async () => {
    const from = await alice.mailslurp.createInbox();
    const inbox = await alice.mailslurp.createInbox();
    await setChaos(inbox.id, [{ mode: 'FAIL', stage: 'RCPT', code: 550 }, { mode: 'BOUNCE' }]);
    await alice.mailslurp.sendEmail(from.id, { to: [inbox.emailAddress], subject: 'through the API', body: 'hi' });
    assert.equal(await count(inbox.id), 1);
  });
});
