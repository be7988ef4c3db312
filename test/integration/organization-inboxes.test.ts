import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { GetOrganizationInboxesSortEnum, MatchOptionFieldEnum, MatchOptionShouldEnum, type Email, type InboxDto, type SentEmailDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import type { OrgRole } from '../../src/storage/ports.js';

/**
 * Team inboxes (spec §2.2) through the official client: the members of an organisation see
 * every member's inboxes and mail, read each other's, and only its admins change them.
 */
describeEachDialect('organisation (team) inboxes', (dialect) => {
  let server: TestServer;
  let admin: Tenant;
  let member: Tenant;
  let outsider: Tenant;
  let rival: Tenant;
  let adminInbox: InboxDto;
  let memberInbox: InboxDto;
  let outsiderInbox: InboxDto;
  let adminEmail: Email;
  let memberEmail: Email;
  let adminSent: SentEmailDto;
  const teamOrg = randomUUID();

  async function join(orgId: string, slug: string, tenant: Tenant, role: OrgRole): Promise<void> {
    const orgs = server.db.store.repos.organizations;
    if (!(await orgs.findById(orgId))) await orgs.create({ id: orgId, slug, name: slug, createdAt: new Date() });
    assert.equal(await orgs.setMember(orgId, tenant.userId, role), true);
  }

  /** `from` sends one email to `to` (an inbox of this server) and waits until it is there. */
  async function mailTo(from: Tenant, fromInbox: InboxDto, to: Tenant, toInbox: InboxDto, subject: string) {
    const sent = await from.mailslurp.inboxController.sendEmailAndConfirm({
      inboxId: fromInbox.id, sendEmailOptions: { to: [toInbox.emailAddress], subject, body: `<p>${subject}</p>`, isHTML: true },
    });
    const email = await to.mailslurp.waitController.waitForMatchingFirstEmail({
      inboxId: toInbox.id, timeout: 20_000,
      matchOptions: { matches: [{ field: MatchOptionFieldEnum.SUBJECT, should: MatchOptionShouldEnum.EQUAL, value: subject }] },
    });
    return { sent, email };
  }

  before(async () => {
    server = await startTestServer(dialect);
    [admin, member, outsider, rival] = [await server.createTenant(), await server.createTenant(), await server.createTenant(), await server.createTenant()];
    await join(teamOrg, `team-${dialect}`, admin, 'ADMIN');
    await join(teamOrg, `team-${dialect}`, member, 'MEMBER');
    await join(randomUUID(), `rival-${dialect}`, rival, 'ADMIN');
    adminInbox = await admin.inboxApi.createInbox({ name: 'admin inbox' });
    memberInbox = await member.inboxApi.createInbox({ name: 'member inbox' });
    outsiderInbox = await outsider.inboxApi.createInbox({ name: 'outsider inbox' });
    ({ email: adminEmail, sent: adminSent } = await mailTo(admin, adminInbox, admin, adminInbox, 'to the admin'));
    ({ email: memberEmail } = await mailTo(member, memberInbox, member, memberInbox, 'to the member'));
    await mailTo(outsider, outsiderInbox, outsider, outsiderInbox, 'to the outsider');
  });
  after(() => server?.close());

  test("getOrganizationInboxes, getOrganizationEmailsPaginated and getSentOrganizationEmails list every member's, with each owner's userId", async () => {
    for (const who of [admin, member]) {
      const inboxes = await who.inboxApi.getOrganizationInboxes({ size: 100 });
      assert.deepEqual(
        inboxes.content!.map((i) => [i.id, i.userId, i.teamAccess]).sort(),
        [[adminInbox.id, admin.userId, true], [memberInbox.id, member.userId, true]].sort(),
      );
      const searched = await who.inboxApi.getOrganizationInboxes({ searchFilter: 'member inbox' });
      assert.deepEqual(searched.content!.map((i) => i.id), [memberInbox.id], 'filters apply to the whole organisation');
      const paged = await who.inboxApi.getOrganizationInboxes({ size: 1, page: 1, sort: GetOrganizationInboxesSortEnum.ASC });
      assert.equal(paged.totalElements, 2);
      assert.deepEqual(paged.content!.map((i) => i.id), [memberInbox.id]);

      const emails = await who.mailslurp.emailController.getOrganizationEmailsPaginated({ size: 100 });
      assert.deepEqual(emails.content!.map((e) => e.id).sort(), [adminEmail.id, memberEmail.id].sort());
      const ofOne = await who.mailslurp.emailController.getOrganizationEmailsPaginated({ inboxId: [adminInbox.id] });
      assert.deepEqual(ofOne.content!.map((e) => e.id), [adminEmail.id]);

      const sent = await who.mailslurp.sentController.getSentOrganizationEmails({ size: 100 });
      assert.equal(sent.totalElements, 2);
      assert.deepEqual(new Set(sent.content!.map((s) => s.userId)), new Set([admin.userId, member.userId]));
      const sentOfAdmin = await who.mailslurp.sentController.getSentOrganizationEmails({ inboxId: adminInbox.id });
      assert.deepEqual(sentOfAdmin.content!.map((s) => s.id), [adminSent.id]);
    }
    // outside the organisation: one's own, as before
    const own = await outsider.inboxApi.getOrganizationInboxes({});
    assert.deepEqual(own.content!.map((i) => i.id), [outsiderInbox.id]);
    const ownEmails = await outsider.mailslurp.emailController.getOrganizationEmailsPaginated({});
    assert.equal(ownEmails.totalElements, 1);
    const rivalInboxes = await rival.inboxApi.getOrganizationInboxes({});
    assert.equal(rivalInboxes.totalElements, 0);
  });

  test("a member reads another member's inbox, its emails and their content, and waits for mail in it", async () => {
    assert.equal((await member.inboxApi.getInbox({ inboxId: adminInbox.id })).id, adminInbox.id);
    const listed = await member.inboxApi.getInboxEmailsPaginated({ inboxId: adminInbox.id });
    assert.deepEqual(listed.content!.map((e) => e.id), [adminEmail.id]);
    assert.deepEqual((await member.inboxApi.getEmails({ inboxId: adminInbox.id })).map((e) => e.id), [adminEmail.id]);
    assert.equal((await member.inboxApi.getInboxEmailCount({ inboxId: adminInbox.id })).totalElements, 1);
    const email = await member.mailslurp.emailController.getEmail({ emailId: adminEmail.id });
    assert.equal(email.subject, 'to the admin');
    const raw = await member.fetch(`/emails/${adminEmail.id}/raw`);
    assert.equal(raw.status, 200);
    assert.match(await raw.text(), /Subject: to the admin/);
    const html = await member.mailslurp.emailController.getEmailHTML({ emailId: adminEmail.id });
    assert.match(html, /to the admin/);
    const lines = await member.mailslurp.emailController.getEmailTextLines({ emailId: adminEmail.id });
    assert.deepEqual(lines.lines, ['to the admin']);
    const latest = await member.mailslurp.waitController.waitForLatestEmail({ inboxId: adminInbox.id, timeout: 5000 });
    assert.equal(latest.id, adminEmail.id);
    const count = await member.mailslurp.waitController.waitForEmailCount({ inboxId: adminInbox.id, count: 1, timeout: 5000 });
    assert.equal(count.length, 1);
    const sent = await member.mailslurp.sentController.getSentEmail({ id: adminSent.id });
    assert.equal(sent.inboxId, adminInbox.id);

    // a wait held by a member wakes when mail arrives in the team mate's inbox
    const waiting = member.mailslurp.waitController.waitForMatchingFirstEmail({
      inboxId: adminInbox.id, timeout: 20_000, matchOptions: { matches: [{ field: MatchOptionFieldEnum.SUBJECT, should: MatchOptionShouldEnum.EQUAL, value: 'later' }] },
    });
    await admin.mailslurp.inboxController.sendEmailAndConfirm({ inboxId: adminInbox.id, sendEmailOptions: { to: [adminInbox.emailAddress], subject: 'later' } });
    assert.equal((await waiting).subject, 'later');
  });

  test("a member's changes to another member's inbox or its emails are 403 naming why; reads of its settings too", async () => {
    const changes: Array<[string, () => Promise<unknown>]> = [
      ['updateInbox', () => member.inboxApi.updateInbox({ inboxId: adminInbox.id, updateInboxOptions: { name: 'taken' } })],
      ['deleteInbox', () => member.inboxApi.deleteInbox({ inboxId: adminInbox.id })],
      ['sendEmail', () => member.inboxApi.sendEmail({ inboxId: adminInbox.id, sendEmailOptions: { to: [memberInbox.emailAddress], subject: 'spoof' } })],
      ['deleteEmail', () => member.mailslurp.emailController.deleteEmail({ emailId: adminEmail.id })],
      ['markAsRead', () => member.mailslurp.emailController.markAsRead({ emailId: adminEmail.id, read: false })],
      ['createWebhook', () => member.mailslurp.webhookController.createWebhook({ inboxId: adminInbox.id, createWebhookOptions: { url: 'http://127.0.0.1:9/hook' } })],
      ['deleteAllInboxEmails', () => member.inboxApi.deleteAllInboxEmails({ inboxId: adminInbox.id })],
      ['getImapSmtpAccess', () => member.inboxApi.getImapSmtpAccess({ inboxId: adminInbox.id })],
    ];
    for (const [name, call] of changes) assert.equal(await statusOf(call()), 403, name);

    const reply = await member.fetch(`/inboxes/${adminInbox.id}`, {
      method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'taken' }),
    });
    assert.equal(reply.status, 403);
    const body = (await reply.json()) as { message: string };
    assert.equal(body.message, `Inbox ${adminInbox.id} is a team inbox of your organization; only organization admins may change it (updateInbox); members may read its mail`);
    const deleted = await member.fetch(`/emails/${adminEmail.id}`, { method: 'DELETE' });
    assert.match(((await deleted.json()) as { message: string }).message, new RegExp(`^Email ${adminEmail.id} belongs to a team inbox of your organization; only organization admins may change it`));

    // nothing changed
    const still = await admin.inboxApi.getInbox({ inboxId: adminInbox.id });
    assert.equal(still.name, 'admin inbox');
    assert.equal((await admin.mailslurp.emailController.getEmail({ emailId: adminEmail.id })).id, adminEmail.id);
    assert.equal((await admin.mailslurp.webhookController.getWebhooks({ inboxId: adminInbox.id })).length, 0);
  });

  test("an organisation admin changes a member's inbox and its emails as the owner would", async () => {
    const renamed = await admin.inboxApi.updateInbox({ inboxId: memberInbox.id, updateInboxOptions: { name: 'renamed by admin' } });
    assert.equal(renamed.name, 'renamed by admin');
    assert.equal((await member.inboxApi.getInbox({ inboxId: memberInbox.id })).name, 'renamed by admin');
    const sent = await admin.inboxApi.sendEmailAndConfirm({
      inboxId: memberInbox.id, sendEmailOptions: { to: [memberInbox.emailAddress], subject: 'sent by the admin' },
    });
    assert.equal(sent.inboxId, memberInbox.id);
    assert.equal(sent.userId, member.userId, 'the receipt is the owner\'s');
    const arrived = await member.mailslurp.waitController.waitForMatchingFirstEmail({
      inboxId: memberInbox.id, timeout: 20_000, matchOptions: { matches: [{ field: MatchOptionFieldEnum.SUBJECT, should: MatchOptionShouldEnum.EQUAL, value: 'sent by the admin' }] },
    });
    assert.equal(await statusOf(admin.mailslurp.emailController.deleteEmail({ emailId: arrived.id })), 200);
    assert.equal(await statusOf(member.mailslurp.emailController.getEmail({ emailId: arrived.id })), 404);
    const other = await member.inboxApi.createInbox({ name: 'to delete' });
    assert.equal(await statusOf(admin.inboxApi.deleteInbox({ inboxId: other.id })), 200);
    assert.equal(await statusOf(member.inboxApi.getInbox({ inboxId: other.id })), 404);
  });

  test('users outside the organisation, and members of another one, get 404 as for any missing id', async () => {
    for (const stranger of [outsider, rival]) {
      assert.equal(await statusOf(stranger.inboxApi.getInbox({ inboxId: adminInbox.id })), 404);
      assert.equal(await statusOf(stranger.inboxApi.getInboxEmailsPaginated({ inboxId: adminInbox.id })), 404);
      assert.equal(await statusOf(stranger.mailslurp.emailController.getEmail({ emailId: adminEmail.id })), 404);
      assert.equal(await statusOf(stranger.inboxApi.updateInbox({ inboxId: adminInbox.id, updateInboxOptions: { name: 'x' } })), 404);
      assert.equal(await statusOf(stranger.inboxApi.deleteInbox({ inboxId: adminInbox.id })), 404);
      assert.equal(await statusOf(stranger.mailslurp.emailController.deleteEmail({ emailId: adminEmail.id })), 404);
    }
    // and a member reaching outside the organisation gets the same 404
    assert.equal(await statusOf(member.inboxApi.getInbox({ inboxId: outsiderInbox.id })), 404);
    assert.equal(await statusOf(member.inboxApi.deleteInbox({ inboxId: outsiderInbox.id })), 404);
    assert.equal(await statusOf(admin.inboxApi.deleteInbox({ inboxId: outsiderInbox.id })), 404);
    assert.equal((await outsider.inboxApi.getInbox({ inboxId: outsiderInbox.id })).id, outsiderInbox.id);
  });
});
