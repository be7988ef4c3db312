import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer, { type Transporter } from 'nodemailer';
import {
  CreateDevicePreviewFeedbackOptionsCategoryEnum as Category, CreateDevicePreviewFeedbackOptionsSourceEnum as Source, GetDevicePreviewFeedbackItemsCategoryEnum,
  GetDevicePreviewRunProviderProgressProviderEnum, UpdateDevicePreviewFeedbackOptionsStatusEnum as FeedbackStatus,
  Configuration, DevicePreviewsControllerApi, type InboxDto } from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * Device previews through the official client: profiles, a run rendered in the real Chromium
 * (/usr/bin/chromium) at two device geometries, its wait, screenshots, share links (public,
 * expiring, revocable) and feedback.
 */

/** Light by default, dark when the page is asked for a dark scheme: the two renders must differ. */
const DARK_AWARE_HTML = `<!doctype html><html><head><meta name="color-scheme" content="light dark"><style>
  body { background: #ffffff; color: #111111; font: 16px sans-serif; margin: 0; padding: 24px; }
  .banner { background: #3366ff; height: 120px; }
  @media (prefers-color-scheme: dark) { body { background: #101010; color: #eeeeee; } .banner { background: #ff9900; } }
</style></head><body><div class="banner"></div><h1>Hello in light and dark</h1><p>Device preview check.</p></body></html>`;

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
const PNG_SIGNATURE = '89504e470d0a1a0a';

async function screenshotBytes(api: DevicePreviewsControllerApi, runId: string, screenshotId: string): Promise<Buffer> {
  const answer = await api.getDevicePreviewRunScreenshotRaw({ runId, screenshotId });
  assert.equal(answer.raw.headers.get('content-type'), 'image/png');
  return Buffer.from(await answer.raw.arrayBuffer());
}

describeEachDialect('device previews', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let api: DevicePreviewsControllerApi;
  let publicApi: DevicePreviewsControllerApi;
  let transport: Transporter;
  let inbox: InboxDto;

  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_CHROMIUM_PATH: '/usr/bin/chromium' } });
    tenant = await server.createTenant();
    api = new DevicePreviewsControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    publicApi = new DevicePreviewsControllerApi(new Configuration({ basePath: server.url }));
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true });
    inbox = await tenant.mailslurp.createInbox();
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  async function deliver(html: string): Promise<string> {
    const count = (await tenant.inboxApi.getEmails({ inboxId: inbox.id })).length;
    await transport.sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'preview me', html });
    const emails = await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: count + 1, timeout: 10_000 });
    return emails[emails.length - 1]!.id;
  }

  test('profiles: built-ins are listed and read-only; own profiles are created, changed and deleted', async () => {
    const profiles = await api.getDevicePreviewProfiles();
    const phones = profiles.find((p) => p.localPart === 'phones');
    assert.ok(phones, 'the built-in phones profile is listed');
    assert.equal(phones.userId, 'builtin');
    assert.ok(phones.nativeTargets?.includes('iphone-15-dark'));
    assert.equal(await statusOf(api.updateDevicePreviewProfile({ profileId: phones.id, updateDevicePreviewProfileOptions: { displayName: 'mine now' } })), 400);
    assert.equal(await statusOf(api.deleteDevicePreviewProfile({ profileId: phones.id })), 400);

    const created = await api.createDevicePreviewProfile({ createDevicePreviewProfileOptions: {
      localPart: 'Newsletter', displayName: 'Newsletter devices', options: { nativeTargets: ['iphone-15-light', 'desktop-1280-dark'] },
    } });
    assert.equal(created.localPart, 'newsletter');
    assert.equal(created.userId, tenant.userId);
    assert.deepEqual(created.nativeTargets, ['iphone-15-light', 'desktop-1280-dark']);
    assert.equal(created.enabled, true);
    assert.equal((await api.getDevicePreviewProfile({ profileId: created.id })).displayName, 'Newsletter devices');

    assert.equal(await statusOf(api.createDevicePreviewProfile({ createDevicePreviewProfileOptions: { localPart: 'newsletter' } })), 409);
    assert.equal(await statusOf(api.createDevicePreviewProfile({ createDevicePreviewProfileOptions: { localPart: 'phones' } })), 409);
    assert.equal(await statusOf(api.createDevicePreviewProfile({ createDevicePreviewProfileOptions: { localPart: 'x', options: { nativeTargets: ['no-such-phone'] } } })), 400);

    const updated = await api.updateDevicePreviewProfile({ profileId: created.id, updateDevicePreviewProfileOptions: { enabled: false, options: { nativeTargets: ['ipad-air-dark'] } } });
    assert.equal(updated.enabled, false);
    assert.deepEqual(updated.nativeTargets, ['ipad-air-dark']);
    assert.equal(updated.displayName, 'Newsletter devices', 'a field left out keeps its value');

    assert.deepEqual(await api.deleteDevicePreviewProfile({ profileId: created.id }), { profileId: created.id, deleted: true });
    assert.equal(await statusOf(api.getDevicePreviewProfile({ profileId: created.id })), 404);
  });

  test('a run over a light and a dark phone renders real PNGs at viewport × pixel ratio, and the two differ', async () => {
    const emailId = await deliver(DARK_AWARE_HTML);
    const created = await api.createDevicePreviewRun({ emailId, createDevicePreviewOptions: { nativeTargets: ['iphone-15-light', 'iphone-15-dark'] } });
    assert.equal(created.created, true);
    assert.equal(created.run.emailId, emailId);
    assert.equal(created.run.sourceType, 'STORED_EMAIL');
    assert.equal(created.run.sourceSubject, 'preview me');
    assert.equal(created.run.targetCount, 2);
    assert.match(created.run.warnings?.at(-1) ?? '', /not renders by the native mail clients/);

    const waited = await api.waitForDevicePreviewRun({ runId: created.run.runId, timeoutMillis: 60_000 });
    assert.equal(waited.timedOut, false);
    assert.equal(waited.run.status, 'COMPLETE', waited.run.latestError ?? '');
    assert.equal(waited.run.screenshotCount, 2);
    assert.ok(waited.run.thumbnail?.accessUrl.endsWith('/image'));

    const results = await api.getDevicePreviewRunResults({ runId: created.run.runId });
    assert.deepEqual(results.targets.map((t) => [t.clientProfile, t.status, t.colorScheme, t.browserFamily]),
      [['iphone-15-light', 'READY', 'LIGHT', 'CHROMIUM'], ['iphone-15-dark', 'READY', 'DARK', 'CHROMIUM']]);
    assert.equal(results.screenshots.length, 2);
    const bytes: Buffer[] = [];
    for (const shot of results.screenshots) {
      assert.equal(shot.width, 393 * 3);
      assert.equal(shot.height, 852 * 3);
      const png = await screenshotBytes(api, created.run.runId, shot.screenshotId);
      assert.equal(png.subarray(0, 8).toString('hex'), PNG_SIGNATURE);
      assert.deepEqual(pngSize(png), { width: 393 * 3, height: 852 * 3 });
      bytes.push(png);
    }
    assert.notDeepEqual(bytes[0], bytes[1], 'the dark render differs from the light one');

    // the lists and pages see the run
    assert.deepEqual((await api.getDevicePreviewRuns({ emailId })).map((r) => r.runId), [created.run.runId]);
    assert.ok((await api.getDevicePreviewRunsForAccount({ hydrateThumbnail: true })).some((r) => r.runId === created.run.runId && r.thumbnail));
    const page = await api.getDevicePreviewRunsOffsetPaginated({ emailId, page: 0, size: 1 });
    assert.equal(page.totalElements, 1);
    assert.equal(page.content?.[0]?.runId, created.run.runId);
    assert.equal((await api.getDevicePreviewRunsForAccountOffsetPaginated({ size: 5 })).totalElements >= 1, true);

    // ensure answers the same finished run; rerunning a ready target with failedOnly does nothing
    const ensured = await api.ensureDevicePreviewRun({ emailId, createDevicePreviewOptions: { nativeTargets: ['iphone-15-light', 'iphone-15-dark'] } });
    assert.equal(ensured.created, false);
    assert.equal(ensured.run.runId, created.run.runId);
    const rerun = await api.rerunDevicePreviewTargets({ runId: created.run.runId, rerunDevicePreviewTargetsOptions: { targetIds: [results.targets[0]!.id], failedOnly: true } });
    assert.equal(rerun.affectedTargets, 0);
    assert.equal(rerun.warnings.length, 1);

    // rerunning it regardless renders it again; the wait holds until it is done
    const again = await api.rerunDevicePreviewTargets({ runId: created.run.runId, rerunDevicePreviewTargetsOptions: { targetIds: [results.targets[0]!.id], failedOnly: false } });
    assert.equal(again.affectedTargets, 1);
    const rewaited = await api.waitForDevicePreviewRun({ runId: created.run.runId, timeoutMillis: 60_000 });
    assert.equal(rewaited.run.status, 'COMPLETE');
    assert.equal(rewaited.run.screenshotCount, 2);
  });

  test('native mail-client targets are reported unavailable, never rendered', async () => {
    const availability = await api.getDevicePreviewNativeTargetAvailability();
    const gmail = availability.targets.find((t) => t.target === 'gmail-android');
    assert.equal(gmail?.status, 'NOT_CONFIGURED');
    assert.match(gmail?.statusReason ?? '', /not a|not available/i);
    assert.equal(availability.targets.find((t) => t.target === 'iphone-15-dark')?.status, 'AVAILABLE');

    const emailId = await deliver('<p>native please</p>');
    const { run } = await api.createDevicePreviewRun({ emailId, createDevicePreviewOptions: { nativeTargets: ['gmail-android'] } });
    assert.equal(run.status, 'FAILED');
    assert.match(run.warnings?.[0] ?? '', /gmail-android/);
    const progress = await api.getDevicePreviewRunProviderProgress({ runId: run.runId, provider: GetDevicePreviewRunProviderProgressProviderEnum.GMAIL });
    assert.equal(progress.targetCount, 1);
    assert.equal(progress.failedCount, 1);
    assert.equal(progress.targets[0]?.status, 'SETUP_REQUIRED');
    assert.equal(progress.status, 'FAILED');
    assert.equal(await statusOf(api.createDevicePreviewRun({ emailId, createDevicePreviewOptions: { nativeTargets: ['not-a-device'] } })), 400);
  });

  test('cancel stops pending targets; delete removes the run and its screenshots', async () => {
    const emailId = await deliver('<p>cancel me</p>');
    const { run } = await api.createDevicePreviewRun({ emailId, createDevicePreviewOptions: { nativeTargets: ['macbook-1440-light', 'macbook-1440-dark', 'ipad-air-light'] } });
    const cancelled = await api.cancelDevicePreviewRun({ runId: run.runId, cancelDevicePreviewRunOptions: { reason: 'changed my mind' } });
    assert.equal(cancelled.remoteCancelAttempted, false);
    const done = await api.waitForDevicePreviewRun({ runId: run.runId, timeoutMillis: 60_000 });
    assert.equal(done.timedOut, false);
    const results = await api.getDevicePreviewRunResults({ runId: run.runId });
    // a render already under way may have finished; every other target was cancelled
    assert.ok(results.targets.some((t) => t.failureCode === 'CANCELLED'));
    assert.ok(results.targets.every((t) => t.status === 'READY' || t.failureCode === 'CANCELLED'));

    assert.deepEqual(await api.deleteDevicePreviewRun({ runId: run.runId }), { runId: run.runId, deleted: true, remoteCleanupAttempted: false, remoteCleanupSucceeded: false });
    assert.equal(await statusOf(api.getDevicePreviewRun({ runId: run.runId })), 404);
  });

  test('a share link opens the results and screenshots without a key until it is revoked', async () => {
    const emailId = await deliver(DARK_AWARE_HTML);
    const { run } = await api.createDevicePreviewRun({ emailId, createDevicePreviewOptions: { nativeTargets: ['galaxy-s23-dark'] } });
    await api.waitForDevicePreviewRun({ runId: run.runId, timeoutMillis: 60_000 });
    const link = await api.createDevicePreviewShareLink({ runId: run.runId, createDevicePreviewShareLinkOptions: { label: 'for the designer' } });
    assert.ok(link.token && link.token.startsWith(link.tokenPrefix));
    assert.ok(link.shareUrl?.endsWith(link.token));
    assert.ok(link.expiresAt && link.expiresAt.getTime() > Date.now());

    const shared = await publicApi.getDevicePreviewSharedResult({ shareToken: link.token! });
    assert.equal(shared.run.runId, run.runId);
    assert.equal(shared.run.status, 'COMPLETE');
    assert.equal(shared.screenshots.length, 1);
    const imageUrl = shared.screenshots[0]!.imageUrl!;
    const image = await fetch(imageUrl);
    assert.equal(image.status, 200);
    const png = Buffer.from(await image.arrayBuffer());
    assert.deepEqual(pngSize(png), { width: 360 * 3, height: 780 * 3 });

    const listed = await api.getDevicePreviewShareLinks({ runId: run.runId });
    assert.equal(listed.length, 1);
    assert.ok(!listed[0]!.token, 'the token is shown once');
    assert.equal(listed[0]!.accessCount, 2);

    assert.deepEqual(await api.deleteDevicePreviewShareLink({ shareLinkId: link.id }), { shareLinkId: link.id, revoked: true });
    assert.equal(await statusOf(publicApi.getDevicePreviewSharedResult({ shareToken: link.token! })), 404);
    assert.equal((await fetch(imageUrl)).status, 404);
    assert.equal(await statusOf(publicApi.getDevicePreviewSharedResult({ shareToken: 'made-up-token' })), 404);
  });

  test('imports: HTML, a base64 .eml and a multipart upload become runs rendered like stored mail', async () => {
    const fromHtml = await api.createDevicePreviewRunFromHtmlImport({ createDevicePreviewHtmlImportOptions: {
      html: DARK_AWARE_HTML, subject: 'imported html', sourceAlias: 'ci', externalId: 'build-7', options: { nativeTargets: ['desktop-1280-dark'] },
    } });
    assert.equal(fromHtml.run.sourceType, 'RAW_UPLOAD');
    assert.equal(fromHtml.run.sourceSubject, 'imported html');
    assert.equal(fromHtml.run.sourceExternalId, 'build-7');
    assert.equal(fromHtml.run.emailId ?? null, null);

    const eml = ['From: a@example.com', 'To: b@example.com', 'Subject: imported eml', 'MIME-Version: 1.0', 'Content-Type: text/html; charset=utf-8', '', DARK_AWARE_HTML, ''].join('\r\n');
    const fromEml = await api.createDevicePreviewRunFromImport({ createDevicePreviewImportOptions: {
      rawEmailBase64: Buffer.from(eml).toString('base64'), options: { nativeTargets: ['iphone-se-light'] },
    } });
    assert.equal(fromEml.run.sourceSubject, 'imported eml');
    assert.equal(fromEml.run.sourceFrom, 'a@example.com');
    const fromUpload = await api.createDevicePreviewRunFromMultipartImport({ file: new Blob([eml], { type: 'message/rfc822' }), nativeTargets: ['iphone-se-dark'] });
    assert.equal(fromUpload.run.sourceSubject, 'imported eml');

    for (const [run, width] of [[fromHtml.run, 1280], [fromEml.run, 375 * 2], [fromUpload.run, 375 * 2]] as const) {
      const done = await api.waitForDevicePreviewRun({ runId: run.runId, timeoutMillis: 60_000 });
      assert.equal(done.run.status, 'COMPLETE', done.run.latestError ?? '');
      const png = await screenshotBytes(api, run.runId, done.run.primaryScreenshotId!);
      assert.equal(pngSize(png).width, width);
    }
    assert.equal(await statusOf(api.createDevicePreviewRunFromImport({ createDevicePreviewImportOptions: { rawEmailBase64: '!!!' } })), 400);
  });

  test('feedback is created, listed with filters, read and updated', async () => {
    const emailId = await deliver('<p>feedback</p>');
    const { run } = await api.createDevicePreviewRun({ emailId, createDevicePreviewOptions: { nativeTargets: ['outlook-windows'] } });
    const created = await api.createDevicePreviewFeedback({ createDevicePreviewFeedbackOptions: {
      source: Source.API_SERVICE, category: Category.SCREENSHOT_QUALITY, runId: run.runId, rating: 4, title: 'Dark mode banner', comment: 'orange in dark', metadata: { build: '42' },
    } });
    assert.equal(created.status, 'OPEN');
    assert.equal(created.userId, tenant.userId);
    assert.deepEqual(created.metadata, { build: '42' });
    await api.createDevicePreviewFeedback({ createDevicePreviewFeedbackOptions: { source: Source.LAB_USER, category: Category.NOTE, comment: 'unrelated' } });

    const byRun = await api.getDevicePreviewFeedbackItems({ runId: run.runId });
    assert.deepEqual(byRun.items.map((f) => f.feedbackId), [created.feedbackId]);
    assert.equal((await api.getDevicePreviewFeedbackItems({ search: 'ORANGE' })).totalElements, 1);
    assert.equal((await api.getDevicePreviewFeedbackItems({ category: GetDevicePreviewFeedbackItemsCategoryEnum.NOTE })).totalElements, 1);

    await api.updateDevicePreviewFeedback({ feedbackId: created.feedbackId, updateDevicePreviewFeedbackOptions: { internalNote: 'first' } });
    const updated = await api.updateDevicePreviewFeedback({ feedbackId: created.feedbackId, updateDevicePreviewFeedbackOptions: { status: FeedbackStatus.RESOLVED, internalNote: 'second', appendInternalNote: true } });
    assert.equal(updated.status, 'RESOLVED');
    assert.equal(updated.internalNote, 'first\nsecond');
    assert.equal(updated.rating, 4, 'a field left out keeps its value');
    assert.equal((await api.getDevicePreviewFeedback({ feedbackId: created.feedbackId })).status, 'RESOLVED');
    assert.equal(await statusOf(api.createDevicePreviewFeedback({ createDevicePreviewFeedbackOptions: { source: Source.API_SERVICE, category: Category.NOTE, runId: '00000000-0000-4000-8000-000000000000' } })), 404);
  });
});

describeEachDialect('device preview share links expire', (dialect) => {
  let server: TestServer;
  let clock: ManualClock;

  before(async () => {
    clock = new ManualClock(new Date());
    server = await startTestServer(dialect, { clock });
  });
  after(() => server.close());

  test('a share link stops working once its expiry has passed', async () => {
    const tenant = await server.createTenant();
    const api = new DevicePreviewsControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    const publicApi = new DevicePreviewsControllerApi(new Configuration({ basePath: server.url }));
    const inbox = await tenant.mailslurp.createInbox();
    const sent = await tenant.mailslurp.sendEmail(inbox.id, { to: [inbox.emailAddress], subject: 'expiry', body: '<p>hi</p>', isHTML: true });
    assert.ok(sent.id);
    const [email] = await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: 1, timeout: 10_000 });
    // a native target only: nothing to render, so the test needs no browser
    const { run } = await api.createDevicePreviewRun({ emailId: email!.id, createDevicePreviewOptions: { nativeTargets: ['yahoo-web'] } });
    const link = await api.createDevicePreviewShareLink({ runId: run.runId, createDevicePreviewShareLinkOptions: { expiresAt: new Date(clock.now().getTime() + 60_000) } });
    assert.equal((await publicApi.getDevicePreviewSharedResult({ shareToken: link.token! })).run.runId, run.runId);
    clock.advance(60_001);
    assert.equal(await statusOf(publicApi.getDevicePreviewSharedResult({ shareToken: link.token! })), 404);
    assert.equal(await statusOf(api.createDevicePreviewShareLink({ runId: run.runId, createDevicePreviewShareLinkOptions: { expiresAt: new Date(clock.now().getTime() - 1) } })), 400);
  });
});
