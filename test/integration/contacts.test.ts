import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CreateWebhookOptionsEventNameEnum as Event, GetAllContactsSortEnum } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';


describeEachDialect('contacts and groups', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  let hook: WebhookReceiver;

  before(async () => {
    hook = await startWebhookReceiver();
    server = await startTestServer(dialect, { env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false', PIGEONHOLE_MAX_RECIPIENTS: '3' } });
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(async () => {
    await server?.close();
    await hook?.close();
  });

  const contactsOf = (t: Tenant) => t.mailslurp.contactController;
  const groupsOf = (t: Tenant) => t.mailslurp.groupController;

  test('createContact keeps every field; get, list, page, search and delete', async () => {
    const api = contactsOf(alice);
    const created = await api.createContact({
      createContactOptions: {
        firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines', emailAddresses: ['ada@example.com', 'ada@work.example'],
        tags: ['vip', 'math'], metaData: { level: 3 }, optOut: false,
      },
    });
    assert.equal(created.firstName, 'Ada');
    assert.equal(created.primaryEmailAddress, 'ada@example.com');
    assert.deepEqual(created.emailAddresses, ['ada@example.com', 'ada@work.example']);
    assert.deepEqual(created.tags, ['vip', 'math']);
    assert.deepEqual(created.metaData, { level: 3 });
    assert.equal(created.groupId ?? null, null);
    assert.ok(created.createdAt instanceof Date);
    const bare = await api.createContact({ createContactOptions: {} });
    // every field of the client's ContactDto is answered, null when not set (the client reads null as undefined)
    const raw = (await (await alice.fetch(`/contacts/${bare.id}`)).json()) as Record<string, unknown>;
    assert.deepEqual(raw, {
      id: bare.id, groupId: null, firstName: null, lastName: null, company: null, emailAddresses: [], primaryEmailAddress: null,
      tags: [], metaData: null, optOut: false, createdAt: bare.createdAt.toISOString(),
    });

    assert.deepEqual(await api.getContact({ contactId: created.id }), created);
    // (two creations may share a millisecond, so the order between them is not asserted)
    const all = await api.getContacts();
    assert.deepEqual(all.map((c) => c.id).sort(), [created.id, bare.id].sort());
    assert.equal(all.find((c) => c.id === created.id)!.emailAddress, 'ada@example.com');

    const pages = [0, 1].map((n) => api.getAllContacts({ size: 1, page: n, sort: GetAllContactsSortEnum.DESC }));
    const [p0, p1] = await Promise.all(pages);
    assert.equal(p0!.totalElements, 2);
    assert.equal(p0!.totalPages, 2);
    assert.deepEqual([...p0!.content!, ...p1!.content!].map((c) => c.id).sort(), [created.id, bare.id].sort());
    const found = await api.getAllContacts({ search: 'LOVELACE' });
    assert.deepEqual(found.content!.map((c) => c.id), [created.id]);
    assert.equal((await api.getAllContacts({ search: 'work.example' })).totalElements, 1);

    await api.deleteContact({ contactId: bare.id });
    assert.equal((await refusal(api.getContact({ contactId: bare.id }))).status, 404);
    assert.equal((await refusal(api.deleteContact({ contactId: bare.id }))).status, 404);
    await api.deleteContact({ contactId: created.id });
  });

  test('createContact refuses invalid addresses and unknown groups with a message naming them', async () => {
    const api = contactsOf(alice);
    const bad = await refusal(api.createContact({ createContactOptions: { emailAddresses: ['ok@example.com', 'not an address'] } }));
    assert.equal(bad.status, 400);
    assert.match(bad.message, /not an address/);
    const group = randomUUID();
    const missing = await refusal(api.createContact({ createContactOptions: { groupId: group } }));
    assert.equal(missing.status, 404);
    assert.match(missing.message, new RegExp(group));
    assert.deepEqual(await api.getContacts(), [], 'nothing was stored');
  });

  test('getContactVCard: a vCard 4.0 with escaped values', async () => {
    const contact = await contactsOf(alice).createContact({
      createContactOptions: { firstName: 'Grace', lastName: 'Hopper; Jr.', company: 'Navy, US', emailAddresses: ['grace@example.com', 'g@x.example'], tags: ['a,b'] },
    });
    const response = await alice.fetch(`/contacts/${contact.id}/download`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/vcard/);
    assert.match(response.headers.get('content-disposition') ?? '', /attachment; filename="[0-9a-f-]+\.vcf"/);
    const text = await response.text();
    assert.ok(text.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n'), text);
    assert.ok(text.endsWith('END:VCARD\r\n'));
    const lines = text.split('\r\n');
    assert.ok(lines.includes('FN:Grace Hopper\\; Jr.'), text);
    assert.ok(lines.includes('N:Hopper\\; Jr.;Grace;;;'), text);
    assert.ok(lines.includes('ORG:Navy\\, US'), text);
    assert.ok(lines.includes('EMAIL;PREF=1:grace@example.com'), text);
    assert.ok(lines.includes('EMAIL:g@x.example'), text);
    assert.ok(lines.includes('CATEGORIES:a\\,b'), text);
    assert.ok(lines.includes(`UID:urn:uuid:${contact.id}`), text);
    // the client's own call takes the same answer
    await contactsOf(alice).getContactVCard({ contactId: contact.id });
    await contactsOf(alice).deleteContact({ contactId: contact.id });
  });

  test('groups: create, list, page, membership in several groups; deleting a contact or a group', async () => {
    const contacts = contactsOf(alice);
    const groups = groupsOf(alice);
    const friends = await groups.createGroup({ createGroupOptions: { name: 'friends', description: 'close ones' } });
    const work = await groups.createGroup({ createGroupOptions: { name: 'work' } });
    assert.equal(friends.description, 'close ones');
    assert.equal(work.description ?? null, null);
    assert.deepEqual(await groups.getGroup({ groupId: friends.id }), friends);
    assert.deepEqual((await groups.getGroups()).map((g) => g.name).sort(), ['friends', 'work']);
    const [g0, g1] = await Promise.all([0, 1].map((n) => groups.getAllGroups({ size: 1, page: n })));
    assert.equal(g0!.totalElements, 2);
    assert.deepEqual([...g0!.content!, ...g1!.content!].map((g) => g.id).sort(), [friends.id, work.id].sort());

    const one = await contacts.createContact({ createContactOptions: { firstName: 'One', emailAddresses: ['one@example.com'], groupId: friends.id } });
    assert.equal(one.groupId, friends.id);
    const two = await contacts.createContact({ createContactOptions: { firstName: 'Two', emailAddresses: ['two@example.com'] } });

    const added = await groups.addContactsToGroup({ groupId: work.id, updateGroupContacts: { contactIds: [one.id, two.id] } });
    assert.deepEqual(added.group, work);
    assert.deepEqual(added.contacts.map((c) => c.id).sort(), [one.id, two.id].sort());
    assert.equal(added.contacts.find((c) => c.id === two.id)!.groupId, work.id, 'a contact in no group names the first it joins');
    assert.equal(added.contacts.find((c) => c.id === one.id)!.groupId, friends.id, 'one stays named by its first group');
    // adding again changes nothing
    await groups.addContactsToGroup({ groupId: work.id, updateGroupContacts: { contactIds: [one.id] } });
    assert.deepEqual((await groups.getGroupWithContacts({ groupId: friends.id })).contacts.map((c) => c.id), [one.id]);
    const paged = await groups.getGroupWithContactsPaginated({ groupId: work.id, size: 1 });
    assert.equal(paged.totalElements, 2);
    assert.equal(paged.content!.length, 1);
    assert.equal((await groups.getGroupWithContactsPaginated({ groupId: friends.id })).totalElements, 1);

    // an unknown contact id: 404 naming it, and nothing added
    const stranger = randomUUID();
    const refused = await refusal(groups.addContactsToGroup({ groupId: friends.id, updateGroupContacts: { contactIds: [two.id, stranger] } }));
    assert.equal(refused.status, 404);
    assert.match(refused.message, new RegExp(stranger));
    assert.deepEqual((await groups.getGroupWithContacts({ groupId: friends.id })).contacts.map((c) => c.id), [one.id]);

    const removed = await groups.removeContactsFromGroup({ groupId: work.id, updateGroupContacts: { contactIds: [two.id] } });
    assert.deepEqual(removed.contacts.map((c) => c.id), [one.id]);
    assert.equal((await contacts.getContact({ contactId: two.id })).groupId ?? null, null);

    // leaving the group it names: it names the other group it is in
    await groups.removeContactsFromGroup({ groupId: friends.id, updateGroupContacts: { contactIds: [one.id] } });
    assert.equal((await contacts.getContact({ contactId: one.id })).groupId, work.id);
    await groups.addContactsToGroup({ groupId: friends.id, updateGroupContacts: { contactIds: [one.id] } });

    // deleting a contact takes it out of its groups; deleting a group keeps its contacts
    await contacts.deleteContact({ contactId: one.id });
    assert.deepEqual((await groups.getGroupWithContacts({ groupId: work.id })).contacts, []);
    await groups.addContactsToGroup({ groupId: work.id, updateGroupContacts: { contactIds: [two.id] } });
    await groups.addContactsToGroup({ groupId: friends.id, updateGroupContacts: { contactIds: [two.id] } });
    assert.equal((await contacts.getContact({ contactId: two.id })).groupId, work.id);
    await groups.deleteGroup({ groupId: work.id });
    assert.equal((await refusal(groups.getGroup({ groupId: work.id }))).status, 404);
    assert.equal((await contacts.getContact({ contactId: two.id })).groupId, friends.id, 'kept, naming the group it is still in');
    await groups.deleteGroup({ groupId: friends.id });
    assert.equal((await contacts.getContact({ contactId: two.id })).groupId ?? null, null);
    await contacts.deleteContact({ contactId: two.id });
  });

  test('createGroup refuses a blank name', async () => {
    assert.equal((await refusal(groupsOf(alice).createGroup({ createGroupOptions: { name: '  ' } }))).status, 400);
  });

  test('sendEmail with toContacts and toGroup: the mail arrives at the contacts\' primary addresses', async () => {
    const sender = await alice.mailslurp.createInbox();
    const [first, second, third] = [await alice.mailslurp.createInbox(), await alice.mailslurp.createInbox(), await alice.mailslurp.createInbox()];
    const c1 = await contactsOf(alice).createContact({ createContactOptions: { emailAddresses: [first.emailAddress, 'other@example.com'] } });
    const group = await groupsOf(alice).createGroup({ createGroupOptions: { name: 'team' } });
    await contactsOf(alice).createContact({ createContactOptions: { emailAddresses: [second.emailAddress], groupId: group.id } });
    await contactsOf(alice).createContact({ createContactOptions: { emailAddresses: [third.emailAddress], groupId: group.id } });
    // opted out: a group send leaves it out
    await contactsOf(alice).createContact({ createContactOptions: { emailAddresses: ['nobody@example.com'], groupId: group.id, optOut: true } });

    const sent = await alice.mailslurp.inboxController.sendEmailAndConfirm({
      inboxId: sender.id,
      sendEmailOptions: { toContacts: [c1.id], toGroup: group.id, subject: 'hello contacts', body: 'hi' },
    });
    assert.deepEqual([...sent.to!].sort(), [first.emailAddress, second.emailAddress, third.emailAddress].sort());
    for (const inbox of [first, second, third]) {
      const email = await alice.mailslurp.waitForLatestEmail(inbox.id, 10_000);
      assert.equal(email.subject, 'hello contacts');
    }

    // over PIGEONHOLE_MAX_RECIPIENTS (3) once resolved: 400, nothing sent
    const tooMany = await refusal(alice.mailslurp.inboxController.sendEmail({
      inboxId: sender.id, sendEmailOptions: { to: ['x@example.com'], toGroup: group.id, toContacts: [c1.id], body: 'x' },
    }));
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.message, /toContacts and toGroup/);
  });

  test('sendEmail with another user\'s or an unknown contact or group: 404 naming it, nothing sent', async () => {
    const sender = await bob.mailslurp.createInbox();
    const target = await alice.mailslurp.createInbox();
    const alicesContact = await contactsOf(alice).createContact({ createContactOptions: { emailAddresses: [target.emailAddress] } });
    const alicesGroup = await groupsOf(alice).createGroup({ createGroupOptions: { name: 'secret' } });
    for (const options of [{ toContacts: [alicesContact.id] }, { toGroup: alicesGroup.id }, { toContacts: [randomUUID()] }]) {
      const refused = await refusal(bob.mailslurp.inboxController.sendEmail({ inboxId: sender.id, sendEmailOptions: { ...options, body: 'x' } }));
      assert.equal(refused.status, 404, JSON.stringify(options));
      assert.match(refused.message, new RegExp((options.toContacts?.[0] ?? options.toGroup)!));
    }
    const sentByBob = await bob.mailslurp.sentController.getSentEmails({});
    assert.equal(sentByBob.totalElements, 0, 'nothing was sent');
  });

  test('NEW_CONTACT: an account webhook receives the contact as WebhookNewContactPayload', async () => {
    const hooks = bob.mailslurp.webhookController;
    const webhook = await hooks.createAccountWebhook({ createWebhookOptions: { url: hook.url, eventName: Event.NEW_CONTACT, name: 'contacts' } });
    const contact = await contactsOf(bob).createContact({
      createContactOptions: { firstName: 'Hedy', lastName: 'Lamarr', emailAddresses: ['hedy@example.com'], tags: ['radio'], metaData: { a: 1 } },
    });
    const [delivery] = await hook.waitFor(1, (r) => r.json.contactId === contact.id);
    assert.deepEqual({ ...delivery!.json, messageId: undefined, createdAt: undefined }, {
      messageId: undefined, webhookId: webhook.id, webhookName: 'contacts', eventName: 'NEW_CONTACT', contactId: contact.id,
      groupId: null, firstName: 'Hedy', lastName: 'Lamarr', company: null, primaryEmailAddress: 'hedy@example.com',
      emailAddresses: ['hedy@example.com'], tags: ['radio'], metaData: { a: 1 }, optOut: false, createdAt: undefined,
    });
    assert.equal(delivery!.json.createdAt, contact.createdAt.toISOString());
  });
});
