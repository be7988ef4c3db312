import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeServices, rejectsWith, TEST_DOMAIN } from '../../../test/fakes/index.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';

async function setup() {
  const fake = fakeServices();
  const { inboxes } = fake.services;
  const sender = await inboxes.create(ALICE, { emailAddress: `sender@${TEST_DOMAIN}` });
  const receiver = await inboxes.create(ALICE, { emailAddress: `receiver@${TEST_DOMAIN}` });
  return { ...fake, templates: fake.services.templates, sending: fake.services.sending, sender, receiver };
}

describe('templates', () => {
  test('create, read, list, page, update (variables read again) and delete, per tenant', async () => {
    const { templates, clock } = await setup();
    const welcome = await templates.create(ALICE, { name: ' Welcome ', content: 'Hi {{name}}, code {{code}}' });
    assert.equal(welcome.name, 'Welcome');
    assert.deepEqual(welcome.variables, ['name', 'code']);
    clock.advance(1000);
    const other = await templates.create(ALICE, { name: 'Other', content: 'plain' });
    assert.deepEqual((await templates.list(ALICE)).map((t) => t.id), [welcome.id, other.id]);
    const { slice } = await templates.page(ALICE, { size: 1, sort: 'DESC' });
    assert.deepEqual([slice.items.map((t) => t.id), slice.total], [[other.id], 2]);

    clock.advance(1000);
    const updated = await templates.update(ALICE, welcome.id, { name: 'Welcome 2', content: 'Bye {{who}}' });
    assert.deepEqual([updated.name, updated.variables, updated.updatedAt.getTime() > updated.createdAt.getTime()], ['Welcome 2', ['who'], true]);

    await rejectsWith(templates.get(BOB, welcome.id), 'NOT_FOUND');
    await rejectsWith(templates.update(BOB, welcome.id, { name: 'x', content: 'y' }), 'NOT_FOUND');
    await rejectsWith(templates.delete(BOB, welcome.id), 'NOT_FOUND');
    assert.deepEqual(await templates.list(BOB), []);

    await templates.delete(ALICE, welcome.id);
    await rejectsWith(templates.get(ALICE, welcome.id), 'NOT_FOUND');
  });

  test('a blank name or content mustache cannot read is a 400', async () => {
    const { templates } = await setup();
    await rejectsWith(templates.create(ALICE, { name: '  ', content: 'x' }), 'BAD_REQUEST', /name/);
    await rejectsWith(templates.create(ALICE, { name: 'n', content: '{{#a}}' }), 'BAD_REQUEST', /Unclosed section "a"/);
  });

  test('preview: given values, and each other variable shows its own name', async () => {
    const { templates } = await setup();
    const t = await templates.create(ALICE, { name: 'n', content: '<b>{{name}}</b> {{user.city}} {{code}}' });
    assert.equal(await templates.preview(ALICE, t.id, { code: '<42>' }), '<b>name</b> user.city &lt;42&gt;');
    assert.equal(await templates.preview(ALICE, t.id, { '__proto__.polluted': 'x', name: 'Ann' }), '<b>Ann</b> user.city code');
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype was touched');
    await rejectsWith(templates.preview(BOB, t.id, {}), 'NOT_FOUND');
  });
});

describe('templates at send time', () => {
  test('template + templateVariables render the body and subject; the receipt records the template', async () => {
    const { templates, sending, services, sender, receiver } = await setup();
    const t = await templates.create(ALICE, { name: 'n', content: 'Hello {{name}}, your code is {{code}}' });
    const { sent } = await sending.send(ALICE, sender.id, {
      to: [receiver.emailAddress], subject: 'For {{name}}', body: 'ignored', template: t.id, templateVariables: { name: 'Ann & Bob', code: 7 },
    });
    assert.equal(sent.templateId, t.id);
    assert.equal(sent.subject, 'For Ann & Bob');
    const [arrived] = (await services.emails.page(ALICE, { inboxIds: [receiver.id] }, {})).slice.items;
    const email = await services.emails.get(ALICE, arrived!.id);
    assert.equal(email.textBody?.trim(), 'Hello Ann & Bob, your code is 7', 'a text body is not HTML-escaped');
    assert.equal(email.subject, 'For Ann & Bob');
  });

  test('templateVariables alone render moustache in the body (HTML-escaped for HTML bodies)', async () => {
    const { sending, services, sender, receiver } = await setup();
    const { sent } = await sending.send(ALICE, sender.id, {
      to: [receiver.emailAddress], body: '<p>{{who}}</p>', isHTML: true, templateVariables: { who: '<script>' },
    });
    assert.equal(sent.templateId, null);
    const [arrived] = (await services.emails.page(ALICE, { inboxIds: [receiver.id] }, {})).slice.items;
    assert.match((await services.emails.get(ALICE, arrived!.id)).htmlBody ?? '', /<p>&lt;script&gt;<\/p>/);
  });

  test('without templateVariables a body is sent as written, braces and all', async () => {
    const { sending, services, sender, receiver } = await setup();
    await sending.send(ALICE, sender.id, { to: [receiver.emailAddress], body: 'literal {{braces}}' });
    const [arrived] = (await services.emails.page(ALICE, { inboxIds: [receiver.id] }, {})).slice.items;
    assert.equal((await services.emails.get(ALICE, arrived!.id)).textBody?.trim(), 'literal {{braces}}');
  });

  test("a missing variable, another tenant's template or an unknown one is a 400 and nothing is sent", async () => {
    const { templates, sending, sender, receiver } = await setup();
    const t = await templates.create(ALICE, { name: 'n', content: 'Hi {{name}} {{code}}' });
    const bobs = await templates.create(BOB, { name: 'n', content: 'Hi' });
    await rejectsWith(sending.send(ALICE, sender.id, { to: [receiver.emailAddress], template: t.id, templateVariables: { name: 'x' } }),
      'BAD_REQUEST', new RegExp(`template ${t.id} needs templateVariables 'code'`));
    await rejectsWith(sending.send(ALICE, sender.id, { to: [receiver.emailAddress], template: t.id }), 'BAD_REQUEST', /'name', 'code'/);
    await rejectsWith(sending.send(ALICE, sender.id, { to: [receiver.emailAddress], body: '{{x}}', templateVariables: {} }), 'BAD_REQUEST', /body needs templateVariables 'x'/);
    await rejectsWith(sending.send(ALICE, sender.id, { to: [receiver.emailAddress], template: bobs.id }), 'BAD_REQUEST', /not a template of yours/);
    assert.equal(await sending.count(ALICE, sender.id), 0, 'refused sends leave no receipt');
  });
});
