import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { CreatePhoneNumberOptionsPhoneCountryEnum as Country, type PhoneNumberDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { twilioClient } from '../helpers/twilio.js';
import type { AutomationJobOutcome, ClaimedAutomationJob } from '../../src/storage/ports.js';

/** The account SID server 1 forwards under; server 2's sink takes any AC... SID with a key of its tenant. */
const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
/** A number outside both carriers that libphonenumber-js calls valid. */
const OUTSIDE_NUMBER = '+12025550123';
/** the provider's numbers: valid to libphonenumber-js, outside server 1's range and OUTSIDE_NUMBER */
const PROVIDER_RANGE = 'US:+12025550150-+12025550199';
const SERVER_RANGE = 'US:+14155550100-+14155550199';

interface SentSmsJson {
  id: string;
  toNumber: string;
  relay: { status: string; sid: string | null; errorCode: number | null; errorMessage: string | null; updatedAt: string } | null;
}

/**
 * Resolves with the outcome of the first attempt of the next `sms-relay` job the server's worker
 * records (done, failed for good, or pending = to be retried): the worker calls the job
 * repository's `complete`, observed here (no polling, no sleeps).
 */
function nextRelayOutcome(server: TestServer): Promise<{ job: ClaimedAutomationJob; outcome: AutomationJobOutcome }> {
  const repo = server.server.store.repos.automationJobs;
  const original = repo.complete;
  return new Promise((resolve) => {
    repo.complete = async (job, outcome, now) => {
      const recorded = await original.call(repo, job, outcome, now);
      if (job.kind === 'sms-relay') {
        repo.complete = original;
        resolve({ job, outcome });
      }
      return recorded;
    };
  });
}

/** The provider URL of server 2 with an account SID and a key of one of its tenants as the credentials. */
const relayUrl = (provider: TestServer, apiKey: string) => {
  const url = new URL(provider.url);
  url.username = ACCOUNT;
  url.password = apiKey;
  return url.toString();
};

describeEachDialect('SMS relay: outside SMS forwarded to a real, Twilio-compatible provider', (dialect) => {
  /** the "real provider": a second Pigeonhole, speaking Twilio's API through its sink */
  let provider: TestServer;
  let server: TestServer;
  let misconfigured: TestServer;
  let carol: Tenant;
  let carolPhone: PhoneNumberDto;
  let alice: Tenant;
  let alicePhone: PhoneNumberDto;
  let alicePhoneB: PhoneNumberDto;
  let mallory: Tenant;
  let malloryPhone: PhoneNumberDto;

  before(async () => {
    // The provider's numbers must be ones server 1 may send to (libphonenumber-js calls them valid),
    // and the two carriers' ranges must not overlap.
    provider = await startTestServer(dialect, { env: { PIGEONHOLE_PHONE_RANGES: PROVIDER_RANGE } });
    carol = await provider.createTenant();
    carolPhone = await carol.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    server = await startTestServer(dialect, { env: { PIGEONHOLE_SMS_RELAY_URL: relayUrl(provider, carol.apiKey), PIGEONHOLE_PHONE_RANGES: SERVER_RANGE } });
    alice = await server.createTenant();
    alicePhone = await alice.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    alicePhoneB = await alice.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    misconfigured = await startTestServer(dialect, { env: { PIGEONHOLE_SMS_RELAY_URL: relayUrl(provider, 'ph_not_a_key_of_the_provider'), PIGEONHOLE_PHONE_RANGES: SERVER_RANGE } });
    mallory = await misconfigured.createTenant();
    malloryPhone = await mallory.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
  });
  after(async () => {
    await misconfigured?.close();
    await server?.close();
    await provider?.close();
  });

  test('sendSms to an outside number is recorded and forwarded: the provider holds it, the sent SMS shows its sid and status', async () => {
    const settled = nextRelayOutcome(server);
    const sent = await alice.mailslurp.smsController.sendSms({ fromPhoneId: alicePhone.id, smsSendOptions: { to: OUTSIDE_NUMBER, body: 'Relayed hello 1' } });
    assert.equal(sent.toNumber, OUTSIDE_NUMBER);
    const { outcome } = await settled;
    assert.equal(outcome.state, 'done');
    const result = (outcome as unknown as { result: { sid: string; status: string; providerStatus: number } }).result;
    assert.match(result.sid, /^SM[0-9a-f]{32}$/);
    assert.deepEqual([result.status, result.providerStatus], ['queued', 201]);

    // on the provider: a sink message of carol's account, from alice's number, to the outside number
    const page = await carol.mailslurp.smsController.getSentSmsMessagesPaginated({});
    const there = page.content!.find((m) => m.body === 'Relayed hello 1');
    assert.ok(there, 'the provider recorded the forwarded SMS');
    assert.deepEqual([there.fromNumber, there.toNumber], [alicePhone.phoneNumber, OUTSIDE_NUMBER]);
    const providerMessage = await twilioClient(provider.url, ACCOUNT, carol.apiKey).messages(result.sid).fetch();
    assert.equal(providerMessage.body, 'Relayed hello 1');

    // on server 1: still a sent SMS of alice, now carrying what the provider made of it
    const mine = (await (await alice.fetch(`/sms/sent/${sent.id}`)).json()) as SentSmsJson;
    assert.equal(mine.relay?.status, 'queued');
    assert.equal(mine.relay?.sid, result.sid);
    assert.equal(mine.relay?.errorCode, null);
    const listed = (await (await alice.fetch('/sms/sent?size=50')).json()) as { content: SentSmsJson[] };
    assert.equal(listed.content.find((m) => m.id === sent.id)?.relay?.sid, result.sid);
  });

  test('to a number held on the provider, the forwarded SMS is delivered there and wakes waitForLatestSms', async () => {
    const held = carol.mailslurp.waitController.waitForLatestSms({ waitForSingleSmsOptions: { phoneNumberId: carolPhone.id, timeout: 30_000 } });
    const settled = nextRelayOutcome(server);
    const sent = await alice.mailslurp.phoneController.sendSmsFromPhoneNumber({ phoneNumberId: alicePhone.id, smsSendOptions: { to: carolPhone.phoneNumber, body: 'Your code is 771204' } });
    const received = await held;
    assert.deepEqual([received.body, received.fromNumber, received.phoneNumber], ['Your code is 771204', alicePhone.phoneNumber, carolPhone.id]);
    assert.equal((await settled).outcome.state, 'done');
    const mine = (await (await alice.fetch(`/sms/sent/${sent.id}`)).json()) as SentSmsJson;
    assert.match(mine.relay?.sid ?? '', /^SM[0-9a-f]{32}$/);
  });

  test('numbers of the carrier are never forwarded', async () => {
    const sent = await alice.mailslurp.smsController.sendSms({ fromPhoneId: alicePhone.id, smsSendOptions: { to: alicePhoneB.phoneNumber, body: 'stays home' } });
    const mine = (await (await alice.fetch(`/sms/sent/${sent.id}`)).json()) as SentSmsJson;
    assert.equal(mine.relay, null);
    const jobs = await server.server.store.repos.automationJobs.page(alice.userId, { kinds: ['sms-relay'], subjectId: sent.id }, { page: 0, size: 10, sort: 'DESC' });
    assert.equal(jobs.total, 0, 'no forward was queued');
  });

  test('a sink message to an outside number is forwarded too; its Twilio view on server 1 shows the provider\'s sid and status', async () => {
    const settled = nextRelayOutcome(server);
    const client = twilioClient(server.url, ACCOUNT, alice.apiKey);
    const message = await client.messages.create({ to: OUTSIDE_NUMBER, from: 'MyApp', body: 'Relayed through the sink' });
    assert.equal(message.status, 'queued');
    const { outcome } = await settled;
    assert.equal(outcome.state, 'done');
    const providerSid = (outcome as unknown as { result: { sid: string } }).result.sid;
    const fetched = await client.messages(message.sid).fetch();
    assert.deepEqual([fetched.status, fetched.errorCode], ['queued', null]);
    const there = await twilioClient(provider.url, ACCOUNT, carol.apiKey).messages(providerSid).fetch();
    assert.deepEqual([there.from, there.to, there.body], ['MyApp', OUTSIDE_NUMBER, 'Relayed through the sink']);
  });

  test('a provider refusal (a wrong key: 401, error 20003) fails the job for good and the sent SMS says so', async () => {
    const settled = nextRelayOutcome(misconfigured);
    const sent = await mallory.mailslurp.smsController.sendSms({ fromPhoneId: malloryPhone.id, smsSendOptions: { to: OUTSIDE_NUMBER, body: 'never arrives' } });
    const { job, outcome } = await settled;
    assert.equal(outcome.state, 'failed', 'a 4xx fails at its first attempt: never retried');
    assert.match((outcome as { errorMessage: string }).errorMessage, /401.*20003/);
    const mine = (await (await mallory.fetch(`/sms/sent/${sent.id}`)).json()) as SentSmsJson;
    assert.deepEqual([mine.relay?.status, mine.relay?.sid, mine.relay?.errorCode], ['failed', null, 20003]);
    assert.equal(mine.relay?.errorMessage, 'Authenticate');
    const stored = await misconfigured.server.store.repos.automationJobs.findById(mallory.userId, job.id);
    assert.equal(stored?.state, 'failed');
  });
});
