import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';
import { openEventStream } from '../helpers/event-stream.js';

/** The confirmation link of a consent request email. */
const linkIn = (html: string) => {
  const match = /href="([^"]*\/consent\/opt-in\/confirm\?token=[^"]+)"/.exec(html);
  assert.ok(match, `the email carries the confirmation link: ${html}`);
  return match[1]!.replaceAll('&amp;', '&');
};

describeEachDialect('consent (double opt-in)', (dialect) => {
  let server: TestServer;
  let alice: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
  });
  after(async () => {
    await server?.close();
  });

  test('a send to an address asked for consent is 400 until it follows the link; revoked, it is 400 again', async () => {
    const api = alice.inboxApi;
    const consent = alice.mailslurp.consentController;
    const sender = await api.createInboxWithDefaults();
    const friend = await api.createInboxWithDefaults();
    const address = friend.emailAddress;
    const events = await openEventStream(server, alice);
    try {
      assert.deepEqual(await consent.checkSendingConsentForEmailAddress({ emailAddress: address }), {
        verificationCodeSent: false, userHasConsented: false, canSend: true,
      });

      const result = await consent.sendOptInConsentForEmailAddress({
        optInConsentOptions: {
          emailAddress: address, companyName: 'Acme',
          sendOptInOptions: { senderInbox: sender.id, subject: 'Join Acme?', templateHtml: '<p>Hi {{emailAddress}}, click <a href="{{confirmUrl}}">here</a></p>' },
        },
      });
      assert.equal(result.sent, true);
      const request = await alice.mailslurp.waitForLatestEmail(friend.id, 10_000);
      assert.equal(request.subject, 'Join Acme?');
      assert.equal(request.from, sender.emailAddress);
      const link = linkIn(request.body!);
      assert.ok(link.startsWith(server.url), 'the link points at this server');

      assert.deepEqual(await consent.checkSendingConsentForEmailAddress({ emailAddress: address.toUpperCase() }), {
        verificationCodeSent: true, userHasConsented: false, canSend: false,
      });
      const sentBefore = (await alice.mailslurp.sentController.getSentEmails({})).totalElements;
      const refused = await refusal(api.sendEmailAndConfirm({ inboxId: sender.id, sendEmailOptions: { to: [address], subject: 'too early' } }));
      assert.equal(refused.status, 400);
      assert.ok(refused.message.includes(address), refused.message);
      assert.match(refused.message, /consent/);
      assert.match(refused.message, /\/consent\/opt-in\/send/);
      assert.equal((await alice.mailslurp.sentController.getSentEmails({})).totalElements, sentBefore, 'nothing stored');
      // canSend says the same
      const verdict = await alice.mailslurp.emailController.canSend({ inboxId: sender.id, sendEmailOptions: { to: [address] } });
      assert.equal(verdict.isSendingPermitted, false);

      // the link needs no key; it answers a small page
      const page = await fetch(link);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      assert.ok((await page.text()).includes(address));
      const confirmed = await events.next('consent.confirmed');
      assert.equal(confirmed.data.emailAddress, address);
      // a link works once
      assert.equal((await fetch(link)).status, 404);
      assert.equal((await fetch(`${server.url}/consent/opt-in/confirm?token=forged`)).status, 404);

      assert.deepEqual(await consent.checkSendingConsentForEmailAddress({ emailAddress: address }), {
        verificationCodeSent: true, userHasConsented: true, canSend: true,
      });
      await api.sendEmailAndConfirm({ inboxId: sender.id, sendEmailOptions: { to: [address], subject: 'welcome' } });
      assert.equal((await alice.mailslurp.waitForLatestEmail(friend.id, 10_000)).subject, 'welcome');
      // asking again once consented sends nothing
      assert.equal((await consent.sendOptInConsentForEmailAddress({ optInConsentOptions: { emailAddress: address } })).sent, false);

      const identities = await consent.getOptInIdentities({});
      assert.equal(identities.totalElements, 1);
      assert.equal(identities.content![0]!.emailAddress, address);
      assert.equal(identities.content![0]!.verified, true);

      const revoked = await consent.revokeOptInConsentForEmailAddress({ emailAddress: address });
      assert.deepEqual(revoked, { verificationCodeSent: true, userHasConsented: false, canSend: false });
      assert.equal((await refusal(api.sendEmailAndConfirm({ inboxId: sender.id, sendEmailOptions: { to: [address], cc: [sender.emailAddress] } }))).status, 400);
      assert.equal((await consent.getOptInIdentities({})).content![0]!.verified, false);
    } finally {
      await events.close();
    }
  });

  test('without a sender inbox the request goes from the "Consent requests" inbox; bad input is 4xx', async () => {
    const bob = await server.createTenant();
    const consent = bob.mailslurp.consentController;
    const target = await bob.inboxApi.createInboxWithDefaults();
    assert.equal((await consent.sendOptInConsentForEmailAddress({ optInConsentOptions: { emailAddress: target.emailAddress } })).sent, true);
    const request = await bob.mailslurp.waitForLatestEmail(target.id, 10_000);
    linkIn(request.body!);
    const from = await bob.inboxApi.getInboxByName({ name: 'Consent requests' });
    assert.equal(from._exists, true);
    assert.equal(request.inboxId, target.id);

    assert.equal((await refusal(consent.sendOptInConsentForEmailAddress({ optInConsentOptions: { emailAddress: 'not an address' } }))).status, 400);
    assert.equal((await refusal(consent.checkSendingConsentForEmailAddress({ emailAddress: 'nope' }))).status, 400);
    const missing = await refusal(consent.sendOptInConsentForEmailAddress({
      optInConsentOptions: { emailAddress: 'x@example.com', sendOptInOptions: { senderInbox: randomUUID(), subject: 's', templateHtml: 'h' } },
    }));
    assert.equal(missing.status, 404);
    const unreadable = await refusal(consent.sendOptInConsentForEmailAddress({
      optInConsentOptions: { emailAddress: 'x@example.com', sendOptInOptions: { subject: 's', templateHtml: '<p>{{#open}}</p>' } },
    }));
    assert.equal(unreadable.status, 400);
    assert.match(unreadable.message, /templateHtml/);
    // a request that was refused leaves the address as it was
    assert.deepEqual(await consent.checkSendingConsentForEmailAddress({ emailAddress: 'x@example.com' }), {
      verificationCodeSent: false, userHasConsented: false, canSend: true,
    });
  });
});

describeEachDialect('consent required for the relay (PIGEONHOLE_REQUIRE_CONSENT=relay)', (dialect) => {
  let server: TestServer;
  let carol: Tenant;

  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_REQUIRE_CONSENT: 'relay' } });
    carol = await server.createTenant();
  });
  after(async () => {
    await server?.close();
  });

  test('every outside address needs consent; inboxes of this server do not', async () => {
    const api = carol.inboxApi;
    const sender = await api.createInboxWithDefaults();
    const local = await api.createInboxWithDefaults();
    const outside = await refusal(api.sendEmailAndConfirm({ inboxId: sender.id, sendEmailOptions: { to: ['someone@example.com'] } }));
    assert.equal(outside.status, 400);
    assert.match(outside.message, /someone@example\.com/);
    assert.match(outside.message, /PIGEONHOLE_REQUIRE_CONSENT=relay/);
    assert.equal((await carol.mailslurp.consentController.checkSendingConsentForEmailAddress({ emailAddress: 'someone@example.com' })).canSend, false);
    await api.sendEmailAndConfirm({ inboxId: sender.id, sendEmailOptions: { to: [local.emailAddress], subject: 'local is fine' } });
    assert.equal((await carol.mailslurp.waitForLatestEmail(local.id, 10_000)).subject, 'local is fine');
  });
});
