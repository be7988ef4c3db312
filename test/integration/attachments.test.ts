import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  AttachmentControllerApi,
  Configuration,
  EmailControllerApi,
  ExtractAttachmentTextOptionsMethodEnum,
  GetAttachmentsSortEnum,
} from 'mailslurp-client';
import { attachmentOperations } from '../../src/modules/attachment/operations/index.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { inspect } from '../helpers/databases.js';

/**
 * AttachmentController through the official client (the generated AttachmentControllerApi
 * and the MailSlurp wrapper's uploadAttachment) and raw fetch where the client cannot
 * express the call (multipart forms, raw bytes, exact bytes back).
 */

/** The operations this file proves; the last test checks the list against the route files. */
const PROVEN = [
  'uploadAttachment', 'uploadAttachmentBytes', 'uploadMultipartForm', 'getAttachments', 'getAttachment', 'getAttachmentInfo',
  'downloadAttachmentAsBytes', 'downloadAttachmentAsBase64Encoded', 'deleteAttachment', 'deleteAllAttachments',
  'extractAttachmentText',
];

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5b2a0e10000000049454e44ae426082',
  'hex',
);
/** Every byte value, twice, then random bytes: what a lossy path would mangle. */
const BINARY = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i)), randomBytes(40_000)]);

const attachmentApi = (server: TestServer, tenant: Tenant) =>
  new AttachmentControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
const emailApi = (server: TestServer, tenant: Tenant) =>
  new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

async function upload(tenant: Tenant, content: Buffer, options: { filename?: string; contentType?: string; contentId?: string } = {}): Promise<string> {
  const ids = await tenant.mailslurp.uploadAttachment({ base64Contents: content.toString('base64'), ...options });
  assert.equal(ids.length, 1);
  return String(ids[0]);
}

async function bytesOf(tenant: Tenant, path: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const response = await tenant.fetch(path);
  return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
}

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { message: string };
  return { status: response.status, message: body.message };
}

describeEachDialect('attachments', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let api: AttachmentControllerApi;
  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    api = attachmentApi(server, tenant);
  });
  after(() => server.close());

  test('uploadAttachment (wrapper and generated client): base64 in JSON, type from option, name or bytes', async () => {
    const text = Buffer.from('Hello, attachment!\n');
    const id = await upload(tenant, text, { filename: 'hello.txt' });
    const info = await api.getAttachmentInfo({ attachmentId: id });
    assert.deepEqual({ ...info }, { id, name: 'hello.txt', contentType: 'text/plain', contentLength: text.length, contentId: undefined });

    const entity = await api.getAttachment({ attachmentId: id });
    assert.equal(entity.id, id);
    assert.equal(entity.attachmentId, id);
    assert.equal(entity.userId, tenant.userId);
    assert.equal(entity.inboxId, undefined, 'an upload belongs to no inbox (null on the wire)');
    assert.equal(entity.contentLength, text.length);
    assert.ok(entity.createdAt instanceof Date && !Number.isNaN(entity.createdAt.getTime()));

    // The generated client: explicit contentType wins over the extension; contentId is kept.
    const [csv] = await api.uploadAttachment({
      uploadAttachmentOptions: { base64Contents: Buffer.from('a,b\n1,2\n').toString('base64'), filename: 'data.txt', contentType: 'text/csv', contentId: 'cid-1' },
    });
    const csvInfo = await api.getAttachmentInfo({ attachmentId: csv! });
    assert.equal(csvInfo.contentType, 'text/csv');
    assert.equal(csvInfo.contentId, 'cid-1');

    // No name, no type: sniffed from the bytes, and a name made from the type.
    const png = await api.getAttachmentInfo({ attachmentId: await upload(tenant, PNG) });
    assert.equal(png.contentType, 'image/png');
    assert.equal(png.name, 'attachment.png');
    // A data: URL is accepted, its media type used.
    const [fromDataUrl] = await api.uploadAttachment({ uploadAttachmentOptions: { base64Contents: `data:image/gif;base64,${PNG.toString('base64')}` } });
    assert.equal((await api.getAttachmentInfo({ attachmentId: fromDataUrl! })).contentType, 'image/gif');

    for (const [base64Contents, message] of [['not base64 at all!', /not valid base64/], ['', /empty/]] as const) {
      const response = await tenant.fetch('/attachments', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ base64Contents }),
      });
      const error = await errorOf(response);
      assert.equal(error.status, 400, base64Contents);
      assert.match(error.message, message);
    }
    const missing = await tenant.fetch('/attachments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(missing.status, 400);
    assert.match((await errorOf(missing)).message, /base64Contents/);
  });

  test('uploadAttachmentBytes: the raw body, with name and type from query or headers', async () => {
    const response = await tenant.fetch('/attachments/bytes?filename=report.pdf', {
      method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: BINARY,
    });
    assert.equal(response.status, 201);
    const [id] = (await response.json()) as string[];
    const info = await api.getAttachmentInfo({ attachmentId: id! });
    assert.deepEqual([info.name, info.contentType, info.contentLength], ['report.pdf', 'application/pdf', BINARY.length]);
    assert.ok((await bytesOf(tenant, `/attachments/${id}/bytes`)).body.equals(BINARY));

    // Without name or type the bytes decide.
    const sniffed = await tenant.fetch('/attachments/bytes', { method: 'POST', body: PNG });
    const [pngId] = (await sniffed.json()) as string[];
    assert.equal((await api.getAttachmentInfo({ attachmentId: pngId! })).contentType, 'image/png');

    // The generated client has no body parameter: the bytes go in initOverrides.body; its
    // contentType and filename2 parameters are sent as headers named contentType and filename.
    const [viaClient] = await api.uploadAttachmentBytes(
      { contentType: 'text/csv', filename2: 'numbers.csv' },
      { body: Buffer.from('x,y\n3,4\n') },
    );
    const clientInfo = await api.getAttachmentInfo({ attachmentId: viaClient! });
    assert.deepEqual([clientInfo.name, clientInfo.contentType], ['numbers.csv', 'text/csv']);
    const [viaQuery] = await api.uploadAttachmentBytes({ contentType2: 'application/json', filename: 'q.bin', contentId: 'qid' }, { body: Buffer.from('{"a":1}') });
    const queryInfo = await api.getAttachmentInfo({ attachmentId: viaQuery! });
    assert.deepEqual([queryInfo.name, queryInfo.contentType, queryInfo.contentId], ['q.bin', 'application/json', 'qid']);

    // Without the override the client sends no body: refused, saying what to do.
    const empty = await api.uploadAttachmentBytes({ filename: 'nothing.txt' }).catch((e: unknown) => e);
    assert.ok(empty instanceof Response);
    assert.equal(empty.status, 400);
    assert.match((await errorOf(empty)).message, /body is empty/);
  });

  test('uploadMultipartForm: a multipart/form-data file; the JSON the generated client sends is refused', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
    const response = await tenant.fetch('/attachments/multipart', { method: 'POST', body: form });
    assert.equal(response.status, 201);
    const [id] = (await response.json()) as string[];
    const info = await api.getAttachmentInfo({ attachmentId: id! });
    assert.deepEqual([info.name, info.contentType, info.contentLength], ['pixel.png', 'image/png', PNG.length]);
    assert.ok(Buffer.from((await api.downloadAttachmentAsBase64Encoded({ attachmentId: id! })).base64FileContents, 'base64').equals(PNG));

    // Query parameters override the part; a generic part type leaves it to the name.
    const second = new FormData();
    second.append('file', new Blob([BINARY]), 'blob');
    const renamed = await tenant.fetch('/attachments/multipart?filename=renamed.zip&contentId=z1', { method: 'POST', body: second });
    const [renamedId] = (await renamed.json()) as string[];
    const renamedInfo = await api.getAttachmentInfo({ attachmentId: renamedId! });
    assert.deepEqual([renamedInfo.name, renamedInfo.contentType, renamedInfo.contentId], ['renamed.zip', 'application/zip', 'z1']);
    assert.ok((await bytesOf(tenant, `/attachments/${renamedId}/bytes`)).body.equals(BINARY));

    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const refusedEmpty = await tenant.fetch('/attachments/multipart', { method: 'POST', body: noFile });
    assert.equal(refusedEmpty.status, 400);
    assert.match((await errorOf(refusedEmpty)).message, /no file/);

    const viaClient = await api.uploadMultipartForm({ filename: 'x.png', inlineObject3: { file: new Blob([PNG]) } }).catch((e: unknown) => e);
    assert.ok(viaClient instanceof Response);
    assert.equal(viaClient.status, 400);
    assert.match((await errorOf(viaClient)).message, /multipart\/form-data/);
  });

  test('downloadAttachmentAsBytes is exact; downloadAttachmentAsBase64Encoded carries the same bytes', async () => {
    const id = await upload(tenant, BINARY, { filename: 'all bytes é.bin' });
    const download = await bytesOf(tenant, `/attachments/${id}/bytes`);
    assert.equal(download.status, 200);
    assert.equal(download.type, 'application/octet-stream');
    assert.ok(download.body.equals(BINARY), 'byte for byte');
    const disposition = (await tenant.fetch(`/attachments/${id}/bytes`)).headers.get('content-disposition');
    assert.equal(disposition, `attachment; filename*=UTF-8''${encodeURIComponent('all bytes é.bin')}`);

    const dto = await api.downloadAttachmentAsBase64Encoded({ attachmentId: id });
    assert.equal(dto.sizeBytes, BINARY.length);
    assert.equal(dto.contentType, 'application/octet-stream');
    assert.ok(Buffer.from(dto.base64FileContents, 'base64').equals(BINARY));

    // The generated client reads the bytes as text: fine for text files.
    const textId = await upload(tenant, Buffer.from('line one\nline two\n'), { filename: 'lines.txt' });
    assert.equal(await api.downloadAttachmentAsBytes({ attachmentId: textId }), 'line one\nline two\n');

    const unknown = '00000000-0000-4000-8000-000000000000';
    assert.equal(await statusOf(api.getAttachment({ attachmentId: unknown })), 404);
    assert.equal(await statusOf(api.getAttachmentInfo({ attachmentId: unknown })), 404);
    assert.equal(await statusOf(api.downloadAttachmentAsBytes({ attachmentId: unknown })), 404);
    assert.equal(await statusOf(api.downloadAttachmentAsBase64Encoded({ attachmentId: unknown })), 404);
    assert.equal(await statusOf(api.getAttachment({ attachmentId: 'not-a-uuid' })), 404);
  });

  test('getAttachments pages, sorts and filters by name, time, ids, email and inbox', async () => {
    const fresh = await server.createTenant();
    const freshApi = attachmentApi(server, fresh);
    const ids: string[] = [];
    for (const name of ['alpha.txt', 'beta.txt', 'Gamma.TXT', 'delta.png', 'epsilon.pdf']) {
      ids.push(await upload(fresh, Buffer.from(`content of ${name}`), { filename: name }));
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct createdAt, so the order is by upload
    }
    const first = await freshApi.getAttachments({ size: 2 });
    assert.equal(first.totalElements, 5);
    assert.equal(first.totalPages, 3);
    assert.equal(first.number, 0);
    assert.deepEqual(first.content?.map((a) => a.name), ['alpha.txt', 'beta.txt']);
    assert.equal(first.content?.[0]?.attachmentId, ids[0]);
    assert.equal(first.content?.[0]?.userId, fresh.userId);
    assert.equal(first.content?.[0]?.contentLength, Buffer.byteLength('content of alpha.txt'));
    const last = await freshApi.getAttachments({ size: 2, page: 2 });
    assert.deepEqual(last.content?.map((a) => a.name), ['epsilon.pdf']);
    assert.equal(last.last, true);
    const desc = await freshApi.getAttachments({ sort: GetAttachmentsSortEnum.DESC });
    assert.deepEqual(desc.content?.map((a) => a.id), [...ids].reverse());

    assert.deepEqual((await freshApi.getAttachments({ fileNameFilter: 'gAmMa' })).content?.map((a) => a.name), ['Gamma.TXT']);
    assert.equal((await freshApi.getAttachments({ fileNameFilter: '.txt' })).totalElements, 3);
    assert.equal((await freshApi.getAttachments({ fileNameFilter: '%' })).totalElements, 0, '% is literal');
    assert.deepEqual((await freshApi.getAttachments({ include: [ids[1]!, ids[3]!] })).content?.map((a) => a.id), [ids[1], ids[3]]);

    const third = await freshApi.getAttachment({ attachmentId: ids[2]! });
    const since = await freshApi.getAttachments({ since: third.createdAt });
    assert.deepEqual(since.content?.map((a) => a.id), [ids[3], ids[4]]);
    const before = await freshApi.getAttachments({ before: third.createdAt });
    assert.deepEqual(before.content?.map((a) => a.id), [ids[0], ids[1]]);

    // Attachments of received emails are listed too, with their inbox; filters narrow to them.
    const a = await fresh.mailslurp.createInbox();
    const b = await fresh.mailslurp.createInbox();
    const sent = await fresh.mailslurp.sendEmail(a.id, { to: [b.emailAddress], subject: 'with files', body: 'see attached', attachments: [ids[0]!, ids[3]!] });
    const received = await fresh.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 });
    assert.equal(received.attachments?.length, 2);
    const ofEmail = await freshApi.getAttachments({ emailId: received.id });
    assert.deepEqual(ofEmail.content?.map((x) => x.id).sort(), [...(received.attachments ?? [])].sort());
    assert.deepEqual(ofEmail.content?.map((x) => x.inboxId), [b.id, b.id]);
    assert.deepEqual(ofEmail.content?.map((x) => x.name).sort(), ['alpha.txt', 'delta.png']);
    assert.equal((await freshApi.getAttachments({ inboxId: b.id })).totalElements, 2);
    assert.equal((await freshApi.getAttachments({ inboxId: a.id })).totalElements, 0);
    assert.equal((await freshApi.getAttachments({})).totalElements, 7);

    // sentEmailId: the uploads that sent email carried.
    assert.deepEqual((await freshApi.getAttachments({ sentEmailId: sent.id })).content?.map((x) => x.id), [ids[0], ids[3]]);
    assert.deepEqual((await freshApi.getAttachments({ sentEmailId: sent.id, include: [ids[3]!, ids[4]!] })).content?.map((x) => x.id), [ids[3]]);
    const unknownSent = await fresh.fetch(`/attachments?sentEmailId=${received.id}`);
    assert.equal(unknownSent.status, 404, 'a received email id is not a sent email');
    assert.match((await errorOf(unknownSent)).message, /No sent email/);
  });

  test('extractAttachmentText reads text-like files and says why it cannot read others', async () => {
    const textId = await upload(tenant, Buffer.from('\uFEFFGrüße aus dem Anhang\nZeile zwei\n'), { filename: 'greeting.txt' });
    // Without options the generated client sends Content-Type: application/json and no body.
    const plain = await api.extractAttachmentText({ attachmentId: textId });
    assert.equal(plain.present, true);
    assert.equal(plain.text, 'Grüße aus dem Anhang\nZeile zwei\n');
    assert.equal(plain.methodUsed, 'NATIVE');
    assert.equal(plain.contentType, 'text/plain');
    assert.deepEqual(plain.warnings, []);
    const noBody = await tenant.fetch(`/attachments/${textId}/text`, { method: 'POST' });
    assert.equal(noBody.status, 200, 'no body and no Content-Type: default options');
    assert.equal(((await noBody.json()) as { text: string }).text, plain.text);

    const latin1 = await upload(tenant, Buffer.from('caf\xe9', 'latin1'), { filename: 'l1.txt', contentType: 'text/plain; charset=ISO-8859-1' });
    assert.equal((await api.extractAttachmentText({ attachmentId: latin1 })).text, 'café');

    const htmlId = await upload(tenant, Buffer.from('<html><body><h1>Title</h1><p>Para &amp; more</p><script>x()</script></body></html>'), { filename: 'page.html' });
    const html = await api.extractAttachmentText({ attachmentId: htmlId, extractAttachmentTextOptions: { method: ExtractAttachmentTextOptionsMethodEnum.NATIVE } });
    assert.match(html.text ?? '', /Title/);
    assert.match(html.text ?? '', /Para & more/);
    assert.doesNotMatch(html.text ?? '', /<h1>|x\(\)/);

    const json = await upload(tenant, Buffer.from('{"code":"123456"}'), { filename: 'data.json' });
    assert.equal((await api.extractAttachmentText({ attachmentId: json })).text, '{"code":"123456"}');

    const truncated = await api.extractAttachmentText({ attachmentId: textId, extractAttachmentTextOptions: { maxBytes: 10 } });
    assert.equal(truncated.text, 'Grüße');
    assert.match(truncated.warnings[0] ?? '', /first 10 of/);

    const png = await api.extractAttachmentText({ attachmentId: await upload(tenant, PNG, { filename: 'p.png' }) });
    assert.equal(png.present, false);
    assert.equal(png.text, undefined);
    assert.match(png.warnings[0] ?? '', /image\/png is not a text-like type/);

    const ocr = await api.extractAttachmentText({ attachmentId: textId, extractAttachmentTextOptions: { method: ExtractAttachmentTextOptionsMethodEnum.OCR } }).catch((e: unknown) => e);
    assert.ok(ocr instanceof Response);
    assert.equal(ocr.status, 400);
    assert.match((await errorOf(ocr)).message, /OCR is not available/);
    const fallback = await api.extractAttachmentText({
      attachmentId: textId, extractAttachmentTextOptions: { method: ExtractAttachmentTextOptionsMethodEnum.LLM, allowFallback: true },
    });
    assert.equal(fallback.present, true);
    assert.equal(fallback.methodUsed, 'NATIVE');
    assert.match(fallback.warnings[0] ?? '', /LLM is not available/);
    assert.equal(await statusOf(api.extractAttachmentText({ attachmentId: '00000000-0000-4000-8000-000000000000' })), 404);
  });

  test('deleteAttachment and deleteAllAttachments remove rows and bytes nothing else uses', async () => {
    const fresh = await server.createTenant();
    const freshApi = attachmentApi(server, fresh);
    const unique = randomBytes(3000);
    const one = await upload(fresh, unique, { filename: 'one.bin' });
    const two = await upload(fresh, Buffer.from('two'), { filename: 'two.txt' });
    const db = inspect(server.db);
    try {
      const blobCount = async () => (await db.selectFrom('blobs').select('sha256').where('size', '=', unique.length).execute()).length;
      assert.equal(await blobCount(), 1);
      await freshApi.deleteAttachment({ attachmentId: one });
      assert.equal(await statusOf(freshApi.getAttachment({ attachmentId: one })), 404);
      assert.equal(await statusOf(freshApi.deleteAttachment({ attachmentId: one })), 404);
      assert.equal(await blobCount(), 0, 'the bytes went with the only attachment using them');
      assert.equal((await freshApi.getAttachment({ attachmentId: two })).name, 'two.txt');

      // A received email's attachments are the tenant's too: deleteAll takes them, the email stays.
      const a = await fresh.mailslurp.createInbox();
      const b = await fresh.mailslurp.createInbox();
      await fresh.mailslurp.sendEmail(a.id, { to: [b.emailAddress], subject: 'files', body: 'x', attachments: [two] });
      const received = await fresh.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 });
      assert.equal(received.attachments?.length, 1);
      assert.equal((await freshApi.getAttachments({})).totalElements, 2);
      await freshApi.deleteAllAttachments();
      assert.equal((await freshApi.getAttachments({})).totalElements, 0);
      assert.equal(await statusOf(freshApi.getAttachment({ attachmentId: two })), 404);
      const after = await emailApi(server, fresh).getEmail({ emailId: received.id });
      assert.deepEqual(after.attachments, []);
      assert.equal(after.subject, 'files');
      const previews = await fresh.inboxApi.getEmails({ inboxId: b.id });
      assert.deepEqual(previews[0]?.attachments, []);
    } finally {
      await db.destroy();
    }
  });

  test("another tenant's attachment is 404 everywhere and cannot be sent", async () => {
    const owner = await server.createTenant();
    const other = await server.createTenant();
    const id = await upload(owner, Buffer.from('secret'), { filename: 'secret.txt' });
    const otherApi = attachmentApi(server, other);
    assert.equal(await statusOf(otherApi.getAttachment({ attachmentId: id })), 404);
    assert.equal(await statusOf(otherApi.getAttachmentInfo({ attachmentId: id })), 404);
    assert.equal(await statusOf(otherApi.downloadAttachmentAsBytes({ attachmentId: id })), 404);
    assert.equal(await statusOf(otherApi.downloadAttachmentAsBase64Encoded({ attachmentId: id })), 404);
    assert.equal(await statusOf(otherApi.extractAttachmentText({ attachmentId: id })), 404);
    assert.equal(await statusOf(otherApi.deleteAttachment({ attachmentId: id })), 404);
    assert.equal((await otherApi.getAttachments({})).totalElements, 0);
    assert.equal((await otherApi.getAttachments({ include: [id] })).totalElements, 0);
    await otherApi.deleteAllAttachments();
    assert.equal((await attachmentApi(server, owner).getAttachment({ attachmentId: id })).name, 'secret.txt', "another tenant's deleteAll leaves it");

    const inbox = await other.mailslurp.createInbox();
    const send = await other.fetch(`/inboxes/${inbox.id}/confirm`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: ['x@example.com'], attachments: [id] }),
    });
    const error = await errorOf(send);
    assert.equal(error.status, 400);
    assert.match(error.message, new RegExp(`unknown attachment ids: ${id}`));
  });

  test('an email sent with uploaded attachments arrives with them, byte for byte', async () => {
    const a = await tenant.mailslurp.createInbox();
    const b = await tenant.mailslurp.createInbox();
    const binaryId = await upload(tenant, BINARY, { filename: 'random.bin' });
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
    const [pngId] = (await (await tenant.fetch('/attachments/multipart', { method: 'POST', body: form })).json()) as string[];
    const text = Buffer.from('unix\nline endings\nand trailing spaces   \n.\n');
    const [textId] = (await (await tenant.fetch('/attachments/bytes?filename=notes.txt', { method: 'POST', body: text })).json()) as string[];

    const sent = await tenant.mailslurp.sendEmail(a.id, {
      to: [b.emailAddress], subject: 'Files for you', body: 'Three files attached.', attachments: [binaryId, pngId!, textId!],
    });
    assert.equal(sent.subject, 'Files for you');
    const received = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 });
    assert.equal(received.body?.trim(), 'Three files attached.');
    assert.equal(received.attachments?.length, 3);

    const emails = emailApi(server, tenant);
    const expected = new Map([
      ['random.bin', { type: 'application/octet-stream', bytes: BINARY }],
      ['pixel.png', { type: 'image/png', bytes: PNG }],
      ['notes.txt', { type: 'text/plain', bytes: text }],
    ]);
    for (const attachmentId of received.attachments ?? []) {
      const meta = await emails.getAttachmentMetaData({ emailId: received.id, attachmentId });
      const want = expected.get(meta.name);
      assert.ok(want, `unexpected attachment ${meta.name}`);
      assert.equal(meta.contentType, want.type);
      assert.equal(meta.contentLength, want.bytes.length);
      const download = await bytesOf(tenant, `/emails/${received.id}/attachments/${attachmentId}`);
      assert.ok(download.body.equals(want.bytes), `${meta.name} arrives byte for byte`);
      // The received copy is an attachment of its own, readable through AttachmentController too.
      const viaController = await bytesOf(tenant, `/attachments/${attachmentId}/bytes`);
      assert.ok(viaController.body.equals(want.bytes));
      expected.delete(meta.name);
    }
    assert.equal(expected.size, 0);
    // The upload is still there to be sent again.
    assert.equal((await api.getAttachment({ attachmentId: binaryId })).name, 'random.bin');

    // replyToEmail takes attachments too.
    const reply = await emails.replyToEmail({ emailId: received.id, replyToEmailOptions: { body: 'Thanks', isHTML: false, attachments: [textId!] } });
    assert.ok(reply.id);
    const answer = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: a.id, timeoutMillis: 5000 });
    assert.equal(answer.attachments?.length, 1);
    const answered = await bytesOf(tenant, `/emails/${answer.id}/attachments/${answer.attachments![0]}`);
    assert.ok(answered.body.equals(text));

    const unknown = await tenant.fetch(`/inboxes/${a.id}/confirm`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: [b.emailAddress], attachments: [binaryId, 'no-such-attachment'] }),
    });
    const error = await errorOf(unknown);
    assert.equal(error.status, 400);
    assert.match(error.message, /attachments has unknown attachment ids: no-such-attachment;/);
  });

  test('every operation of src/modules/attachment/operations is proven here', () => {
    const served = attachmentOperations.map((op) => op.operationId);
    assert.deepEqual([...served].sort(), [...PROVEN].sort());
  });

  describe('with a small PIGEONHOLE_MAX_ATTACHMENT_SIZE', () => {
    let small: TestServer;
    let user: Tenant;
    before(async () => {
      small = await startTestServer(dialect, { env: { PIGEONHOLE_MAX_ATTACHMENT_SIZE: '1024' } });
      user = await small.createTenant();
    });
    after(() => small.close());

    const assertTooLarge = async (response: Response, what: string) => {
      const error = await errorOf(response);
      assert.equal(error.status, 413, what);
      assert.match(error.message, /limit of 1024 bytes \(1 KiB\)/, what);
      assert.match(error.message, /PIGEONHOLE_MAX_ATTACHMENT_SIZE/, what);
    };

    test('uploads over the limit are 413 naming it, in every form; at the limit they pass', async () => {
      const atLimit = randomBytes(1024);
      const over = randomBytes(1025);
      const json = (content: Buffer) => user.fetch('/attachments', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ base64Contents: content.toString('base64'), filename: 'f.bin' }),
      });
      assert.equal((await json(atLimit)).status, 201);
      await assertTooLarge(await json(over), 'JSON base64');
      // Far over: refused by the body parser already, with the same message.
      await assertTooLarge(await json(randomBytes(2 * 1024 * 1024)), 'JSON body over the parser limit');

      const bytes = (content: Buffer, query = '') => user.fetch(`/attachments/bytes${query}`, { method: 'POST', body: content });
      assert.equal((await bytes(atLimit)).status, 201);
      await assertTooLarge(await bytes(over), 'raw bytes');
      await assertTooLarge(await bytes(Buffer.from('small'), '?fileSize=5000'), 'declared fileSize');

      const multipart = (content: Buffer) => {
        const form = new FormData();
        form.append('file', new Blob([content]), 'f.bin');
        return user.fetch('/attachments/multipart', { method: 'POST', body: form });
      };
      assert.equal((await multipart(atLimit)).status, 201);
      await assertTooLarge(await multipart(over), 'multipart');

      const wrapped = await user.mailslurp.uploadAttachment({ base64Contents: over.toString('base64') }).catch((e: unknown) => e);
      assert.match((wrapped as { message: string }).message, /limit of 1024 bytes/, 'the wrapper rethrows the JSON error body');
      assert.equal((await attachmentApi(small, user).getAttachments({})).totalElements, 3, 'only the three at the limit were stored');
    });
  });
});
