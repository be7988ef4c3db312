import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { fakeServices, rejectsWith, TEST_DOMAIN } from '../../../test/fakes/index.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';

function setup() {
  const fake = fakeServices();
  return { ...fake, contacts: fake.services.contacts };
}

describe('contacts', () => {
  test('create trims and keeps the fields, dedupes addresses, records the NEW_CONTACT domain event with it', async () => {
    const { contacts, repos, clock } = setup();
    const c = await contacts.create(ALICE, {
      firstName: '  Ada ', lastName: '', emailAddresses: [' ada@example.com', 'ada@example.com', 'ada@work.example'], tags: [' vip ', ''],
      metaData: { x: 1 },
    });
    assert.equal(c.firstName, 'Ada');
    assert.equal(c.lastName, null);
    assert.deepEqual(c.emailAddresses, ['ada@example.com', 'ada@work.example']);
    assert.deepEqual(c.tags, ['vip']);
    assert.deepEqual(c.metaData, { x: 1 });
    assert.equal(c.optOut, false);
    assert.deepEqual(c.createdAt, clock.now());
    assert.deepEqual(repos.contacts.events, [{ tenantId: ALICE, name: 'contact.created', inboxId: null, entityId: c.id, occurredAt: clock.now() }]);
  });

  test('invalid addresses are a 400 naming them; another user\'s group a 404; nothing is stored', async () => {
    const { contacts, repos } = setup();
    await rejectsWith(contacts.create(ALICE, { emailAddresses: ['fine@example.com', 'broken'] }), 'BAD_REQUEST', /broken/);
    const bobs = await contacts.createGroup(BOB, { name: 'bob' });
    await rejectsWith(contacts.create(ALICE, { groupId: bobs.id }), 'NOT_FOUND', new RegExp(bobs.id));
    assert.equal(repos.contacts.contacts.size, 0);
  });

  test('another user\'s contact is a 404, for reading and deleting', async () => {
    const { contacts } = setup();
    const c = await contacts.create(ALICE, {});
    await rejectsWith(contacts.get(BOB, c.id), 'NOT_FOUND');
    await rejectsWith(contacts.delete(BOB, c.id), 'NOT_FOUND');
    assert.equal((await contacts.get(ALICE, c.id)).id, c.id);
  });
});

describe('groups', () => {
  test('membership: several groups per contact; adding another user\'s contact is a 404 and adds nothing', async () => {
    const { contacts } = setup();
    const g1 = await contacts.createGroup(ALICE, { name: ' one ' });
    const g2 = await contacts.createGroup(ALICE, { name: 'two', description: 'second' });
    assert.equal(g1.name, 'one');
    const c = await contacts.create(ALICE, { groupId: g1.id });
    const bobs = await contacts.create(BOB, {});
    await contacts.addToGroup(ALICE, g2.id, [c.id]);
    assert.deepEqual((await contacts.withContacts(ALICE, g1.id)).contacts.map((x) => x.id), [c.id]);
    assert.deepEqual((await contacts.withContacts(ALICE, g2.id)).contacts.map((x) => x.id), [c.id]);
    const other = await contacts.create(ALICE, {});
    await rejectsWith(contacts.addToGroup(ALICE, g1.id, [other.id, bobs.id]), 'NOT_FOUND', new RegExp(bobs.id));
    assert.deepEqual((await contacts.withContacts(ALICE, g1.id)).contacts.map((x) => x.id), [c.id], 'other was not added either');
    await rejectsWith(contacts.removeFromGroup(ALICE, g1.id, [bobs.id]), 'NOT_FOUND', new RegExp(bobs.id));
    await contacts.removeFromGroup(ALICE, g1.id, [c.id]);
    assert.equal((await contacts.get(ALICE, c.id)).groupId, g2.id, 'it names the group it is still in');
    await rejectsWith(contacts.addToGroup(BOB, g1.id, [bobs.id]), 'NOT_FOUND', new RegExp(g1.id));
  });

  test('deleting a group keeps its contacts; deleting a contact leaves its groups', async () => {
    const { contacts } = setup();
    const g = await contacts.createGroup(ALICE, { name: 'g' });
    const a = await contacts.create(ALICE, { groupId: g.id });
    const b = await contacts.create(ALICE, { groupId: g.id });
    await contacts.delete(ALICE, a.id);
    assert.deepEqual((await contacts.withContacts(ALICE, g.id)).contacts.map((x) => x.id), [b.id]);
    await contacts.deleteGroup(ALICE, g.id);
    assert.equal((await contacts.get(ALICE, b.id)).groupId, null);
    await rejectsWith(contacts.group(ALICE, g.id), 'NOT_FOUND');
  });

  test('a blank name is a 400', async () => {
    await rejectsWith(setup().contacts.createGroup(ALICE, { name: '   ' }), 'BAD_REQUEST', /name/);
  });
});

describe('recipients at send time', () => {
  test('toContacts and toGroup: primary addresses, each once; opted-out members left out', async () => {
    const { contacts } = setup();
    const g = await contacts.createGroup(ALICE, { name: 'g' });
    const one = await contacts.create(ALICE, { emailAddresses: ['one@example.com', 'second@example.com'] });
    await contacts.create(ALICE, { emailAddresses: ['ONE@example.com'], groupId: g.id });
    await contacts.create(ALICE, { emailAddresses: ['two@example.com'], groupId: g.id });
    await contacts.create(ALICE, { emailAddresses: ['out@example.com'], groupId: g.id, optOut: true });
    await contacts.create(ALICE, { groupId: g.id });
    assert.deepEqual(await contacts.recipientsOf(ALICE, [one.id], g.id), ['one@example.com', 'two@example.com']);
  });

  test('unknown or foreign ids are a 404 naming them; a named contact without an address or opted out a 400', async () => {
    const { contacts } = setup();
    const bobs = await contacts.create(BOB, { emailAddresses: ['bob@example.com'] });
    const bobsGroup = await contacts.createGroup(BOB, { name: 'b' });
    const unknown = randomUUID();
    await rejectsWith(contacts.recipientsOf(ALICE, [bobs.id, unknown], null), 'NOT_FOUND', new RegExp(`${bobs.id}, ${unknown}`));
    await rejectsWith(contacts.recipientsOf(ALICE, [], bobsGroup.id), 'NOT_FOUND', new RegExp(bobsGroup.id));
    const empty = await contacts.create(ALICE, {});
    await rejectsWith(contacts.recipientsOf(ALICE, [empty.id], null), 'BAD_REQUEST', /no email address/);
    const out = await contacts.create(ALICE, { emailAddresses: ['out@example.com'], optOut: true });
    await rejectsWith(contacts.recipientsOf(ALICE, [out.id], null), 'BAD_REQUEST', /opted out/);
  });

  test('SendingService sends to the resolved addresses; a foreign contact stores nothing; the recipient limit counts them', async () => {
    const { services, tables } = fakeServices({ sendLimits: { maxRecipients: 2, maxHeaderLength: 16_384 } });
    const sender = await services.inboxes.create(ALICE, { emailAddress: `sender@${TEST_DOMAIN}` });
    const receiver = await services.inboxes.create(ALICE, { emailAddress: `receiver@${TEST_DOMAIN}` });
    const g = await services.contacts.createGroup(ALICE, { name: 'g' });
    await services.contacts.create(ALICE, { emailAddresses: [`receiver@${TEST_DOMAIN}`], groupId: g.id });
    const { sent, statuses } = await services.sending.send(ALICE, sender.id, { toGroup: g.id, subject: 'to the group' });
    assert.deepEqual(sent.recipients.to.map((r) => r.emailAddress), [`receiver@${TEST_DOMAIN}`]);
    assert.deepEqual(statuses.map((s) => s.outcome), ['DELIVERED']);
    assert.equal(await services.emails.count(ALICE, { inboxIds: [receiver.id] }), 1);

    const bobs = await services.contacts.create(BOB, { emailAddresses: ['bob@example.com'] });
    const before = tables.sent.size;
    await rejectsWith(services.sending.send(ALICE, sender.id, { toContacts: [bobs.id] }), 'NOT_FOUND', new RegExp(bobs.id));
    assert.equal(tables.sent.size, before, 'no receipt was stored');
    await rejectsWith(services.sending.send(ALICE, sender.id, { to: ['a@example.com', 'b@example.com'], toGroup: g.id }), 'BAD_REQUEST', /toContacts and toGroup/);
  });
});
