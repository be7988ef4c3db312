import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  Configuration, CreateInboxForwarderOptionsFieldEnum as Field, CreateRulesetOptionsActionEnum as Action,
  CreateRulesetOptionsScopeEnum as Scope, ExportControllerApi, ExportEntitiesExportTypeEnum as ExportType,
  ExportEntitiesOutputFormatEnum as OutputFormat, ExportOptionsOutputFormatEnum, FormControllerApi, GetEntityAutomationsFilterEnum,
  GetEntityEventsFilterEnum, GetEntityFavoritesFilterEnum, GetExportLinkExportTypeEnum,
  SpamEmailControllerApi,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { openEventStream } from '../helpers/event-stream.js';
import { refusal } from '../helpers/client-errors.js';

const DAY = 24 * 60 * 60 * 1000;

const apis = (server: TestServer, tenant: Tenant) => {
  const configuration = new Configuration({ apiKey: tenant.apiKey, basePath: server.url });
  return {
    exports: new ExportControllerApi(configuration),
    forms: new FormControllerApi(new Configuration({ basePath: server.url })),
    spam: new SpamEmailControllerApi(configuration),
  };
};

/** RFC 4180 rows of a CSV text (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; } else field += c;
  }
  return rows;
}

describeEachDialect('user: automations, events, favourites, JSON pluck, exports, spam emails, forms', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(() => server?.close());

  test("getEntityAutomations lists the caller's forwarders, repliers and rulesets, filtered by type and inbox", async () => {
    const inbox = await alice.mailslurp.createInbox();
    const other = await alice.mailslurp.createInbox();
    const forwarder = await alice.mailslurp.inboxForwarderController.createNewInboxForwarder({
      inboxId: inbox.id, createInboxForwarderOptions: { field: Field.SUBJECT, match: '*invoice*', forwardToRecipients: [other.emailAddress] },
    });
    const replier = await alice.mailslurp.inboxReplierController.createNewInboxReplier({
      createInboxReplierOptions: { inboxId: other.id, match: '*', body: 'Thanks' },
    });
    const ruleset = await alice.mailslurp.rulesetController.createNewRuleset({
      inboxId: inbox.id, createRulesetOptions: { scope: Scope.RECEIVING_EMAILS, action: Action.BLOCK, target: '*@spam.example' },
    });
    const all = await alice.userApi.getEntityAutomations({});
    assert.equal(all.totalElements, 3);
    const byId = new Map(all.content!.map((a) => [a.id, a]));
    assert.equal(byId.get(forwarder.id)?.automationType, 'INBOX_FORWARDER');
    assert.equal(byId.get(replier.id)?.automationType, 'INBOX_REPLIER');
    assert.equal(byId.get(ruleset.id)?.automationType, 'INBOX_RULESET');
    assert.equal(byId.get(ruleset.id)?.action, 'BLOCK');
    assert.equal(byId.get(forwarder.id)?.inboxId, inbox.id);

    const forwarders = await alice.userApi.getEntityAutomations({ filter: GetEntityAutomationsFilterEnum.FORWARDER });
    assert.deepEqual(forwarders.content!.map((a) => a.id), [forwarder.id]);
    const onInbox = await alice.userApi.getEntityAutomations({ inboxId: inbox.id });
    assert.deepEqual(onInbox.content!.map((a) => a.id).sort(), [forwarder.id, ruleset.id].sort());
    const paged = await alice.userApi.getEntityAutomations({ page: 1, size: 2 });
    assert.deepEqual([paged.content!.length, paged.totalElements, paged.totalPages], [1, 3, 2]);
    assert.equal((await alice.userApi.getEntityAutomations({ before: new Date(0) })).totalElements, 0);

    // another tenant sees none of them, and naming alice's inbox is a 404 like a missing one
    assert.equal((await bob.userApi.getEntityAutomations({})).totalElements, 0);
    assert.equal((await refusal(bob.userApi.getEntityAutomations({ inboxId: inbox.id }))).status, 404);
    assert.equal((await refusal(bob.userApi.getEntityAutomations({ inboxId: randomUUID() }))).status, 404);

    // clean up so the other tests' counts are their own
    await alice.mailslurp.rulesetController.deleteRuleset({ id: ruleset.id });
  });

  test('getEntityEvents lists what happened: a forward is an INBOX_FORWARDER_EVENT with its outcome', async () => {
    const a = await alice.mailslurp.createInbox();
    const b = await alice.mailslurp.createInbox();
    await alice.mailslurp.inboxForwarderController.createNewInboxForwarder({
      inboxId: a.id, createInboxForwarderOptions: { field: Field.SUBJECT, match: '*report*', forwardToRecipients: [b.emailAddress] },
    });
    const stream = await openEventStream(server, alice, `?inboxId=${a.id}`);
    try {
      await alice.mailslurp.sendEmail(b.id, { to: [a.emailAddress], subject: 'Weekly report', body: 'numbers' });
      assert.equal((await stream.next('forwarder.event')).data.status, 'SUCCESS');
    } finally {
      await stream.close();
    }
    const events = await alice.userApi.getEntityEvents({ inboxId: a.id });
    assert.equal(events.totalElements, 1);
    const [event] = events.content!;
    assert.equal(event!.eventType, 'INBOX_FORWARDER_EVENT');
    assert.equal(event!.severity, 'SUCCESS');
    assert.equal(event!.inboxId, a.id);
    assert.equal((await alice.userApi.getEntityEvents({ filter: GetEntityEventsFilterEnum.WEBHOOK_EVENT, inboxId: a.id })).totalElements, 0);
    assert.equal((await alice.userApi.getEntityEvents({ filter: GetEntityEventsFilterEnum.INBOX_FORWARDER_EVENT })).totalElements, 1);
    assert.equal((await bob.userApi.getEntityEvents({})).totalElements, 0);
    assert.equal((await refusal(bob.userApi.getEntityEvents({ inboxId: a.id }))).status, 404);
  });

  test("getEntityFavorites lists the caller's favourited inboxes and emails", async () => {
    const loved = await alice.inboxApi.createInboxWithOptions({ createInboxDto: { name: 'Loved', favourite: true } });
    await alice.mailslurp.createInbox();
    const sender = await alice.mailslurp.createInbox();
    await alice.mailslurp.sendEmail(sender.id, { to: [loved.emailAddress], subject: 'keep me', body: 'x' });
    const email = await alice.mailslurp.waitForLatestEmail(loved.id, 20_000);
    await alice.mailslurp.emailController.setEmailFavourited({ emailId: email.id, favourited: true });

    const all = await alice.userApi.getEntityFavorites({});
    assert.deepEqual(all.content!.map((f) => [f.entityType, f.id, f.name]).sort(), [['EMAIL', email.id, 'keep me'], ['INBOX', loved.id, 'Loved']]);
    const inboxes = await alice.userApi.getEntityFavorites({ filter: GetEntityFavoritesFilterEnum.INBOX });
    assert.deepEqual(inboxes.content!.map((f) => f.id), [loved.id]);
    assert.equal((await alice.userApi.getEntityFavorites({ filter: GetEntityFavoritesFilterEnum.ATTACHMENT })).totalElements, 0);
    assert.equal((await bob.userApi.getEntityFavorites({})).totalElements, 0);
  });

  test('getJsonPropertyAsString plucks a value by path as text; a missing property is a 400 naming it', async () => {
    const pluck = (property: string, body: unknown) => alice.fetch(`/user/json/pluck?property=${encodeURIComponent(property)}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const doc = { user: { name: 'Ada', tags: ['a', 'b'], age: 36, admin: false, address: { city: 'London' } } };
    for (const [path, expected] of [
      ['user.name', 'Ada'], ['user.tags[1]', 'b'], ['user.tags.0', 'a'], ['/user/address/city', 'London'], ['user.age', '36'],
      ['user.admin', 'false'], ['user.address', '{"city":"London"}'],
    ]) {
      const response = await pluck(path!, doc);
      assert.equal(response.status, 200, path);
      assert.equal(await response.text(), expected, path);
    }
    const missing = await pluck('user.email', doc);
    assert.equal(missing.status, 400);
    assert.match(((await missing.json()) as { message: string }).message, /user\.email/);
    // the official client sends the body it is given
    assert.equal(await alice.userApi.getJsonPropertyAsString({ property: 'nodeType', jsonNode: { nodeType: 'OBJECT' } as never }), 'OBJECT');
  });

  test('exportEntities writes RFC 4180 CSV of inboxes, emails and contacts, with filters; CSV_EXCEL adds a BOM', async () => {
    const carol = await server.createTenant();
    const { exports } = apis(server, carol);
    const first = await carol.inboxApi.createInboxWithOptions({ createInboxDto: { name: 'Sales, "EU"', tags: ['x', 'y'] } });
    const second = await carol.inboxApi.createInboxWithOptions({ createInboxDto: { name: '=cmd|calc' } });
    const csv = await exports.exportEntities({ exportType: ExportType.INBOXES, apiKey: carol.apiKey, outputFormat: OutputFormat.DEFAULT });
    assert.ok(!csv.startsWith('\uFEFF'));
    assert.ok(csv.endsWith('\r\n'));
    const rows = parseCsv(csv);
    assert.deepEqual(rows[0], ['id', 'emailAddress', 'name', 'description', 'inboxType', 'favourite', 'tags', 'createdAt', 'expiresAt']);
    assert.deepEqual(rows.slice(1).map((r) => r[0]).sort(), [first.id, second.id].sort());
    const firstRow = rows.find((r) => r[0] === first.id)!;
    assert.equal(firstRow[2], 'Sales, "EU"', 'a field with a comma and quotes survives the round trip');
    assert.equal(firstRow[6], 'x,y');
    assert.match(csv, /"Sales, ""EU"""/);

    const excel = await exports.exportEntities({ exportType: ExportType.INBOXES, apiKey: carol.apiKey, outputFormat: OutputFormat.EXCEL, listSeparatorToken: '|' });
    assert.ok(!excel.startsWith('\uFEFF'), "the client reads text, and fetch's UTF-8 decoding drops the byte order mark");
    const bytes = Buffer.from(await (await carol.fetch('/export?exportType=INBOXES&outputFormat=CSV_EXCEL')).arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'CSV_EXCEL starts with the UTF-8 byte order mark');
    const excelRows = parseCsv(excel);
    assert.equal(excelRows.find((r) => r[0] === second.id)![2], "'=cmd|calc", 'a formula-like cell is text for a spreadsheet');
    assert.equal(excelRows.find((r) => r[0] === first.id)![6], 'x|y');

    const filtered = parseCsv(await exports.exportEntities({ exportType: ExportType.INBOXES, apiKey: carol.apiKey, outputFormat: OutputFormat.DEFAULT, filter: 'sales' }));
    assert.deepEqual(filtered.slice(1).map((r) => r[0]), [first.id]);
    const none = parseCsv(await exports.exportEntities({ exportType: ExportType.INBOXES, apiKey: carol.apiKey, outputFormat: OutputFormat.DEFAULT, createdEarliestTime: new Date(Date.now() + DAY) }));
    assert.equal(none.length, 1, 'only the header');

    // emails and contacts
    await carol.mailslurp.sendEmail(first.id, { to: [second.emailAddress], subject: 'Quarterly, numbers', body: 'hi' });
    await carol.mailslurp.waitForLatestEmail(second.id, 20_000);
    const emails = parseCsv(await exports.exportEntities({ exportType: ExportType.EMAILS, apiKey: carol.apiKey, outputFormat: OutputFormat.DEFAULT }));
    assert.deepEqual(emails.slice(1).map((r) => [r[1], r[2], r[3], r[5]]), [[second.id, first.emailAddress, second.emailAddress, 'Quarterly, numbers']]);
    await carol.mailslurp.contactController.createContact({ createContactOptions: { firstName: 'Ann', emailAddresses: ['ann@example.com', 'a2@example.com'] } });
    const contacts = parseCsv(await exports.exportEntities({ exportType: ExportType.CONTACTS, apiKey: carol.apiKey, outputFormat: OutputFormat.DEFAULT }));
    assert.deepEqual(contacts.slice(1).map((r) => [r[1], r[4]]), [['Ann', 'ann@example.com,a2@example.com']]);

    // excludePreviouslyExported: the second export with it has only what is new
    const once = parseCsv(await exports.exportEntities({ exportType: ExportType.INBOXES, apiKey: carol.apiKey, outputFormat: OutputFormat.DEFAULT, excludePreviouslyExported: true }));
    assert.equal(once.length, 3);
    const third = await carol.mailslurp.createInbox();
    const again = parseCsv(await exports.exportEntities({ exportType: ExportType.INBOXES, apiKey: carol.apiKey, outputFormat: OutputFormat.DEFAULT, excludePreviouslyExported: true }));
    assert.deepEqual(again.slice(1).map((r) => r[0]), [third.id]);

    // bad input names what is wrong; another tenant's export holds none of carol's rows
    const bad = await carol.fetch('/export?exportType=PARROTS&outputFormat=CSV_DEFAULT');
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /exportType/);
    const bobs = await apis(server, bob).exports.exportEntities({ exportType: ExportType.INBOXES, apiKey: bob.apiKey, outputFormat: OutputFormat.DEFAULT });
    assert.ok(!bobs.includes(first.id));
  });

  test('getExportLink gives a link that opens the same export without a key; an altered token is 401', async () => {
    const dave = await server.createTenant();
    const inbox = await dave.mailslurp.createInbox();
    const { exports } = apis(server, dave);
    const link = await exports.getExportLink({
      exportType: GetExportLinkExportTypeEnum.INBOXES, exportOptions: { outputFormat: ExportOptionsOutputFormatEnum.DEFAULT },
    });
    assert.match(link.downloadLink, /^http:\/\/.+\/export\/download\?token=/);
    const response = await fetch(link.downloadLink);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(response.headers.get('content-disposition') ?? '', /attachment; filename="inboxes-/);
    const rows = parseCsv(await response.text());
    assert.deepEqual(rows.slice(1).map((r) => r[0]), [inbox.id]);
    const url = new URL(link.downloadLink);
    const token = url.searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { t: string };
    claims.t = bob.userId;
    url.searchParams.set('token', `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`);
    assert.equal((await fetch(url)).status, 401, 'a token naming another tenant does not verify');
    assert.equal((await fetch(`${server.url}/export/download?token=nonsense`)).status, 401);
  });

  test('getAllSpamEmails pages the records a spam check wrote, per tenant and inbox', async () => {
    const { spam } = apis(server, alice);
    assert.equal((await spam.getAllSpamEmails({})).totalElements, 0, 'no spam check runs yet: nothing is flagged by itself');
    const inbox = await alice.mailslurp.createInbox();
    const repo = server.server.store.repos.spamEmails;
    const base = Date.now();
    for (let i = 0; i < 3; i++) {
      await repo.create({
        id: randomUUID(), tenantId: alice.userId, inboxId: inbox.id, from: `bot${i}@spam.example`, to: inbox.emailAddress,
        subject: `${'Win big '.repeat(20)}${i}`, createdAt: new Date(base + i * 1000),
      });
    }
    await repo.create({ id: randomUUID(), tenantId: bob.userId, inboxId: randomUUID(), from: null, to: 'b@x.example', subject: null, createdAt: new Date(base) });
    const page = await spam.getAllSpamEmails({ size: 2, sort: 'DESC' as never });
    assert.deepEqual([page.totalElements, page.content!.length], [3, 2]);
    assert.equal(page.content![0]!.from, 'bot2@spam.example');
    assert.equal(page.content![0]!.userId, alice.userId);
    assert.equal(page.content![0]!.subjectSnippet!.length, 100, 'the snippet is the first 100 characters');
    assert.equal((await spam.getAllSpamEmails({ inboxId: inbox.id, since: new Date(base + 500) })).totalElements, 2);
    assert.equal((await spam.getAllSpamEmails({ inboxId: randomUUID() })).totalElements, 0);
    assert.equal((await apis(server, bob).spam.getAllSpamEmails({})).totalElements, 1);
  });

  test('submitForm delivers the form to an inbox through ingest; _redirectTo is a 303; anything but an inbox here is a 400', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const { forms } = apis(server, alice);
    const stream = await openEventStream(server, alice, `?inboxId=${inbox.id}`);
    try {
      const answer = await forms.submitForm({
        to: inbox.emailAddress, subject: 'Contact us', emailAddress: 'visitor@example.com', successMessage: 'Thanks!', otherParameters: 'hello',
      });
      assert.equal(answer, 'Thanks!');
      assert.equal((await stream.next('email.received')).data.inboxId, inbox.id, 'the delivery wakes listeners like any mail');
    } finally {
      await stream.close();
    }
    const email = await alice.mailslurp.waitForLatestEmail(inbox.id, 20_000);
    assert.equal(email.subject, 'Contact us');
    assert.equal(email.from, 'visitor@example.com');
    assert.equal(email.replyTo, 'visitor@example.com');
    assert.match(email.body ?? '', /otherParameters/);

    // a browser's form: fields in the body, _to in the URL, a redirect after
    const form = new URLSearchParams({ name: 'Ada <script>', message: 'line one\nline two', _redirectTo: 'https://example.com/thanks' });
    const redirected = await fetch(`${server.url}/forms?_to=${encodeURIComponent(inbox.emailAddress)}`, { method: 'POST', body: form, redirect: 'manual' });
    assert.equal(redirected.status, 303);
    assert.equal(redirected.headers.get('location'), 'https://example.com/thanks');
    const second = await alice.mailslurp.waitForEmailCount(2, inbox.id, 20_000);
    const latest = await alice.mailslurp.getEmail(second.find((e) => e.subject === 'Form submission')!.id);
    assert.match(latest.body ?? '', /Ada &lt;script&gt;/, 'field values are escaped in the HTML table');

    // multipart with a file, and a honeypot that is filled: answered as a success, not delivered
    const trap = new FormData();
    trap.set('_to', inbox.emailAddress);
    trap.set('_spamCheck', 'I am a bot');
    assert.equal((await fetch(`${server.url}/forms`, { method: 'POST', body: trap })).status, 200);
    const multipart = new FormData();
    multipart.set('_to', inbox.emailAddress);
    multipart.set('_subject', 'With a file');
    multipart.set('cv', new Blob(['%PDF-1.4 cv'], { type: 'application/pdf' }), 'cv.pdf');
    assert.equal(await (await fetch(`${server.url}/forms`, { method: 'POST', body: multipart })).text(), 'Form submitted');
    const three = await alice.mailslurp.waitForEmailCount(3, inbox.id, 20_000);
    assert.equal(three.length, 3, 'the honeypot submission was not delivered');
    const withFile = await alice.mailslurp.getEmail(three.find((e) => e.subject === 'With a file')!.id);
    assert.equal(withFile.attachments?.length, 1);

    for (const [to, why] of [['someone@gmail.com', /not an inbox of this server/], ['', /_to is required/], ['nope', /not an email address/]] as const) {
      const response = await fetch(`${server.url}/forms`, { method: 'POST', body: new URLSearchParams({ _to: to, text: 'x' }) });
      assert.equal(response.status, 400, to);
      assert.match(((await response.json()) as { message: string }).message, why);
    }
    const badRedirect = await fetch(`${server.url}/forms`, { method: 'POST', body: new URLSearchParams({ _to: inbox.emailAddress, _redirectTo: 'javascript:alert(1)' }) });
    assert.equal(badRedirect.status, 400);
    const json = await fetch(`${server.url}/forms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(json.status, 400);
  });
});
