import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClaimedAutomationJob, NewAutomationJob } from '../../storage/ports.js';
import { fakeServices, TEST_DOMAIN } from '../../../test/fakes/index.js';
import { rawMessage } from '../../../test/helpers/smtp.js';

const ALICE = 'tenant-alice';
const HOUR = 3_600_000;

async function setup() {
  const fake = fakeServices({ replierWindow: 24 * HOUR });
  const { inboxes, ingest, repliers } = fake.services;
  const desk = await inboxes.create(ALICE, { emailAddress: `desk@${TEST_DOMAIN}` });
  const replier = await repliers.create(ALICE, { inboxId: desk.id, match: '*@example.com', subject: 'Thanks', body: 'We will answer soon' });
  /** receives `raw` in the desk and answers the reply jobs the repliers planned for it, as claimed by the worker */
  const receive = async (fields: Omit<Parameters<typeof rawMessage>[0], 'body'>): Promise<ClaimedAutomationJob[]> => {
    const raw = rawMessage({ body: 'hello', ...fields });
    const [email] = await ingest.deliver(raw, [desk]);
    const planned: NewAutomationJob[] = await repliers.planner.plan(await ingest.parse(raw), email!, desk);
    return planned.map((job) => ({
      ...job, state: 'inflight', attempts: 0, result: null, errorMessage: null, updatedAt: job.createdAt, leaseToken: 'lease',
    }));
  };
  const events = async () => (await repliers.events(ALICE, { replierId: replier.id }, {})).slice.items.map((e) => [e.status, e.message]);
  return { ...fake, desk, replier, receive, events };
}

test('a matching message is answered once per sender within the window, and again after it', async () => {
  const { services, receive, events, clock, repos } = await setup();
  const [first] = await receive({ from: 'Pat <pat@example.com>', to: `desk@${TEST_DOMAIN}`, subject: 'Help' });
  const made = await services.repliers.runJob(first!);
  const sent = await services.sending.get(ALICE, made!.sentId as string);
  assert.deepEqual([sent.subject, sent.recipients.to.map((a) => a.emailAddress)], ['Thanks', ['pat@example.com']]);
  assert.ok(sent.headers.some(([name, value]) => name === 'Auto-Submitted' && value === 'auto-replied'));
  clock.advance(1); // events list by time: each after the one before

  const [second] = await receive({ from: 'pat@example.com', to: `desk@${TEST_DOMAIN}`, subject: 'Help again' });
  assert.ok((await services.repliers.runJob(second!))!.refused);
  clock.advance(24 * HOUR + 1);
  const [third] = await receive({ from: 'pat@example.com', to: `desk@${TEST_DOMAIN}`, subject: 'A day later' });
  assert.ok((await services.repliers.runJob(third!))!.sentId);
  assert.deepEqual((await events()).map(([status]) => status), ['SUCCESS', 'FAILURE', 'SUCCESS']);
  assert.equal(repos.repliers.replies.size, 1);
});

test('mail the rule does not match plans nothing; a message RFC 3834 forbids answering is recorded, not answered', async () => {
  const { services, receive, events } = await setup();
  assert.deepEqual(await receive({ from: 'pat@elsewhere.example', to: `desk@${TEST_DOMAIN}`, subject: 'Hi' }), []);
  const [bulk] = await receive({ from: 'news@example.com', to: `desk@${TEST_DOMAIN}`, subject: 'News', extraHeaders: ['Precedence: bulk'] });
  assert.deepEqual(await services.repliers.runJob(bulk!), { refused: 'the message is bulk mail (Precedence: bulk)' });
  assert.deepEqual(await events(), [['FAILURE', 'Not replied: the message is bulk mail (Precedence: bulk) (RFC 3834)']]);
});

test('a send that fails gives the claim back, so the retry may still answer', async () => {
  const { services, receive, repos } = await setup();
  const [job] = await receive({ from: 'pat@example.com', to: `desk@${TEST_DOMAIN}`, subject: 'Help' });
  // the inbox is gone by the time the job runs: the send is refused
  await services.inboxes.delete(ALICE, job!.inboxId!);
  await assert.rejects(services.repliers.runJob(job!));
  assert.equal(repos.repliers.replies.size, 0, 'the claim was given back');
});

test('a replier switched off after the mail arrived sends nothing and records nothing', async () => {
  const { services, receive, replier, events } = await setup();
  const [job] = await receive({ from: 'pat@example.com', to: `desk@${TEST_DOMAIN}`, subject: 'Help' });
  await services.repliers.setActive(ALICE, replier.id, false);
  assert.deepEqual(await services.repliers.runJob(job!), { skipped: 'the replier was switched off' });
  assert.deepEqual(await events(), []);
  assert.deepEqual(await receive({ from: 'pat@example.com', to: `desk@${TEST_DOMAIN}`, subject: 'Again' }), [], 'an inactive replier plans nothing');
});

test("the reply goes to the message's Reply-To unless the replier ignores it, threaded on the message", async () => {
  const { services, receive, replier, desk } = await setup();
  const headers = ['Reply-To: Team <Team@example.com>', 'References: <root@example.com>'];
  const [job] = await receive({ from: 'pat@example.com', to: `desk@${TEST_DOMAIN}`, subject: 'Help', extraHeaders: headers });
  const sent = await services.sending.get(ALICE, (await services.repliers.runJob(job!))!.sentId as string);
  assert.deepEqual(sent.recipients.to.map((a) => a.emailAddress), ['team@example.com']);
  assert.ok(sent.inReplyTo, 'In-Reply-To names the message');

  await services.repliers.update(ALICE, replier.id, { inboxId: desk.id, match: '*@example.com', body: 'x', ignoreReplyTo: true });
  const [ignoring] = await receive({ from: 'sam@example.com', to: `desk@${TEST_DOMAIN}`, subject: 'Help', extraHeaders: headers });
  const direct = await services.sending.get(ALICE, (await services.repliers.runJob(ignoring!))!.sentId as string);
  assert.deepEqual(direct.recipients.to.map((a) => a.emailAddress), ['sam@example.com']);
});
