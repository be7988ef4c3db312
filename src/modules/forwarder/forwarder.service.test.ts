import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClaimedAutomationJob } from '../../storage/ports.js';
import { fakeServices, TEST_DOMAIN } from '../../../test/fakes/index.js';
import { rawMessage } from '../../../test/helpers/smtp.js';
import { FORWARD_PATH_HEADER } from './forward-loop.js';

const ALICE = 'tenant-alice';

async function setup() {
  const fake = fakeServices();
  const { inboxes, ingest, forwarders } = fake.services;
  const a = await inboxes.create(ALICE, { emailAddress: `a@${TEST_DOMAIN}` });
  const b = await inboxes.create(ALICE, { emailAddress: `b@${TEST_DOMAIN}` });
  /** receives `raw` in `inbox` and answers the forward jobs planned for it, as the worker claims them */
  const receive = async (inbox: typeof a, extraHeaders: string[] = []): Promise<ClaimedAutomationJob[]> => {
    const raw = rawMessage({ from: 'vendor@example.com', to: inbox.emailAddress, subject: 'Invoice 1', body: 'pay', extraHeaders });
    const [email] = await ingest.deliver(raw, [inbox]);
    const planned = await forwarders.planner.plan(await ingest.parse(raw), email!, inbox);
    return planned.map((job) => ({ ...job, state: 'inflight', attempts: 0, result: null, errorMessage: null, updatedAt: job.createdAt, leaseToken: 'lease' }));
  };
  return { ...fake, a, b, receive };
}

test('a matching message is forwarded with the path header; the event names the sent email', async () => {
  const { services, a, b, receive } = await setup();
  const forwarder = await services.forwarders.create(ALICE, a.id, { field: 'SUBJECT', match: 'invoice*', forwardToRecipients: [b.emailAddress] });
  const [job] = await receive(a);
  const made = await services.forwarders.runJob(job!);
  const sent = await services.sending.get(ALICE, made!.sentId as string);
  assert.deepEqual(sent.headers.find(([name]) => name === FORWARD_PATH_HEADER), [FORWARD_PATH_HEADER, a.id]);
  assert.deepEqual(sent.headers.find(([name]) => name === 'Auto-Submitted'), ['Auto-Submitted', 'auto-generated'], 'no replier answers a forward');
  const [arrived] = (await services.emails.page(ALICE, { inboxIds: [b.id] }, {})).slice.items;
  assert.equal(arrived?.subject, 'Fwd: Invoice 1');
  const events = (await services.forwarders.events(ALICE, { forwarderId: forwarder.id }, {})).slice.items;
  assert.deepEqual(events.map((e) => [e.status, e.sentId, e.emailId]), [['SUCCESS', sent.id, job!.emailId]]);
});

test('a message that already passed this inbox is not forwarded again: a FAILURE names the loop', async () => {
  const { services, a, b, receive } = await setup();
  const forwarder = await services.forwarders.create(ALICE, a.id, { match: '*', forwardToRecipients: [b.emailAddress] });
  const [job] = await receive(a, [`${FORWARD_PATH_HEADER}: ${a.id}, ${b.id}`]);
  assert.match((await services.forwarders.runJob(job!))!.loop as string, /Forwarding loop stopped/);
  const events = (await services.forwarders.events(ALICE, { forwarderId: forwarder.id }, {})).slice.items;
  assert.deepEqual(events.map((e) => [e.status, e.sentId]), [['FAILURE', null]]);
  assert.equal((await services.emails.page(ALICE, { inboxIds: [b.id] }, {})).slice.total, 0, 'nothing was sent');
});

test('a forward that fails for good is a FAILURE with the reason; a deleted forwarder sends nothing', async () => {
  const { services, a, b, receive } = await setup();
  const forwarder = await services.forwarders.create(ALICE, a.id, { match: '*', forwardToRecipients: [b.emailAddress] });
  const [job] = await receive(a);
  await services.emails.delete(ALICE, job!.emailId!);
  await assert.rejects(services.forwarders.runJob(job!), /was deleted before it could be forwarded/);
  await services.forwarders.jobFailed(job!, 'The email was deleted before it could be forwarded');
  const events = (await services.forwarders.events(ALICE, { forwarderId: forwarder.id }, {})).slice.items;
  assert.deepEqual(events.map((e) => [e.status, e.message]), [['FAILURE', 'The email was deleted before it could be forwarded']]);

  const [later] = await receive(a);
  await services.forwarders.delete(ALICE, forwarder.id);
  assert.deepEqual(await services.forwarders.runJob(later!), { skipped: 'the forwarder was deleted' });
});
