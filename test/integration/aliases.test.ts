import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Email, InboxDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';
import { smtpTransport } from '../helpers/smtp.js';
import { openEventStream } from '../helpers/event-stream.js';

const WAIT = 30_000;

describeEachDialect('aliases', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(() => server?.close());

  const aliasesOf = (t: Tenant) => t.mailslurp.aliasController;
  const latest = (t: Tenant, inbox: InboxDto | string) =>
    t.mailslurp.waitController.waitForLatestEmail({ inboxId: typeof inbox === 'string' ? inbox : inbox.id!, timeout: WAIT, unreadOnly: true });
  const verificationLink = (email: Email) => {
    const link = /https?:\/\/\S+\/aliases\/verify\?token=[A-Za-z0-9_-]+/.exec(email.body ?? '')?.[0];
    assert.ok(link, `the verification mail carries its link: ${email.body}`);
    return link;
  };
  /** An alias hiding inbox `hidden` of `t`, verified by following the link its verification mail carries. */
  async function verifiedAlias(t: Tenant, hidden: InboxDto, useThreads: boolean, name?: string) {
    const alias = await aliasesOf(t).createAlias({ createAliasOptions: { emailAddress: hidden.emailAddress!, useThreads, name } });
    const mail = await latest(t, hidden);
    const page = await fetch(verificationLink(mail));
    assert.equal(page.status, 200, await page.clone().text());
    return alias;
  }

  test('createAlias mails a verification link to the hidden address; following it (no key) activates the alias', async () => {
    const api = aliasesOf(alice);
    const hidden = await alice.inboxApi.createInboxWithDefaults();
    const stream = await openEventStream(server, alice);
    try {
      const alias = await api.createAlias({ createAliasOptions: { emailAddress: hidden.emailAddress!.toUpperCase(), useThreads: true, name: 'Shopping' } });
      assert.equal(alias.isVerified, false);
      assert.equal(alias.maskedEmailAddress, hidden.emailAddress);
      assert.equal(alias.name, 'Shopping');
      assert.equal(alias.useThreads, true);
      assert.equal(alias.userId, alice.userId);
      const aliasInbox = await alice.inboxApi.getInbox({ inboxId: alias.inboxId });
      assert.equal(aliasInbox.emailAddress, alias.emailAddress, 'the alias receives at an inbox of its own');
      assert.notEqual(alias.emailAddress, hidden.emailAddress);

      const mail = await latest(alice, hidden);
      assert.equal(mail.from, alias.emailAddress, 'the verification mail comes from the alias');
      assert.match(mail.subject ?? '', /Verify the alias/);
      const link = verificationLink(mail);
      assert.ok(link.startsWith(server.url), 'the link points at this server');

      const page = await fetch(link);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await page.text(), new RegExp(`${alias.emailAddress!.replace(/[.+]/g, '\\$&')}.*is active`));
      const verified = await stream.next('alias.verified');
      assert.equal(verified.data.aliasId, alias.id);

      assert.equal((await api.getAlias({ aliasId: alias.id })).isVerified, true);
      const again = await fetch(link);
      assert.equal(again.status, 404, 'a link opens once');
      assert.match(((await again.json()) as { message: string }).message, /not valid/);
      const forged = await fetch(`${server.url}/aliases/verify?token=${'x'.repeat(43)}`);
      assert.equal(forged.status, 404);
    } finally {
      await stream.close();
    }
  });

  test('getAliases pages and searches, updateAlias renames, deleteAlias removes the alias and the inbox it made', async () => {
    const api = aliasesOf(bob);
    const made = [];
    for (const name of ['first', 'second']) {
      made.push(await api.createAlias({ createAliasOptions: { emailAddress: `${name}-${randomUUID()}@example.com`, useThreads: false, name } }));
    }
    const page = await api.getAliases({ size: 1, sort: 'DESC' as never });
    assert.equal(page.totalElements, 2);
    assert.equal(page.content!.length, 1);
    const found = await api.getAliases({ search: 'SECOND' });
    assert.deepEqual(found.content!.map((a) => a.id), [made[1]!.id]);
    assert.equal(found.content![0]!.emailAddress, made[1]!.emailAddress);
    assert.equal((await api.getAliases({ search: made[0]!.maskedEmailAddress! })).content![0]!.id, made[0]!.id);

    const renamed = await api.updateAlias({ aliasId: made[0]!.id, updateAliasOptions: { name: 'renamed' } });
    assert.equal(renamed.name, 'renamed');
    assert.equal((await bob.inboxApi.getInbox({ inboxId: made[0]!.inboxId })).name, 'renamed', "the alias's inbox carries its name");

    for (const alias of made) {
      await api.deleteAlias({ aliasId: alias.id });
      assert.equal((await refusal(api.getAlias({ aliasId: alias.id }))).status, 404);
      assert.equal((await refusal(bob.inboxApi.getInbox({ inboxId: alias.inboxId }))).status, 404, 'the inbox it made is gone');
    }
    assert.equal((await refusal(api.deleteAlias({ aliasId: made[0]!.id }))).status, 404);
    assert.equal((await api.getAliases({})).totalElements, 0);
  });

  test('createAlias refuses what cannot be an alias, naming why', async () => {
    const api = aliasesOf(bob);
    const bad = await refusal(api.createAlias({ createAliasOptions: { emailAddress: 'not an address', useThreads: false } }));
    assert.equal(bad.status, 400);
    assert.match(bad.message, /not an address/);
    const inbox = await bob.inboxApi.createInboxWithDefaults();
    const both = await refusal(api.createAlias({ createAliasOptions: { emailAddress: 'x@example.com', useThreads: false, inboxId: inbox.id, domainId: randomUUID() } }));
    assert.equal(both.status, 400);
    assert.match(both.message, /inboxId or domainId/);
    const domain = await refusal(api.createAlias({ createAliasOptions: { emailAddress: 'x@example.com', useThreads: false, domainId: randomUUID() } }));
    assert.equal(domain.status, 400);
    assert.match(domain.message, /not a custom domain of yours/);
    assert.equal((await refusal(api.createAlias({ createAliasOptions: { emailAddress: 'x@example.com', useThreads: false, inboxId: randomUUID() } }))).status, 404);
    const self = await refusal(api.createAlias({ createAliasOptions: { emailAddress: inbox.emailAddress!, useThreads: false, inboxId: inbox.id } }));
    assert.equal(self.status, 400);
    assert.match(self.message, /cannot hide its own address/);
    const virtual = await bob.inboxApi.createInboxWithOptions({ createInboxDto: { virtualInbox: true } });
    const unsent = await refusal(api.createAlias({ createAliasOptions: { emailAddress: 'x@example.com', useThreads: false, inboxId: virtual.id } }));
    assert.equal(unsent.status, 400);
    assert.match(unsent.message, /virtual inbox delivers nothing/);

    // an inbox of the caller's may be the alias's (its address is the alias's address), once
    const onInbox = await api.createAlias({ createAliasOptions: { emailAddress: 'owner@example.com', useThreads: false, inboxId: inbox.id } });
    assert.equal(onInbox.inboxId, inbox.id);
    assert.equal(onInbox.emailAddress, inbox.emailAddress);
    const twice = await refusal(api.createAlias({ createAliasOptions: { emailAddress: 'other@example.com', useThreads: false, inboxId: inbox.id } }));
    assert.equal(twice.status, 409);
    // an inbox the caller gave stays when the alias goes
    await api.deleteAlias({ aliasId: onInbox.id });
    assert.equal((await bob.inboxApi.getInbox({ inboxId: inbox.id })).id, inbox.id);
  });

  test('over SMTP: mail to a verified alias with threads reaches the hidden inbox from its thread address; the reply goes from the alias to the sender and cc', async () => {
    const hidden = await alice.inboxApi.createInboxWithDefaults();
    const sender = await alice.inboxApi.createInboxWithDefaults();
    const copied = await alice.inboxApi.createInboxWithDefaults();
    const alias = await verifiedAlias(alice, hidden, true, 'Masked');
    const stream = await openEventStream(server, alice);
    const smtp = smtpTransport(server);
    try {
      await smtp.sendMail({
        from: `Sam Sender <${sender.emailAddress}>`, to: alias.emailAddress, cc: copied.emailAddress,
        subject: 'Hello alias', text: 'Are you there?', attachments: [{ filename: 'note.txt', content: 'attached words' }],
      });
      const proxied = await latest(alice, hidden);
      assert.equal(proxied.subject, 'Hello alias');
      assert.match(proxied.body ?? '', /Are you there\?/);
      assert.equal(proxied.attachments?.length, 1, 'attachments are passed on');
      const threads = await aliasesOf(alice).getAliasThreads({ aliasId: alias.id });
      assert.equal(threads.totalElements, 1);
      const thread = threads.content![0]!;
      assert.deepEqual(thread.to, [sender.emailAddress]);
      assert.deepEqual(thread.cc, [copied.emailAddress]);
      assert.equal(thread.subject, 'Hello alias');
      assert.equal(thread.aliasId, alias.id);
      const threadInbox = await alice.inboxApi.getInbox({ inboxId: thread.inboxId });
      assert.equal(proxied.from, threadInbox.emailAddress, 'the copy comes from the thread address');
      assert.equal(proxied.replyTo, threadInbox.emailAddress);
      assert.match(proxied.sender?.name ?? '', /Sam Sender via /);
      const proxiedEvent = await stream.next('alias.proxied');
      assert.equal(proxiedEvent.data.aliasId, alias.id);
      assert.equal(proxiedEvent.data.direction, 'to-hidden');
      assert.equal(proxiedEvent.data.threadId, thread.id);
      assert.deepEqual(await aliasesOf(alice).getThread({ threadId: thread.id }), thread);
      assert.ok((await aliasesOf(alice).getThreadsPaginated({})).content!.some((t) => t.id === thread.id));
      // the cc'd inbox got the original, straight from the sender
      await latest(alice, copied);

      // a second mail of the same sender stays in the same thread
      await smtp.sendMail({ from: sender.emailAddress, to: alias.emailAddress, subject: 'Hello again', text: 'Second' });
      const second = await latest(alice, hidden);
      assert.equal(second.from, threadInbox.emailAddress);
      assert.equal((await aliasesOf(alice).getAliasThreads({ aliasId: alias.id })).totalElements, 1);

      // the hidden user answers the thread address
      await smtp.sendMail({ from: hidden.emailAddress, to: threadInbox.emailAddress, subject: 'Re: Hello alias', text: 'Yes, here I am' });
      const answer = await latest(alice, sender);
      assert.equal(answer.from, alias.emailAddress, 'the reply comes from the alias');
      assert.equal(answer.subject, 'Re: Hello alias');
      assert.match(answer.body ?? '', /Yes, here I am/);
      assert.deepEqual(answer.cc, [copied.emailAddress]);
      assert.ok(!JSON.stringify(answer).includes(hidden.emailAddress!), 'the reply does not reveal the hidden address');
      const toCc = await latest(alice, copied);
      assert.equal(toCc.subject, 'Re: Hello alias');
      // (the second mail's copy was proxied before the reply)
      assert.equal((await stream.next('alias.proxied')).data.direction, 'to-hidden');
      const replyEvent = await stream.next('alias.proxied');
      assert.equal(replyEvent.data.direction, 'reply');
      assert.equal(replyEvent.data.threadId, thread.id);

      // only the hidden address replies through a thread: anyone else's mail there stays put
      const before = (await aliasesOf(alice).getAliasEmails({ aliasId: alias.id })).totalElements;
      await smtp.sendMail({ from: sender.emailAddress, to: threadInbox.emailAddress, subject: 'sneaky', text: 'let me send as the alias' });
      const kept = await latest(alice, threadInbox.id!);
      assert.equal(kept.subject, 'sneaky');
      const jobs = await server.server.store.repos.automationJobs.page(alice.userId, { kinds: ['alias-proxy'] }, { page: 0, size: 100, sort: 'ASC' });
      assert.ok(!jobs.items.some((j) => j.emailId === kept.id), 'no proxy job for mail to a thread from someone else');
      assert.equal((await aliasesOf(alice).getAliasEmails({ aliasId: alias.id })).totalElements, before);
    } finally {
      smtp.close();
      await stream.close();
    }
  });

  test('an unverified alias keeps its mail and proxies nothing', async () => {
    const hidden = await alice.inboxApi.createInboxWithDefaults();
    const sender = await alice.inboxApi.createInboxWithDefaults();
    const alias = await aliasesOf(alice).createAlias({ createAliasOptions: { emailAddress: hidden.emailAddress!, useThreads: true } });
    await latest(alice, hidden); // the verification mail, left unopened
    const smtp = smtpTransport(server);
    try {
      await smtp.sendMail({ from: sender.emailAddress, to: alias.emailAddress, subject: 'Anyone?', text: 'hello' });
    } finally {
      smtp.close();
    }
    const kept = await latest(alice, alias.inboxId);
    assert.equal(kept.subject, 'Anyone?');
    const emails = await aliasesOf(alice).getAliasEmails({ aliasId: alias.id });
    assert.deepEqual(emails.content!.map((e) => e.id), [kept.id]);
    // the job would have been stored with the email: there is none
    const jobs = await server.server.store.repos.automationJobs.page(alice.userId, { kinds: ['alias-proxy'] }, { page: 0, size: 100, sort: 'ASC' });
    assert.ok(!jobs.items.some((j) => j.emailId === kept.id));
    assert.equal((await alice.mailslurp.inboxController.getInboxEmailCount({ inboxId: hidden.id! })).totalElements, 1, 'only the verification mail');
    assert.equal((await aliasesOf(alice).getAliasThreads({ aliasId: alias.id })).totalElements, 0);
  });

  test('without threads the copy comes from the alias with Reply-To the sender; sendAliasEmail and replyToAliasEmail send from the alias', async () => {
    const hidden = await alice.inboxApi.createInboxWithDefaults();
    const sender = await alice.inboxApi.createInboxWithDefaults();
    const other = await alice.inboxApi.createInboxWithDefaults();
    const alias = await verifiedAlias(alice, hidden, false);
    const smtp = smtpTransport(server);
    try {
      await smtp.sendMail({ from: sender.emailAddress, to: alias.emailAddress, cc: other.emailAddress, subject: 'Plain', html: '<p>Plain <b>hello</b></p>' });
    } finally {
      smtp.close();
    }
    const proxied = await latest(alice, hidden);
    assert.equal(proxied.from, alias.emailAddress);
    assert.equal(proxied.replyTo, sender.emailAddress);
    assert.equal(proxied.isHTML, true);
    assert.match(proxied.body ?? '', /<b>hello<\/b>/);
    assert.equal((await aliasesOf(alice).getAliasThreads({ aliasId: alias.id })).totalElements, 0);
    await latest(alice, other);

    const received = (await aliasesOf(alice).getAliasEmails({ aliasId: alias.id })).content!;
    assert.equal(received.length, 1);
    const reply = await aliasesOf(alice).replyToAliasEmail({
      aliasId: alias.id, emailId: received[0]!.id, replyToAliasEmailOptions: { body: 'Answered', isHTML: false },
    });
    assert.equal(reply.from, alias.emailAddress);
    assert.equal(reply.subject, 'Re: Plain');
    assert.deepEqual(reply.to, [sender.emailAddress]);
    assert.deepEqual(reply.cc, [other.emailAddress]);
    const answered = await latest(alice, sender);
    assert.equal(answered.from, alias.emailAddress);
    assert.equal(answered.subject, 'Re: Plain');
    assert.equal((await latest(alice, other)).subject, 'Re: Plain');

    const sent = await aliasesOf(alice).sendAliasEmail({ aliasId: alias.id, sendEmailOptions: { to: [other.emailAddress!], subject: 'From the alias', body: 'hi' } });
    assert.equal(sent.from, alias.emailAddress);
    const got = await latest(alice, other);
    assert.equal(got.from, alias.emailAddress);
    assert.equal(got.subject, 'From the alias');

    // an email the alias did not receive is not one to answer through it
    const notTheAlias = await refusal(aliasesOf(alice).replyToAliasEmail({ aliasId: alias.id, emailId: got.id, replyToAliasEmailOptions: { body: 'x', isHTML: false } }));
    assert.equal(notTheAlias.status, 404);
  });

  test('two aliases hiding each other stop after one round instead of mailing each other forever', async () => {
    const api = aliasesOf(bob);
    const first = await bob.inboxApi.createInboxWithDefaults();
    const second = await bob.inboxApi.createInboxWithDefaults();
    const sender = await bob.inboxApi.createInboxWithDefaults();
    // alias A receives at `first` and hides `second`; alias B receives at `second` and hides `first`
    const a = await api.createAlias({ createAliasOptions: { emailAddress: second.emailAddress!, useThreads: false, inboxId: first.id } });
    const b = await api.createAlias({ createAliasOptions: { emailAddress: first.emailAddress!, useThreads: false, inboxId: second.id } });
    const links = [];
    for (const inbox of [first, second]) {
      const emails = await bob.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id!, count: 1, timeout: WAIT });
      const full = await bob.mailslurp.emailController.getEmail({ emailId: emails[0]!.id });
      links.push(verificationLink(full));
    }
    for (const link of links) assert.equal((await fetch(link)).status, 200);
    const smtp = smtpTransport(server);
    try {
      await smtp.sendMail({ from: sender.emailAddress, to: first.emailAddress, subject: 'Loop?', text: 'round and round' });
    } finally {
      smtp.close();
    }
    // first gets it, A passes it to second, B passes it back to first, and A stops there
    await bob.mailslurp.waitController.waitForMatchingEmails({
      inboxId: first.id!, count: 2, timeout: WAIT, matchOptions: { matches: [{ field: 'SUBJECT' as never, should: 'CONTAIN' as never, value: 'Loop?' }] },
    });
    await bob.mailslurp.waitController.waitForMatchingEmails({
      inboxId: second.id!, count: 1, timeout: WAIT, matchOptions: { matches: [{ field: 'SUBJECT' as never, should: 'CONTAIN' as never, value: 'Loop?' }] },
    });
    const jobs = await server.server.store.repos.automationJobs.page(bob.userId, { kinds: ['alias-proxy'] }, { page: 0, size: 100, sort: 'ASC' });
    assert.equal(jobs.items.length, 2, 'one proxy by each alias, then the hop header stops it');
    assert.deepEqual(jobs.items.map((j) => j.subjectId).sort(), [a.id, b.id].sort());
  });
});
