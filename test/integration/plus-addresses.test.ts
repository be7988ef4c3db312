import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { GetInboxPlusAddressesSortEnum } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { refusal } from '../helpers/client-errors.js';

const withTag = (address: string, tag: string) => {
  const [local, domain] = address.split('@');
  return `${local}+${tag}@${domain}`;
};

describeEachDialect('plus addresses', (dialect) => {
  let server: TestServer;
  let alice: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
  });
  after(async () => {
    await server?.close();
  });

  test('SMTP mail to local+tag@domain lands in the inbox and is listed under its plus address', async () => {
    const api = alice.inboxApi;
    const inbox = await api.createInboxWithDefaults();
    const news = withTag(inbox.emailAddress, 'news');
    const transport = smtpTransport(server);
    try {
      await transport.sendMail({ from: 'sender@example.com', to: news, subject: 'to the news tag', text: 'hello' });
      await transport.sendMail({ from: 'sender@example.com', to: news.toUpperCase(), subject: 'news again', text: 'hello' });
      await transport.sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'plain', text: 'hello' });
      await transport.sendMail({ from: 'sender@example.com', to: withTag(inbox.emailAddress, 'shop'), subject: 'shop', text: 'hello' });
    } finally {
      transport.close();
    }
    assert.equal((await api.getEmails({ inboxId: inbox.id, minCount: 4, retryTimeout: 10_000 })).length, 4, 'every message landed in the inbox');

    const listed = await api.getInboxPlusAddresses({ inboxId: inbox.id, sort: GetInboxPlusAddressesSortEnum.ASC });
    assert.equal(listed.totalElements, 2);
    const byTag = new Map(listed.content!.map((p) => [p.plusAddress, p]));
    const plus = byTag.get('news')!;
    assert.equal(plus.fullAddress, news.toLowerCase());
    assert.equal(plus.inboxId, inbox.id);
    assert.equal(plus.userId, alice.userId);
    assert.ok(byTag.has('shop'));

    const emails = await api.getInboxPlusAddressEmailsForPlusAddressId({ inboxId: inbox.id, plusAddressId: plus.id });
    assert.equal(emails.totalElements, 2);
    assert.deepEqual(emails.content!.map((e) => e.subject).sort(), ['news again', 'to the news tag']);
    // by tag or by full address
    assert.equal((await api.getInboxPlusAddressEmails({ inboxId: inbox.id, plusAddress: 'news' })).totalElements, 2);
    assert.equal((await api.getInboxPlusAddressEmails({ inboxId: inbox.id, plusAddress: news })).totalElements, 2);
    assert.equal((await api.getInboxPlusAddressEmails({ inboxId: inbox.id, plusAddress: 'nothing-yet' })).totalElements, 0);
    assert.equal((await api.getInboxPlusAddressEmails({ inboxId: inbox.id, plusAddress: 'news', before: new Date(0) })).totalElements, 0);

    // previews name the plus address; the email lists filter by it
    assert.ok(emails.content!.every((e) => e.plusAddress === plus.id));
    const listed2 = await alice.mailslurp.emailController.getEmailsPaginated({ plusAddressId: plus.id });
    assert.equal(listed2.totalElements, 2);
    assert.ok(listed2.content!.every((e) => e.plusAddress === plus.id));
    const searched = await alice.mailslurp.emailController.searchEmails({ searchEmailsOptions: {}, plusAddressId: plus.id });
    assert.equal(searched.totalElements, 2);
    const plain = (await api.getInboxEmailsPaginated({ inboxId: inbox.id })).content!.find((e) => e.subject === 'plain')!;
    assert.equal(plain.plusAddress ?? null, null);

    assert.deepEqual(await api.getInboxPlusAddress({ inboxId: inbox.id, plusAddressId: plus.id }), plus);
    assert.deepEqual(await api.getInboxPlusAddressById({ plusAddressId: plus.id }), plus);
    assert.deepEqual(await api.getInboxPlusAddressById({ plusAddressId: plus.id, inboxId: inbox.id }), plus);
    const all = await api.getAllPlusAddresses({ inboxId: inbox.id });
    assert.equal(all.totalElements, 2);
  });

  test('sends to a plus address of an inbox here are delivered to it; an inbox whose own address holds + keeps it', async () => {
    const api = alice.inboxApi;
    const from = await api.createInboxWithDefaults();
    const to = await api.createInboxWithDefaults();
    const [local, domain] = to.emailAddress.split('@');
    const plusNamed = await api.createInbox({ emailAddress: `${local}+own@${domain}` });

    const receipt = await api.sendEmailAndConfirm({
      inboxId: from.id, sendEmailOptions: { to: [withTag(to.emailAddress, 'api'), plusNamed.emailAddress], subject: 'via api' },
    });
    assert.ok(receipt.id);
    const got = await alice.mailslurp.waitForLatestEmail(to.id, 10_000);
    assert.equal(got.subject, 'via api');
    // exact match first: the inbox with the + in its own address got its copy, not to's "own" plus address
    assert.equal((await alice.mailslurp.waitForLatestEmail(plusNamed.id, 10_000)).subject, 'via api');
    const plusOfTo = await api.getInboxPlusAddresses({ inboxId: to.id });
    assert.deepEqual(plusOfTo.content!.map((p) => p.plusAddress), ['api']);
    assert.equal((await api.getInboxPlusAddresses({ inboxId: plusNamed.id })).totalElements, 0);
  });

  test('getOrCreate: by inbox or by full address; refusals name what is wrong', async () => {
    const api = alice.inboxApi;
    const inbox = await api.createInboxWithDefaults();
    const made = await api.getOrCreateInboxPlusAddress({ inboxId: inbox.id, fullAddress: withTag(inbox.emailAddress, 'Made') });
    assert.equal(made.plusAddress, 'made');
    assert.equal(made.fullAddress, withTag(inbox.emailAddress, 'made').toLowerCase());
    const again = await api.getOrCreatePlusAddressByFullAddress({ fullAddress: withTag(inbox.emailAddress, 'made') });
    assert.equal(again.id, made.id, 'the same plus address, not a second one');
    const other = await api.getOrCreatePlusAddressByFullAddress({ fullAddress: withTag(inbox.emailAddress, 'other') });
    assert.equal(other.inboxId, inbox.id);
    assert.notEqual(other.id, made.id);

    const wrong = await refusal(api.getOrCreateInboxPlusAddress({ inboxId: inbox.id, fullAddress: 'someone+x@example.com' }));
    assert.equal(wrong.status, 400);
    assert.match(wrong.message, /not a plus address of inbox/);
    assert.equal((await refusal(api.getOrCreatePlusAddressByFullAddress({ fullAddress: 'nobody+x@example.com' }))).status, 404);
    assert.equal((await refusal(api.getOrCreatePlusAddressByFullAddress({ fullAddress: inbox.emailAddress }))).status, 400);
    assert.equal((await refusal(api.getInboxPlusAddressById({ plusAddressId: randomUUID() }))).status, 404);
    const otherInbox = await api.createInboxWithDefaults();
    assert.equal((await refusal(api.getInboxPlusAddress({ inboxId: otherInbox.id, plusAddressId: made.id }))).status, 404);
    assert.equal((await refusal(api.getInboxPlusAddresses({ inboxId: randomUUID() }))).status, 404);
  });
});
