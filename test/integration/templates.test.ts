import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Configuration, GetAllTemplatesSortEnum, SentEmailsControllerApi, TemplateControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';


describeEachDialect('templates', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  const apis = (tenant: Tenant) => {
    const configuration = new Configuration({ apiKey: tenant.apiKey, basePath: server.url });
    return { templates: new TemplateControllerApi(configuration), sent: new SentEmailsControllerApi(configuration) };
  };

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
  });
  after(() => server?.close());

  test('create, get, list, page, update (201, variables read again) and delete', async () => {
    const { templates } = apis(alice);
    const created = await templates.createTemplate({
      createTemplateOptions: { name: 'Welcome', content: '<p>Hi {{firstName}}</p>{{#items}}<li>{{title}}</li>{{/items}}{{{footer}}}' },
    });
    assert.equal(created.name, 'Welcome');
    assert.deepEqual(created.variables, [
      { name: 'firstName', variableType: 'STRING' }, { name: 'items', variableType: 'STRING' }, { name: 'footer', variableType: 'STRING' },
    ]);
    assert.ok(created.createdAt instanceof Date && !Number.isNaN(created.createdAt.getTime()));
    const fetched = await templates.getTemplate({ templateId: created.id });
    assert.deepEqual(fetched, created);

    const second = await templates.createTemplate({ createTemplateOptions: { name: 'Second', content: 'no variables' } });
    const listed = await templates.getTemplates();
    assert.deepEqual(listed.map((t) => [t.id, t.variables]), [[created.id, ['firstName', 'items', 'footer']], [second.id, []]]);
    const page = await templates.getAllTemplates({ size: 1, sort: GetAllTemplatesSortEnum.DESC });
    assert.deepEqual([page.content?.map((t) => t.id), page.totalElements, page.totalPages], [[second.id], 2, 2]);
    const none = await templates.getAllTemplates({ since: new Date(Date.now() + 60_000) });
    assert.equal(none.totalElements, 0);

    const raw = await templates.updateTemplateRaw({ templateId: created.id, createTemplateOptions: { name: 'Welcome v2', content: 'Bye {{who}}' } });
    assert.equal(raw.raw.status, 201, 'updateTemplate answers 201, as the spec says');
    const updated = await raw.value();
    assert.deepEqual([updated.id, updated.name, updated.content, updated.variables], [created.id, 'Welcome v2', 'Bye {{who}}', [{ name: 'who', variableType: 'STRING' }]]);

    await templates.deleteTemplate({ templateId: second.id });
    assert.equal((await refusal(templates.getTemplate({ templateId: second.id }))).status, 404);
    assert.equal((await refusal(templates.deleteTemplate({ templateId: second.id }))).status, 404);
    assert.equal((await refusal(templates.getTemplate({ templateId: randomUUID() }))).status, 404);
  });

  test('content mustache cannot read and a missing name are 400s naming the problem', async () => {
    const { templates } = apis(alice);
    const bad = await refusal(templates.createTemplate({ createTemplateOptions: { name: 'Broken', content: 'Hi {{#open}}' } }));
    assert.equal(bad.status, 400);
    assert.match(bad.message, /not a valid moustache template: Unclosed section "open"/);
    const noName = await refusal(alice.fetch('/templates', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'x' }),
    }).then(async (r) => { if (!r.ok) throw r; }));
    assert.equal(noName.status, 400);
    assert.match(noName.message, /name/);
  });

  test('previews: HTML (sandboxed) and JSON, example values unless given as query parameters', async () => {
    const { templates } = apis(alice);
    const t = await templates.createTemplate({ createTemplateOptions: { name: 'Preview', content: '<h1>{{title}}</h1><p>{{user.name}}</p>' } });
    assert.equal(await templates.getTemplatePreviewHtml({ templateId: t.id }), '<h1>title</h1><p>user.name</p>');
    assert.deepEqual(await templates.getTemplatePreviewJson({ templateId: t.id }), { preview: '<h1>title</h1><p>user.name</p>' });

    const response = await alice.fetch(`/templates/${t.id}/preview/html?title=${encodeURIComponent('<Sale & more>')}&user.name=Ann`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(response.headers.get('content-security-policy') ?? '', /sandbox/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(await response.text(), '<h1>&lt;Sale &amp; more&gt;</h1><p>Ann</p>', 'given values, HTML-escaped');
    const json = await (await alice.fetch(`/templates/${t.id}/preview/json?title=Hello`)).json();
    assert.deepEqual(json, { preview: '<h1>Hello</h1><p>user.name</p>' });
  });

  test('sendEmail with a template: the received body is rendered and the receipt names the template', async () => {
    const { templates, sent } = apis(alice);
    const t = await templates.createTemplate({ createTemplateOptions: { name: 'Code', content: '<p>Hello {{name}}, your code is <b>{{code}}</b></p>' } });
    const from = await alice.mailslurp.createInbox();
    const to = await alice.mailslurp.createInbox();
    const receipt = await alice.inboxApi.sendEmailAndConfirm({
      inboxId: from.id,
      sendEmailOptions: { to: [to.emailAddress], subject: 'Code for {{name}}', template: t.id, templateVariables: { name: 'Ann' as unknown as object, code: '123456' as unknown as object }, isHTML: true },
    });
    const received = await alice.inboxApi.getLatestEmailInInbox({ inboxId: to.id, timeoutMillis: 5000 });
    assert.equal(received.subject, 'Code for Ann');
    assert.equal(received.body?.trim(), '<p>Hello Ann, your code is <b>123456</b></p>');
    assert.equal((await sent.getSentEmail({ id: receipt.id! })).templateId, t.id);
  });

  test('sendEmail with templateVariables and a moustache body renders it; without them braces stay', async () => {
    const from = await alice.mailslurp.createInbox();
    const to = await alice.mailslurp.createInbox();
    await alice.inboxApi.sendEmailAndConfirm({
      inboxId: from.id, sendEmailOptions: { to: [to.emailAddress], subject: 's', body: 'Dear {{name}} & co', templateVariables: { name: 'Bob' as unknown as object } },
    });
    const first = await alice.inboxApi.getLatestEmailInInbox({ inboxId: to.id, timeoutMillis: 5000 });
    assert.equal(first.body?.trim(), 'Dear Bob & co', 'a text body is not HTML-escaped');
  });

  test('a missing variable or an unknown template is a 400 naming it, and nothing is sent', async () => {
    const { templates } = apis(alice);
    const t = await templates.createTemplate({ createTemplateOptions: { name: 'Needs', content: 'Hi {{name}} {{code}}' } });
    const from = await alice.mailslurp.createInbox();
    const missing = await refusal(alice.inboxApi.sendEmailAndConfirm({
      inboxId: from.id, sendEmailOptions: { to: ['someone@example.com'], template: t.id, templateVariables: { name: 'x' as unknown as object } },
    }));
    assert.equal(missing.status, 400);
    assert.match(missing.message, new RegExp(`template ${t.id} needs templateVariables 'code'`));
    const unknown = randomUUID();
    const gone = await refusal(alice.inboxApi.sendEmailAndConfirm({ inboxId: from.id, sendEmailOptions: { to: ['someone@example.com'], template: unknown } }));
    assert.deepEqual([gone.status, gone.message.includes(unknown)], [400, true]);
    const count = await alice.inboxApi.getInboxSentCount({ inboxId: from.id });
    assert.equal(count.totalElements, 0, 'refused sends leave no receipt');
  });

  test("another user's template cannot be used to send", async () => {
    const bob = await server.createTenant();
    const t = await apis(alice).templates.createTemplate({ createTemplateOptions: { name: 'Private', content: 'secret {{x}}' } });
    const inbox = await bob.mailslurp.createInbox();
    const refused = await refusal(bob.inboxApi.sendEmailAndConfirm({
      inboxId: inbox.id, sendEmailOptions: { to: ['someone@example.com'], template: t.id, templateVariables: { x: 'y' as unknown as object } },
    }));
    assert.equal(refused.status, 400);
    assert.doesNotMatch(refused.message, /secret/);
  });
});
