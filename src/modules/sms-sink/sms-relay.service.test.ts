import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock } from '../../core/clock.js';
import { automationOutcome, DEFAULT_AUTOMATION_JOB_SETTINGS } from '../../jobs/automation-jobs.js';
import type { AutomationJobRepository, ClaimedAutomationJob, NewAutomationJob, SentSmsRecord, SentSmsRepository, SmsRelayState } from '../../storage/ports.js';
import { SMS_RELAY, SmsRelayService } from './sms-relay.service.js';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'secret-token';

/** A provider answering by the Body it is sent: "ok" 201, "refuse" 400 (21211), "busy" 503; it keeps what it got. */
let provider: http.Server;
let providerUrl: string;
const received: Array<{ url: string; authorization: string | undefined; form: URLSearchParams }> = [];
before(async () => {
  provider = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      received.push({ url: req.url ?? '', authorization: req.headers.authorization, form });
      const answer = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (form.get('Body') === 'ok') answer(201, { sid: 'SM' + 'a'.repeat(32), status: 'queued' });
      else if (form.get('Body') === 'refuse') answer(400, { code: 21211, message: "Invalid 'To' Phone Number", status: 400 });
      else answer(503, { message: 'try later' });
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => { provider.closeAllConnections(); provider.close(() => resolve()); }));

function setup(baseUrl = providerUrl, from?: string) {
  const states = new Map<string, SmsRelayState>();
  const jobs: NewAutomationJob[] = [];
  const clock = new ManualClock(new Date('2026-11-25T07:00:00Z'));
  const relay = new SmsRelayService(
    {
      setRelay: async (_t: string, id: string, s: SmsRelayState) => { states.set(id, s); return true; },
      findById: async (_t: string, id: string) => (states.has(id) ? { relay: states.get(id) } : undefined),
    } as unknown as SentSmsRepository,
    { enqueue: async (j: NewAutomationJob[]) => { jobs.push(...j); } } as unknown as AutomationJobRepository,
    clock,
    { baseUrl, accountSid: ACCOUNT, authToken: TOKEN, from, timeoutMs: 2000 },
  );
  return { relay, states, jobs };
}

const record = (body: string): SentSmsRecord => ({
  id: `id-${body}`, tenantId: 't1', phoneId: 'p1', fromNumber: '+14155550100', toNumber: '+12025550123', body, replyToId: null, deliveredSmsId: null,
  createdAt: new Date(), updatedAt: new Date(),
});

const claimed = (job: NewAutomationJob): ClaimedAutomationJob => ({ ...job, state: 'inflight', attempts: 0, result: null } as unknown as ClaimedAutomationJob);

test('queue: the sent SMS is pending and one job holds To/From/Body, never the token', async () => {
  const { relay, states, jobs } = setup(providerUrl, 'MyBrand');
  const queued = await relay.queue(record('ok'));
  assert.equal(queued.relay?.status, 'pending');
  assert.equal(states.get('id-ok')?.status, 'pending');
  assert.equal(jobs.length, 1);
  assert.deepEqual([jobs[0]!.kind, jobs[0]!.subjectId], [SMS_RELAY, 'id-ok']);
  assert.deepEqual(jobs[0]!.payload, { to: '+12025550123', from: 'MyBrand', body: 'ok' });
  assert.ok(!JSON.stringify(jobs).includes(TOKEN));
});

test("runJob: Twilio's Messages resource with Basic auth; the provider's sid and status are kept", async () => {
  const { relay, states, jobs } = setup();
  await relay.queue(record('ok'));
  const result = await relay.runJob(claimed(jobs[0]!));
  assert.deepEqual(result, { providerStatus: 201, sid: 'SM' + 'a'.repeat(32), status: 'queued' });
  const got = received.at(-1)!;
  assert.equal(got.url, `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
  assert.equal(got.authorization, `Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`);
  assert.deepEqual([got.form.get('To'), got.form.get('From'), got.form.get('Body')], ['+12025550123', '+14155550100', 'ok']);
  assert.deepEqual([states.get('id-ok')?.status, states.get('id-ok')?.sid], ['queued', 'SM' + 'a'.repeat(32)]);
});

test('runJob: a 4xx fails for good with the provider code; a 5xx or no answer is retried', async () => {
  const { relay, states, jobs } = setup();
  await relay.queue(record('refuse'));
  await relay.queue(record('busy'));
  const outcome = async (job: ClaimedAutomationJob) => {
    try {
      return automationOutcome(job, { made: await relay.runJob(job) }, Date.now(), DEFAULT_AUTOMATION_JOB_SETTINGS);
    } catch (error) {
      return automationOutcome(job, { error }, Date.now(), DEFAULT_AUTOMATION_JOB_SETTINGS);
    }
  };
  const refused = await outcome(claimed(jobs[0]!));
  assert.equal(refused.state, 'failed');
  assert.deepEqual([states.get('id-refuse')?.status, states.get('id-refuse')?.errorCode, states.get('id-refuse')?.error], ['failed', 21211, "Invalid 'To' Phone Number"]);
  const busy = await outcome(claimed(jobs[1]!));
  assert.equal(busy.state, 'pending');
  assert.deepEqual([states.get('id-busy')?.status, states.get('id-busy')?.error], ['pending', 'try later']);
  await relay.jobFailed(claimed(jobs[1]!), 'Gave up after 30 attempts');
  assert.equal(states.get('id-busy')?.status, 'failed');

  const down = setup('http://127.0.0.1:1');
  await down.relay.queue(record('ok'));
  const unreachable = await (async () => {
    try {
      await down.relay.runJob(claimed(down.jobs[0]!));
      return undefined;
    } catch (error) {
      return automationOutcome(claimed(down.jobs[0]!), { error }, Date.now(), DEFAULT_AUTOMATION_JOB_SETTINGS);
    }
  })();
  assert.equal(unreachable?.state, 'pending');
  assert.match(down.states.get('id-ok')?.error ?? '', /could not be reached/);
});
