/**
 * Rulesets through the official client on both databases: the operations, and what the
 * rules do in the pipelines end to end (SMTP with nodemailer, API sends, the DSN of a bounce).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { CreateRulesetOptionsActionEnum as Action, CreateRulesetOptionsScopeEnum as Scope, CreateWebhookOptionsEventNameEnum as Event } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { refusal } from '../helpers/client-errors.js';
import { openEventStream } from '../helpers/event-stream.js';
import { startRelayServer } from '../helpers/relay-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

describeEachDialect('rulesets', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let hook: WebhookReceiver;

  before(async () => {
    hook = await startWebhookReceiver();
    server = await startTestServer(dialect, { env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false' } });
    alice = await server.createTenant();
  });
  after(async () => {
    await server?.close();
    await hook?.close();
  });

  const rulesets = () => alice.mailslurp.rulesetController;
  const receiving = (action: Action, target: string) => ({ scope: Scope.RECEIVING_EMAILS, action, target });
  const smtpSend = (to: string, from: string, headerFrom = from, subject = 'hi') =>
    smtpTransport(server).sendMail({ envelope: { from, to: [to] }, raw: rawMessage({ from: headerFrom, to, subject, body: 'hello' }) });
  const smtpError = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (err) {
      return err as { responseCode?: number; response?: string };
    }
    assert.fail('the message was accepted');
  };
  const send = (inboxId: string, sendEmailOptions: { to: string[]; subject: string; body: string }) =>
    alice.mailslurp.inboxController.sendEmailAndConfirm({ inboxId, sendEmailOptions });
  const count = async (inboxId: string) => (await alice.mailslurp.inboxController.getInboxEmailCount({ inboxId })).totalElements;
  const setActive = async (id: string, active: boolean) => {
    const response = await alice.fetch(`/rulesets/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ active }) });
    assert.equal(response.status, 200);
    return (await response.json()) as { active: boolean };
  };

  test('create, get, list, page, search and delete, for an inbox and for the account', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const other = await alice.mailslurp.createInbox();
    const account = await rulesets().createNewRuleset({ createRulesetOptions: receiving(Action.BLOCK, '*@Spam.Example') });
    assert.equal(account.inboxId ?? null, null);
    assert.equal(account.target, '*@spam.example', 'targets are kept lower-case');
    assert.equal(account.scope, 'RECEIVING_EMAILS');
    assert.equal(account.action, 'BLOCK');
    assert.equal(account.handler, 'EXCEPTION');
    assert.ok(account.createdAt instanceof Date);
    const own = await rulesets().createNewRuleset({ inboxId: inbox.id, createRulesetOptions: receiving(Action.ALLOW, 'friend@spam.example') });
    assert.equal(own.inboxId, inbox.id);
    const viaInbox = await alice.mailslurp.inboxController.createInboxRuleset({
      inboxId: inbox.id, createRulesetOptions: { scope: Scope.SENDING_EMAILS, action: Action.FILTER_REMOVE, target: '*@nowhere.example' },
    });
    await rulesets().createNewRuleset({ inboxId: other.id, createRulesetOptions: receiving(Action.BLOCK, '*') });

    assert.deepEqual(await rulesets().getRuleset({ id: own.id }), own);
    const ofInbox = await rulesets().getRulesets({ inboxId: inbox.id });
    assert.deepEqual(ofInbox.content!.map((r) => r.id).sort(), [own.id, viaInbox.id].sort());
    const listed = await alice.mailslurp.inboxController.listInboxRulesets({ inboxId: inbox.id, size: 1 });
    assert.equal(listed.totalElements, 2);
    assert.equal(listed.totalPages, 2);
    assert.equal((await rulesets().getRulesets({})).totalElements, 4);
    assert.deepEqual((await rulesets().getRulesets({ searchFilter: 'FRIEND' })).content!.map((r) => r.id), [own.id]);

    await rulesets().deleteRuleset({ id: own.id });
    assert.equal((await refusal(rulesets().getRuleset({ id: own.id }))).status, 404);
    assert.equal((await refusal(rulesets().deleteRuleset({ id: own.id }))).status, 404);
    await rulesets().deleteRulesets({ inboxId: inbox.id });
    assert.equal((await rulesets().getRulesets({ inboxId: inbox.id })).totalElements, 0);
    assert.equal((await rulesets().getRulesets({})).totalElements, 2, "the account's and the other inbox's are left");
    // deleting an inbox deletes its rulesets
    await alice.mailslurp.inboxController.deleteInbox({ inboxId: other.id });
    assert.equal((await rulesets().getRulesets({})).totalElements, 1);
    await rulesets().deleteRulesets({});
    assert.equal((await rulesets().getRulesets({})).totalElements, 0);
  });

  test('bad input is a 400 naming what is wrong; unknown inboxes are 404', async () => {
    // SMS scopes judge phone numbers (test/integration/sms-pipeline.test.ts): an address is no target of theirs
    const sms = await refusal(rulesets().createNewRuleset({ createRulesetOptions: { scope: Scope.RECEIVING_SMS, action: Action.BLOCK, target: '*@example.com' } }));
    assert.equal(sms.status, 400);
    assert.match(sms.message, /RECEIVING_SMS.*E\.164/);
    const phone = await refusal(rulesets().createNewRuleset({ phoneId: randomUUID(), createRulesetOptions: receiving(Action.BLOCK, '*') }));
    assert.equal(phone.status, 400);
    assert.match(phone.message, /phone number's ruleset has scope RECEIVING_SMS or SENDING_SMS/);
    const blank = await refusal(rulesets().createNewRuleset({ createRulesetOptions: receiving(Action.BLOCK, '  ') }));
    assert.equal(blank.status, 400);
    assert.match(blank.message, /target/);
    const action = await alice.fetch('/rulesets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scope: 'RECEIVING_EMAILS', action: 'FORWARD', target: '*' }) });
    assert.equal(action.status, 400);
    assert.match(((await action.json()) as { message: string }).message, /action/);
    assert.equal((await refusal(rulesets().createNewRuleset({ inboxId: randomUUID(), createRulesetOptions: receiving(Action.BLOCK, '*') }))).status, 404);
  });

  test('the test operations answer what the pipeline does', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const block = await rulesets().createNewRuleset({ createRulesetOptions: receiving(Action.BLOCK, '*@blocked.example') });
    const allow = await rulesets().createNewRuleset({ inboxId: inbox.id, createRulesetOptions: receiving(Action.ALLOW, 'vip@blocked.example') });
    const sendBlock = await rulesets().createNewRuleset({ inboxId: inbox.id, createRulesetOptions: { scope: Scope.SENDING_EMAILS, action: Action.BLOCK, target: '*@competitor.example' } });
    try {
      assert.deepEqual(await rulesets().testRuleset({ id: block.id, rulesetTestOptions: { testTarget: 'Someone@Blocked.Example' } }),
        { rulesetMatches: { [block.id]: true }, matches: true });
      assert.deepEqual(await rulesets().testRuleset({ id: block.id, rulesetTestOptions: { testTarget: 'someone@fine.example' } }),
        { rulesetMatches: { [block.id]: false }, matches: false });
      const forInbox = await rulesets().testInboxRulesetsForInbox({ inboxId: inbox.id, rulesetTestOptions: { testTarget: 'vip@blocked.example' } });
      assert.deepEqual(forInbox, { rulesetMatches: { [block.id]: true, [allow.id]: true, [sendBlock.id]: false }, matches: true });
      assert.deepEqual(await rulesets().testNewRuleset({
        testNewInboxRulesetOptions: { inboxRulesetTestOptions: { testTarget: 'a@b.example' }, createRulesetOptions: receiving(Action.BLOCK, '*@b.example') },
      }), { rulesetMatches: { new: true }, matches: true });

      const canReceive = async (fromSender: string, inboxId?: string) => (await rulesets().testRulesetReceiving({ testRulesetReceivingOptions: { inboxId, fromSender } })).canReceive;
      assert.equal(await canReceive('x@blocked.example', inbox.id), false);
      assert.equal(await canReceive('vip@blocked.example', inbox.id), true, "the inbox's ALLOW comes before the account's BLOCK");
      assert.equal(await canReceive('vip@blocked.example'), false, "without an inbox, the account's rules");
      assert.equal(await canReceive('x@fine.example', inbox.id), true);
      const canSend = async (recipient: string) => (await rulesets().testRulesetSending({ testInboxRulesetSendingOptions: { inboxId: inbox.id, recipient } })).canSend;
      assert.equal(await canSend('ceo@competitor.example'), false);
      assert.equal(await canSend('ceo@partner.example'), true);

      // the pipeline agrees: the blocked sender is refused, the allowed one arrives
      const refused = await smtpError(smtpSend(inbox.emailAddress, 'x@blocked.example'));
      assert.equal(refused.responseCode, 550);
      await smtpSend(inbox.emailAddress, 'vip@blocked.example');
      assert.equal(await count(inbox.id), 1);

      await setActive(block.id, false);
      assert.deepEqual(await rulesets().testRuleset({ id: block.id, rulesetTestOptions: { testTarget: 'x@blocked.example' } }),
        { rulesetMatches: { [block.id]: false }, matches: false }, 'a ruleset switched off acts on nothing');
      assert.equal(await canReceive('x@blocked.example', inbox.id), true);
    } finally {
      await rulesets().deleteRulesets({});
    }
  });

  test('over SMTP: a blocked sender gets a 5xx naming the ruleset and nothing is stored; ALLOW beats BLOCK; inactive rulesets do nothing', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const block = await rulesets().createNewRuleset({ inboxId: inbox.id, createRulesetOptions: receiving(Action.BLOCK, '*@spam.example') });
    try {
      const refused = await smtpError(smtpSend(inbox.emailAddress, 'bot@spam.example'));
      assert.equal(refused.responseCode, 550);
      assert.match(String(refused.response), new RegExp(`ruleset ${block.id} \\(BLOCK \\*@spam.example\\)`));
      // the From header is judged too, after DATA: refused when it leaves no inbox
      const byHeader = await smtpError(smtpSend(inbox.emailAddress, 'relay@fine.example', 'Bot <bot@SPAM.example>'));
      assert.equal(byHeader.responseCode, 550);
      assert.match(String(byHeader.response), new RegExp(block.id));
      assert.equal(await count(inbox.id), 0, 'nothing stored');

      // an ALLOW for the same message wins, whether it names the envelope sender or the From header
      const allow = await rulesets().createNewRuleset({ inboxId: inbox.id, createRulesetOptions: receiving(Action.ALLOW, 'boss@spam.example') });
      await smtpSend(inbox.emailAddress, 'boss@spam.example');
      await smtpSend(inbox.emailAddress, 'relay@fine.example', 'boss@spam.example');
      assert.equal(await count(inbox.id), 2);
      await rulesets().deleteRuleset({ id: allow.id });

      // switched off, the BLOCK does nothing; on again, it blocks again
      assert.equal((await setActive(block.id, false)).active, false);
      assert.equal((await rulesets().getRuleset({ id: block.id })).id, block.id);
      await smtpSend(inbox.emailAddress, 'bot@spam.example');
      assert.equal(await count(inbox.id), 3);
      await setActive(block.id, true);
      assert.equal((await smtpError(smtpSend(inbox.emailAddress, 'bot@spam.example'))).responseCode, 550);

      // FILTER_REMOVE: accepted, not stored
      const filter = await rulesets().createNewRuleset({ inboxId: inbox.id, createRulesetOptions: receiving(Action.FILTER_REMOVE, 'noise@*') });
      const info = await smtpSend(inbox.emailAddress, 'noise@fine.example');
      assert.match(info.response, /^250/);
      assert.equal(await count(inbox.id), 3);
      await rulesets().deleteRuleset({ id: filter.id });
    } finally {
      await rulesets().deleteRulesets({});
    }
  });

  test('a bounce rule accepts the message, stores nothing, and delivers an RFC 3464 DSN to the sender', async () => {
    const sender = await alice.mailslurp.createInbox();
    const inbox = await alice.mailslurp.createInbox();
    const rule = await rulesets().createNewRuleset({ inboxId: inbox.id, createRulesetOptions: receiving(Action.BOUNCE_HARD, sender.emailAddress) });
    const webhook = await alice.mailslurp.webhookController.createAccountWebhook({ createWebhookOptions: { url: hook.url, eventName: Event.BOUNCE, name: 'bounces' } });
    const stream = await openEventStream(server, alice, `?inboxId=${inbox.id}`);
    try {
      const info = await smtpSend(inbox.emailAddress, sender.emailAddress, sender.emailAddress, 'will bounce');
      assert.match(info.response, /^250/);
      assert.equal(await count(inbox.id), 0);
      const event = await stream.next();
      assert.equal(event.event, 'ruleset.bounced');
      assert.equal(event.data.rulesetId, rule.id);

      const dsn = await alice.mailslurp.waitController.waitForLatestEmail({ inboxId: sender.id, timeout: 20_000, unreadOnly: true });
      const raw = await (await alice.fetch(`/emails/${dsn.id}/raw`)).text();
      const parsed = await simpleParser(raw);
      assert.equal((parsed.headers.get('content-type') as { value: string }).value, 'multipart/report');
      assert.equal(parsed.from?.value[0]?.address, `mailer-daemon@${inbox.domain}`);
      assert.match(raw, /report-type=delivery-status/);
      const status = /Content-Type: message\/delivery-status\r\n\r\n([\s\S]*?)\r\n--/.exec(raw)![1]!;
      assert.match(status, new RegExp(`Final-Recipient: rfc822; ${inbox.emailAddress}`));
      assert.match(status, /Action: failed/);
      assert.match(status, /Status: 5\.\d+\.\d+/);
      assert.match(status, new RegExp(`Diagnostic-Code: smtp; 550 5\\.7\\.1 Refused by ruleset ${rule.id}`));
      assert.match(raw, /Content-Type: text\/rfc822-headers\r\n\r\n[\s\S]*Subject: will bounce/);

      // recorded as a bounce of the account
      const bounces = await alice.mailslurp.bounceController.getBouncedEmails({});
      const bounce = bounces.content!.find((b) => b.sender === sender.emailAddress.toLowerCase());
      assert.ok(bounce);
      // and the BOUNCE webhook hears of it
      const [delivery] = await hook.waitFor(1, (r) => r.json.bounceId === bounce.id);
      assert.equal(delivery!.json.eventName, 'BOUNCE');
      assert.deepEqual(delivery!.json.bounceRecipients, [inbox.emailAddress]);
      await alice.mailslurp.webhookController.deleteWebhookById({ webhookId: webhook.id });
    } finally {
      await stream.close();
      await rulesets().deleteRulesets({});
    }
  });

  test('without a relay, the DSN to an outside sender is captured (the job says so)', async () => {
    const inbox = await alice.mailslurp.createInbox();
    await rulesets().createNewRuleset({ inboxId: inbox.id, createRulesetOptions: receiving(Action.BOUNCE_HARD, '*@outside.example') });
    try {
      await smtpSend(inbox.emailAddress, 'someone@outside.example');
      const job = await doneBounceJob(server, alice, inbox.id);
      assert.equal(job.result?.delivery, 'CAPTURED');
      assert.equal(job.result?.to, 'someone@outside.example');
    } finally {
      await rulesets().deleteRulesets({});
    }
  });

  test('a soft bounce answers 4.x.x; a bounce is never bounced back', async () => {
    const sender = await alice.mailslurp.createInbox();
    const inbox = await alice.mailslurp.createInbox();
    await rulesets().createNewRuleset({ inboxId: inbox.id, createRulesetOptions: receiving(Action.BOUNCE_SOFT, '*') });
    // the sender bounces everything too: its DSN must not set off a loop
    await rulesets().createNewRuleset({ inboxId: sender.id, createRulesetOptions: receiving(Action.BOUNCE_HARD, 'mailer-daemon@*') });
    try {
      await smtpSend(inbox.emailAddress, sender.emailAddress);
      // the DSN reaches the sender's rule, which drops it rather than bouncing a bounce
      await waitFor(async () => {
        const jobs = await server.server.store.repos.automationJobs.page(alice.userId, { kinds: ['rule-bounce'], inboxId: inbox.id }, { page: 0, size: 10, sort: 'ASC' });
        return jobs.items.some((j) => j.state === 'done');
      });
      const jobs = await server.server.store.repos.automationJobs.page(alice.userId, { kinds: ['rule-bounce'] }, { page: 0, size: 100, sort: 'ASC' });
      assert.equal(jobs.items.filter((j) => j.inboxId === sender.id).length, 0, 'no DSN answers a DSN');
      const soft = jobs.items.find((j) => j.inboxId === inbox.id)!;
      assert.equal((soft.payload as { permanent: boolean }).permanent, false);
    } finally {
      await rulesets().deleteRulesets({});
    }
  });

  test('sending: a BLOCK is a 400 naming the ruleset with nothing sent; FILTER_REMOVE drops the recipient; receiving rules hold for API sends', async () => {
    const from = await alice.mailslurp.createInbox();
    const to = await alice.mailslurp.createInbox();
    const block = await rulesets().createNewRuleset({ inboxId: from.id, createRulesetOptions: { scope: Scope.SENDING_EMAILS, action: Action.BLOCK, target: '*@competitor.example' } });
    await rulesets().createNewRuleset({ createRulesetOptions: { scope: Scope.SENDING_EMAILS, action: Action.FILTER_REMOVE, target: 'drop@*' } });
    try {
      const sentBefore = (await alice.mailslurp.sentController.getSentEmails({ inboxId: from.id })).totalElements;
      const refused = await refusal(send(from.id, { to: [to.emailAddress, 'ceo@competitor.example'], subject: 'x', body: 'x' }));
      assert.equal(refused.status, 400);
      assert.match(refused.message, new RegExp(`ruleset ${block.id} \\(BLOCK \\*@competitor.example\\)`));
      const bounceAction = await rulesets().createNewRuleset({ inboxId: from.id, createRulesetOptions: { scope: Scope.SENDING_EMAILS, action: Action.BOUNCE_HARD, target: 'b@bounce.example' } });
      const bounced = await refusal(send(from.id, { to: ['b@bounce.example'], subject: 'x', body: 'x' }));
      assert.equal(bounced.status, 400);
      assert.match(bounced.message, new RegExp(bounceAction.id));
      assert.equal((await alice.mailslurp.sentController.getSentEmails({ inboxId: from.id })).totalElements, sentBefore, 'nothing in sent emails');
      assert.equal(await count(to.id), 0);

      const sent = await send(from.id, { to: [to.emailAddress, 'drop@example.com'], subject: 'filtered', body: 'x' });
      assert.deepEqual(sent.to, [to.emailAddress]);
      const onlyDropped = await refusal(send(from.id, { to: ['drop@example.com'], subject: 'x', body: 'x' }));
      assert.equal(onlyDropped.status, 400);

      // the recipient inbox's RECEIVING rule blocks an API send from its sender: a failed delivery naming the rule
      const receive = await rulesets().createNewRuleset({ inboxId: to.id, createRulesetOptions: receiving(Action.BLOCK, from.emailAddress) });
      const arrival = await send(from.id, { to: [to.emailAddress], subject: 'blocked on arrival', body: 'x' });
      const statuses = await alice.mailslurp.sentController.getSentDeliveryStatusesBySentId({ sentId: arrival.id });
      assert.equal(statuses.content!.length, 1);
      assert.equal(statuses.content![0]!.smtpStatusCode, 550);
      assert.match(String(statuses.content![0]!.smtpResponse), new RegExp(`ruleset ${receive.id}`));
      assert.equal(await count(to.id), 1, 'only the filtered send arrived');
      await rulesets().deleteRuleset({ id: receive.id });
    } finally {
      await rulesets().deleteRulesets({});
    }
  });

  test('imports are judged on the From header: one a rule keeps out is a 409 naming the inbound step', async () => {
    const inbox = await alice.mailslurp.createInbox();
    await rulesets().createNewRuleset({ inboxId: inbox.id, createRulesetOptions: receiving(Action.BLOCK, '*@spam.example') });
    try {
      const eml = (from: string) => rawMessage({ from, to: inbox.emailAddress, subject: 'imported', body: 'x' });
      const importRaw = (from: string) => alice.fetch(`/inboxes/${inbox.id}/emails/import/raw`, { method: 'POST', headers: { 'content-type': 'message/rfc822' }, body: eml(from) });
      const refused = await importRaw('bot@spam.example');
      assert.equal(refused.status, 409);
      assert.match(((await refused.json()) as { message: string }).message, /ruleset/);
      assert.equal((await importRaw('friend@fine.example')).status, 201);
      assert.equal(await count(inbox.id), 1);
    } finally {
      await rulesets().deleteRulesets({});
    }
  });

  test('GET /events streams ruleset.blocked', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const rule = await rulesets().createNewRuleset({ inboxId: inbox.id, createRulesetOptions: receiving(Action.BLOCK, '*') });
    const stream = await openEventStream(server, alice, `?inboxId=${inbox.id}`);
    try {
      await smtpError(smtpSend(inbox.emailAddress, 'anyone@example.com'));
      const event = await stream.next();
      assert.equal(event.event, 'ruleset.blocked');
      assert.equal(event.data.rulesetId, rule.id);
      assert.equal(event.data.action, 'BLOCK');
      assert.equal(event.data.sender, 'anyone@example.com');
    } finally {
      await stream.close();
      await rulesets().deleteRulesets({});
    }
  });
});

describeEachDialect('rulesets: DSNs through the relay', (dialect) => {
  let server: TestServer;
  let relay: Awaited<ReturnType<typeof startRelayServer>>;
  let alice: Tenant;
  before(async () => {
    relay = await startRelayServer();
    server = await startTestServer(dialect, { env: { PIGEONHOLE_RELAY_URL: relay.url } });
    alice = await server.createTenant();
  });
  after(async () => {
    await server?.close();
    await relay?.close();
  });

  test('the DSN to an outside sender goes through the relay with the null reverse path', async () => {
    const inbox = await alice.mailslurp.createInbox();
    await alice.mailslurp.rulesetController.createNewRuleset({
      createRulesetOptions: { scope: Scope.RECEIVING_EMAILS, action: Action.BOUNCE_SOFT, target: '*@outside.example' },
    });
    await smtpTransport(server).sendMail({
      envelope: { from: 'someone@outside.example', to: [inbox.emailAddress] },
      raw: rawMessage({ from: 'someone@outside.example', to: inbox.emailAddress, subject: 'to be bounced', body: 'x' }),
    });
    const job = await doneBounceJob(server, alice, inbox.id);
    assert.equal(job.result?.delivery, 'RELAYED');
    const dsn = relay.received.find((m) => m.to.includes('someone@outside.example'));
    assert.ok(dsn, 'the relay got the DSN');
    assert.equal(dsn.from, '', 'MAIL FROM:<>');
    const text = dsn.raw.toString('latin1');
    assert.match(text, /report-type=delivery-status/);
    assert.match(text, /Status: 4\.7\.1/);
    assert.match(text, /Subject: to be bounced/);
  });
});

/** The finished rule-bounce job of the inbox, once the automation worker has run it. */
async function doneBounceJob(server: TestServer, tenant: Tenant, inboxId: string) {
  let found: { state: string; result: Record<string, unknown> | null } | undefined;
  await waitFor(async () => {
    const jobs = await server.server.store.repos.automationJobs.page(tenant.userId, { kinds: ['rule-bounce'], inboxId }, { page: 0, size: 10, sort: 'ASC' });
    found = jobs.items.find((j) => j.state === 'done' || j.state === 'failed');
    return found !== undefined;
  });
  assert.equal(found!.state, 'done');
  return found!;
}

async function waitFor(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail('timed out waiting');
}
