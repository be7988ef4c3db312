import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { fakeServices, rejectsWith, TEST_DOMAIN } from '../../../test/fakes/index.js';
import type { AutomationJobRepository, NewAutomationJob } from '../../storage/ports.js';
import { RecipientRefused } from '../email/ingest.service.js';
import { RulesetInbound } from './ruleset.inbound.js';
import { RulesetSendGuard } from './ruleset.send-guard.js';
import { RulesetService } from './ruleset.service.js';
import type { PhoneNumberRecord } from '../../storage/ports.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';

async function setup() {
  const fake = fakeServices();
  const { inboxes, rulesets } = fake.services;
  const inbox = await inboxes.create(ALICE, { emailAddress: `box@${TEST_DOMAIN}` });
  const queued: NewAutomationJob[] = [];
  // a recording job queue: this test is about what the step queues, not about the job table
  const jobs = { enqueue: async (list: NewAutomationJob[]) => void queued.push(...list) } as unknown as AutomationJobRepository;
  let kicks = 0;
  const inbound = new RulesetInbound(rulesets, jobs, fake.repos.bounces, fake.bus, fake.clock, () => kicks++);
  const events: Array<{ name: string; payload: unknown }> = [];
  for (const name of ['ruleset.blocked', 'ruleset.bounced'] as const) fake.bus.subscribe(name, (payload) => events.push({ name, payload }));
  return { ...fake, rulesets, inbox, inbound, queued, events, kicks: () => kicks };
}

const raw = (from: string, extra: string[] = []) =>
  Buffer.from([`From: ${from}`, 'To: box@pigeonhole.test', 'Subject: s', ...extra, '', 'body', ''].join('\r\n'));

describe('rulesets', () => {
  test('create checks scope, owner and target; get, page, switch off and delete are per tenant', async () => {
    const { rulesets, inbox } = await setup();
    const rule = await rulesets.create(ALICE, { scope: 'RECEIVING_EMAILS', action: 'BLOCK', target: ' *@Spam.Example ' }, { inboxId: inbox.id });
    assert.deepEqual([rule.target, rule.inboxId, rule.active], ['*@spam.example', inbox.id, true]);
    await rejectsWith(rulesets.create(ALICE, { scope: 'SENDING_SMS', action: 'BLOCK', target: '*' }, { inboxId: inbox.id }), 'BAD_REQUEST', /SENDING_SMS judges SMS/);
    await rejectsWith(rulesets.create(ALICE, { scope: 'SENDING_SMS', action: 'BLOCK', target: 'someone@example.com' }, {}), 'BAD_REQUEST', /E\.164/);
    await rejectsWith(rulesets.create(ALICE, { scope: 'RECEIVING_EMAILS', action: 'BLOCK', target: '*' }, { phoneId: randomUUID() }), 'BAD_REQUEST', /phone number's ruleset/);
    await rejectsWith(rulesets.create(ALICE, { scope: 'RECEIVING_EMAILS', action: 'BLOCK', target: 'a b@c' }, {}), 'BAD_REQUEST', /spaces/);
    await rejectsWith(rulesets.create(BOB, { scope: 'RECEIVING_EMAILS', action: 'BLOCK', target: '*' }, { inboxId: inbox.id }), 'NOT_FOUND');
    await rejectsWith(rulesets.get(BOB, rule.id), 'NOT_FOUND');
    await rejectsWith(rulesets.setActive(BOB, rule.id, false), 'NOT_FOUND');
    assert.equal((await rulesets.page(BOB, {})).slice.total, 0);
    assert.equal((await rulesets.setActive(ALICE, rule.id, false)).active, false);
    await rejectsWith(rulesets.delete(BOB, rule.id), 'NOT_FOUND');
    await rulesets.delete(ALICE, rule.id);
    await rejectsWith(rulesets.get(ALICE, rule.id), 'NOT_FOUND');
  });

  test("test operations: the inbox's rules and the account's, switched-off ones false", async () => {
    const { rulesets, inbox } = await setup();
    const account = await rulesets.create(ALICE, { scope: 'RECEIVING_EMAILS', action: 'BLOCK', target: '*@spam.example' }, {});
    const allow = await rulesets.create(ALICE, { scope: 'RECEIVING_EMAILS', action: 'ALLOW', target: 'ok@spam.example' }, { inboxId: inbox.id });
    const off = await rulesets.create(ALICE, { scope: 'SENDING_EMAILS', action: 'BLOCK', target: '*' }, { inboxId: inbox.id });
    await rulesets.setActive(ALICE, off.id, false);
    assert.deepEqual(await rulesets.testInbox(ALICE, inbox.id, 'ok@spam.example'),
      { rulesetMatches: { [account.id]: true, [allow.id]: true, [off.id]: false }, matches: true });
    assert.equal(await rulesets.canReceive(ALICE, { inboxId: inbox.id }, 'ok@spam.example'), true);
    assert.equal(await rulesets.canReceive(ALICE, { inboxId: inbox.id }, 'x@spam.example'), false);
    assert.equal(await rulesets.canSend(ALICE, { inboxId: inbox.id }, 'x@spam.example'), true, 'the switched-off rule does nothing');
    assert.deepEqual(rulesets.testNew({ scope: 'RECEIVING_EMAILS', action: 'BLOCK', target: '*' }, 'a@b.c'), { rulesetMatches: { new: true }, matches: true });
    await rejectsWith(rulesets.testInbox(BOB, inbox.id, 'a@b.c'), 'NOT_FOUND');
  });

  test('at RCPT, a BLOCK of the envelope sender is refused naming the ruleset; the null sender is not judged there', async () => {
    const { rulesets, inbox, inbound, events } = await setup();
    const rule = await rulesets.create(ALICE, { scope: 'RECEIVING_EMAILS', action: 'BLOCK', target: '*@spam.example' }, {});
    await assert.rejects(inbound.check(inbox, { mailFrom: 'Bot@Spam.example', smtp: true }),
      (err: unknown) => err instanceof RecipientRefused && err.message.includes(`ruleset ${rule.id} (BLOCK *@spam.example)`));
    await inbound.check(inbox, { mailFrom: 'friend@fine.example', smtp: true });
    await inbound.check(inbox, { mailFrom: '', smtp: true });
    assert.deepEqual(events.map((e) => e.name), ['ruleset.blocked']);
  });

  test('between parse and store: filters drop silently, a header BLOCK refuses an SMTP message no inbox takes', async () => {
    const { services, rulesets, inbox, inbound, queued } = await setup();
    const other = await services.inboxes.create(ALICE, { emailAddress: `other@${TEST_DOMAIN}` });
    await rulesets.create(ALICE, { scope: 'RECEIVING_EMAILS', action: 'FILTER_REMOVE', target: 'noise@*' }, { inboxId: inbox.id });
    await rulesets.create(ALICE, { scope: 'RECEIVING_EMAILS', action: 'BLOCK', target: '*@spam.example' }, { inboxId: inbox.id });
    const noise = raw('noise@fine.example');
    assert.deepEqual((await inbound.apply(await services.ingest.parse(noise), [inbox, other], noise)).map((i) => i.id), [other.id]);
    const spam = raw('Bot <bot@spam.example>');
    const parsed = await services.ingest.parse(spam);
    assert.deepEqual(await inbound.apply(parsed, [inbox], spam), [], 'without SMTP (an import, a local send): dropped');
    await assert.rejects(inbound.apply(parsed, [inbox], spam, { mailFrom: 'relay@fine.example', smtp: true }), RecipientRefused);
    assert.deepEqual((await inbound.apply(parsed, [inbox, other], spam, { mailFrom: 'relay@fine.example', smtp: true })).map((i) => i.id), [other.id]);
    assert.equal(queued.length, 0);
  });

  test('a bounce rule queues one DSN job to the return path and records a bounce; automatic mail and null senders are never bounced', async () => {
    const { services, rulesets, inbox, inbound, queued, events, repos, kicks } = await setup();
    const rule = await rulesets.create(ALICE, { scope: 'RECEIVING_EMAILS', action: 'BOUNCE_HARD', target: '*@spam.example' }, { inboxId: inbox.id });
    const spam = raw('Bot <bot@spam.example>');
    assert.deepEqual(await inbound.apply(await services.ingest.parse(spam), [inbox], spam, { mailFrom: 'return@spam.example', smtp: true }), []);
    assert.equal(queued.length, 1);
    const job = queued[0]!;
    assert.deepEqual([job.kind, job.subjectId, job.inboxId, job.tenantId], ['rule-bounce', rule.id, inbox.id, ALICE]);
    const payload = job.payload as Record<string, unknown>;
    assert.equal(payload.sender, 'return@spam.example', 'the envelope sender is the return path');
    assert.equal(payload.permanent, true);
    assert.match(String(payload.headers), /^From: Bot <bot@spam.example>/);
    assert.equal(kicks(), 1);
    assert.equal(events.at(-1)?.name, 'ruleset.bounced');
    const bounced = await repos.bounces.pageEmails(ALICE, {}, { page: 0, size: 10, sort: 'ASC' });
    assert.deepEqual(bounced.items.map((b) => [b.sender, b.bounceType, b.bounceRecipients]), [['return@spam.example', 'Permanent', [inbox.emailAddress]]]);

    const auto = raw('bot@spam.example', ['Auto-Submitted: auto-replied']);
    assert.deepEqual(await inbound.apply(await services.ingest.parse(auto), [inbox], auto, { mailFrom: 'bot@spam.example', smtp: true }), []);
    assert.deepEqual(await inbound.apply(await services.ingest.parse(spam), [inbox], spam, { mailFrom: '', smtp: true }), []);
    assert.equal(queued.length, 1, 'no DSN for an auto-reply or a bounce');
  });

  test('the send guard: BLOCK and bounce actions refuse the send naming the ruleset, FILTER_REMOVE drops a recipient', async () => {
    const { rulesets, inbox } = await setup();
    const guard = new RulesetSendGuard(rulesets);
    const to = (...addresses: string[]) => ({ to: addresses.map((emailAddress) => ({ emailAddress, name: null, rawValue: emailAddress })), cc: [], bcc: [] });
    assert.deepEqual(await guard.check(inbox, to('a@x.example')), to('a@x.example'), 'no rules: unchanged');
    await rulesets.create(ALICE, { scope: 'SENDING_EMAILS', action: 'FILTER_REMOVE', target: 'drop@*' }, {});
    const block = await rulesets.create(ALICE, { scope: 'SENDING_EMAILS', action: 'BLOCK', target: '*@rival.example' }, { inboxId: inbox.id });
    const bounce = await rulesets.create(ALICE, { scope: 'SENDING_EMAILS', action: 'BOUNCE_SOFT', target: 'b@x.example' }, { inboxId: inbox.id });
    await rulesets.create(ALICE, { scope: 'SENDING_EMAILS', action: 'ALLOW', target: 'ceo@rival.example' }, { inboxId: inbox.id });
    assert.deepEqual(await guard.check(inbox, to('a@x.example', 'drop@x.example', 'ceo@rival.example')), to('a@x.example', 'ceo@rival.example'));
    await rejectsWith(guard.check(inbox, to('a@x.example', 'cfo@rival.example')), 'BAD_REQUEST', new RegExp(`ruleset ${block.id}`));
    await rejectsWith(guard.check(inbox, to('b@x.example')), 'BAD_REQUEST', new RegExp(`ruleset ${bounce.id}.*like BLOCK`));
  });
});

describe('SMS rulesets', () => {
  const phone = { id: 'phone-a', tenantId: ALICE, phoneNumber: '+15005550006' } as PhoneNumberRecord;
  const other = { id: 'phone-b', tenantId: ALICE, phoneNumber: '+15005550007' } as PhoneNumberRecord;
  function smsRules() {
    const fake = fakeServices();
    const phones = { findById: async (tenantId: string, id: string) => [phone, other].find((p) => p.tenantId === tenantId && p.id === id) };
    return new RulesetService(fake.repos.rulesets, fake.repos.inboxes, fake.clock, phones);
  }

  test("a number's rules first, then the account's; targets are numbers in E.164 or digit patterns with *", async () => {
    const rulesets = smsRules();
    const block = await rulesets.create(ALICE, { scope: 'RECEIVING_SMS', action: 'BLOCK', target: '+1 (212) 555-*' }, { phoneId: phone.id });
    assert.deepEqual([block.target, block.phoneId, block.inboxId], ['+1212555*', phone.id, null]);
    const exact = await rulesets.create(ALICE, { scope: 'RECEIVING_SMS', action: 'ALLOW', target: '+1 212 555 0100' }, { phoneId: phone.id });
    assert.equal(exact.target, '+12125550100');
    const account = await rulesets.create(ALICE, { scope: 'SENDING_SMS', action: 'BLOCK', target: '*0199' }, {});
    assert.deepEqual([account.phoneId, account.inboxId], [null, null]);
    await rejectsWith(rulesets.create(BOB, { scope: 'RECEIVING_SMS', action: 'BLOCK', target: '*' }, { phoneId: phone.id }), 'NOT_FOUND', /phone/);
    await rejectsWith(rulesets.create(ALICE, { scope: 'RECEIVING_SMS', action: 'BLOCK', target: '*' }, { phoneId: phone.id, inboxId: randomUUID() }), 'BAD_REQUEST', /not both/);

    assert.equal((await rulesets.smsVerdict(phone, 'RECEIVING_SMS', '+12125550123')).action, 'BLOCK');
    assert.equal((await rulesets.smsVerdict(phone, 'RECEIVING_SMS', '+12125550100')).action, 'ALLOW', 'ALLOW beats BLOCK');
    assert.equal((await rulesets.smsVerdict(other, 'RECEIVING_SMS', '+12125550123')).action, null, "another number's rules do nothing");
    assert.equal((await rulesets.smsVerdict(other, 'SENDING_SMS', '+447700900199')).rule?.id, account.id, "the account's rules act on every number");
    assert.equal(await rulesets.canReceive(ALICE, { phoneId: phone.id }, '+1 212 555 0123'), false);
    assert.equal(await rulesets.canReceive(ALICE, { phoneId: phone.id }, '+12125550100'), true);
    assert.equal(await rulesets.canSend(ALICE, { phoneId: other.id }, '+447700900199'), false);
    assert.equal(await rulesets.canSend(ALICE, { phoneId: other.id }, '+447700900100'), true);
    await rejectsWith(rulesets.canSend(BOB, { phoneId: other.id }, '+447700900100'), 'NOT_FOUND');
    assert.deepEqual((await rulesets.testRuleset(ALICE, block.id, '+1-212-555-0177')).matches, true);
    assert.deepEqual(rulesets.testNew({ scope: 'SENDING_SMS', action: 'BLOCK', target: '+44*' }, '+447700900100').matches, true);

    assert.deepEqual((await rulesets.page(ALICE, { phoneId: phone.id })).slice.items.map((r) => r.id).sort(), [block.id, exact.id].sort());
    await rejectsWith(rulesets.page(BOB, { phoneId: phone.id }), 'NOT_FOUND');
    assert.equal(await rulesets.deleteAll(ALICE, { phoneId: phone.id }), 2);
    assert.deepEqual((await rulesets.page(ALICE, {})).slice.items.map((r) => r.id), [account.id]);
  });
});
