import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import type { Principal } from '../../core/principal.js';
import type { AutomationJobRepository, NewAutomationJob, PhoneNumberRepository, SentSmsRecord, SentSmsRepository, SmsMediaRepository } from '../../storage/ports.js';
import type { SmsService } from '../sms/sms.service.js';
import { SmsSinkService } from './sms-sink.service.js';
import { parseForm, TwilioError } from './twilio.js';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const principal: Principal = { userId: 't1', tenantId: 't1', email: 'a@example.com', isAdmin: false, apiKeyId: 'k1' };

function setup() {
  const sent: SentSmsRecord[] = [];
  const jobs: NewAutomationJob[] = [];
  const announced: string[] = [];
  const sink = new SmsSinkService(
    { create: async (r: SentSmsRecord) => { sent.push(r); }, findById: async (_t: string, id: string) => sent.find((s) => s.id === id) } as unknown as SentSmsRepository,
    // no number is the carrier's: every To is outside, every From a sender id
    { findAnyByNumber: async () => undefined, findByNumber: async () => undefined } as unknown as PhoneNumberRepository,
    { announceSent: (r: SentSmsRecord) => announced.push(r.id) } as unknown as SmsService,
    { listOfSms: async () => [] } as unknown as SmsMediaRepository,
    { enqueue: async (j: NewAutomationJob[]) => { jobs.push(...j); } } as unknown as AutomationJobRepository,
    { resolve: async (key: string) => (key === 'good-key' ? principal : undefined) },
    new ManualClock(new Date('2026-11-25T06:00:00Z')),
    { failNumbers: ['+1202555018'], blockPrivate: true, timeoutMs: 1000 },
  );
  return { sink, sent, jobs, announced };
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const code = (expected: number) => (err: unknown) => err instanceof TwilioError && err.code === expected;

test('Basic auth: the account SID of the path and a valid API key; 20003 for anything else', async () => {
  const { sink } = setup();
  assert.deepEqual(await sink.authenticate(basic(ACCOUNT, 'good-key'), ACCOUNT), { tenantId: 't1', accountSid: ACCOUNT, authToken: 'good-key' });
  await assert.rejects(sink.authenticate(undefined, ACCOUNT), code(20003));
  await assert.rejects(sink.authenticate(basic(ACCOUNT, 'bad-key'), ACCOUNT), code(20003));
  await assert.rejects(sink.authenticate(basic('AC999', 'good-key'), ACCOUNT), code(20003));
  await assert.rejects(sink.authenticate(basic('XY123', 'good-key'), 'XY123'), code(20003), 'an account SID starts with AC');
});

test("create: Twilio's codes for missing or wrong parameters; nothing recorded", async () => {
  const { sink, sent } = setup();
  const caller = { tenantId: 't1', accountSid: ACCOUNT, authToken: 'good-key' };
  await assert.rejects(sink.create(caller, parseForm('From=MyApp&Body=x')), code(21604));
  await assert.rejects(sink.create(caller, parseForm('To=%2B12025550123&Body=x')), code(21603));
  await assert.rejects(sink.create(caller, parseForm('To=%2B12025550123&From=MyApp')), code(21602));
  await assert.rejects(sink.create(caller, parseForm(`To=%2B12025550123&From=MyApp&Body=${'a'.repeat(1601)}`)), code(21617));
  await assert.rejects(sink.create(caller, parseForm('To=%2B1000&From=MyApp&Body=x')), code(21211));
  await assert.rejects(sink.create(caller, parseForm('To=%2B12025550123&From=MyApp&Body=x&MediaUrl=ftp%3A%2F%2Fx')), code(21620));
  await assert.rejects(sink.create(caller, parseForm('To=%2B12025550123&From=MyApp&Body=x&StatusCallback=nope')), code(21609));
  assert.equal(sent.length, 0);
});

test('create: an outside number is recorded (never dropped); a fail number fails with 30003; callbacks are queued signed, without the key', async () => {
  const { sink, sent, jobs, announced } = setup();
  const caller = { tenantId: 't1', accountSid: ACCOUNT, authToken: 'good-key' };
  const ok = await sink.create(caller, parseForm('To=%2B12025550123&From=MyApp&Body=hello&StatusCallback=https%3A%2F%2Fapp.example%2Fs'));
  assert.deepEqual([ok.status, sent[0]?.status, sent[0]?.phoneId, sent[0]?.fromNumber, sent[0]?.deliveredSmsId], ['queued', 'delivered', null, 'MyApp', null]);
  const failed = await sink.create(caller, parseForm('To=%2B12025550188&From=MyApp&Body=x&StatusCallback=https%3A%2F%2Fapp.example%2Fs'));
  assert.equal(failed.status, 'queued');
  assert.deepEqual([sent[1]?.status, sent[1]?.errorCode], ['failed', 30003]);
  assert.deepEqual(announced, sent.map((s) => s.id), 'each recorded message is announced (sms.sent)');
  assert.equal(jobs.length, 2);
  const statuses = (j: NewAutomationJob) => (j.payload!.callbacks as Array<{ params: { MessageStatus: string } }>).map((c) => c.params.MessageStatus);
  assert.deepEqual(statuses(jobs[0]!), ['queued', 'sent', 'delivered']);
  assert.deepEqual(statuses(jobs[1]!), ['queued', 'failed']);
  assert.ok(!JSON.stringify(jobs).includes('good-key'), 'the key is never stored with the job');
  assert.equal((await sink.get(caller, ok.sid)).status, 'delivered');
  await assert.rejects(sink.get({ ...caller, accountSid: 'AC1' }, ok.sid), code(20404));
});
