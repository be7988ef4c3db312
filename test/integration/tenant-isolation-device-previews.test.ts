import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CreateDevicePreviewFeedbackOptionsCategoryEnum as Category, CreateDevicePreviewFeedbackOptionsSourceEnum as Source, GetDevicePreviewFeedbackItemsCategoryEnum,
  GetDevicePreviewRunProviderProgressProviderEnum, UpdateDevicePreviewFeedbackOptionsStatusEnum as FeedbackStatus,
  Configuration, DevicePreviewsControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';

/**
 * Tenant B aims every device preview route at tenant A's profile, run, screenshot, share link
 * and feedback: B sees none of them and changes none of them (A's records are read back
 * unchanged afterwards). The run is made of a native target only, so no browser is needed.
 */
describeEachDialect('tenant isolation: device previews', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  let apiA: DevicePreviewsControllerApi;
  let apiB: DevicePreviewsControllerApi;

  before(async () => {
    server = await startTestServer(dialect);
    a = await server.createTenant();
    b = await server.createTenant();
    apiA = new DevicePreviewsControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    apiB = new DevicePreviewsControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
  });
  after(() => server.close());

  test('B sees and changes none of A\'s profiles, runs, share links or feedback', async () => {
    const inbox = await a.mailslurp.createInbox();
    await a.mailslurp.sendEmail(inbox.id, { to: [inbox.emailAddress], subject: 'A only', body: '<p>A</p>', isHTML: true });
    const [email] = await a.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: 1, timeout: 10_000 });
    const emailId = email!.id;
    const profile = await apiA.createDevicePreviewProfile({ createDevicePreviewProfileOptions: { localPart: 'a-profile', options: { nativeTargets: ['iphone-15-dark'] } } });
    const { run } = await apiA.createDevicePreviewRun({ emailId, createDevicePreviewOptions: { nativeTargets: ['outlook-web'] } });
    const target = (await apiA.getDevicePreviewRunResults({ runId: run.runId })).targets[0]!;
    const link = await apiA.createDevicePreviewShareLink({ runId: run.runId });
    const feedback = await apiA.createDevicePreviewFeedback({ createDevicePreviewFeedbackOptions: { source: Source.API_SERVICE, category: Category.NOTE, runId: run.runId, comment: 'A' } });
    const someId = '00000000-0000-4000-8000-000000000000';

    // profiles
    assert.ok(!(await apiB.getDevicePreviewProfiles()).some((p) => p.id === profile.id));
    assert.equal(await statusOf(apiB.getDevicePreviewProfile({ profileId: profile.id })), 404);
    assert.equal(await statusOf(apiB.updateDevicePreviewProfile({ profileId: profile.id, updateDevicePreviewProfileOptions: { displayName: 'B was here', enabled: false } })), 404);
    assert.equal(await statusOf(apiB.deleteDevicePreviewProfile({ profileId: profile.id })), 404);
    // the same local part is free for B: profiles are per tenant
    assert.equal((await apiB.createDevicePreviewProfile({ createDevicePreviewProfileOptions: { localPart: 'a-profile' } })).localPart, 'a-profile');

    // runs from A's email
    assert.equal(await statusOf(apiB.createDevicePreviewRun({ emailId })), 404);
    assert.equal(await statusOf(apiB.ensureDevicePreviewRun({ emailId })), 404);
    assert.equal(await statusOf(apiB.getDevicePreviewRuns({ emailId })), 404);
    assert.equal(await statusOf(apiB.getDevicePreviewRunsOffsetPaginated({ emailId })), 404);
    assert.deepEqual(await apiB.getDevicePreviewRunsForAccount({}), []);
    assert.equal((await apiB.getDevicePreviewRunsForAccountOffsetPaginated({})).totalElements, 0);

    // A's run
    const runId = run.runId;
    assert.equal(await statusOf(apiB.getDevicePreviewRun({ runId })), 404);
    assert.equal(await statusOf(apiB.getDevicePreviewRunResults({ runId })), 404);
    assert.equal(await statusOf(apiB.getDevicePreviewRunProviderProgress({ runId, provider: GetDevicePreviewRunProviderProgressProviderEnum.OUTLOOK })), 404);
    assert.equal(await statusOf(apiB.getDevicePreviewRunScreenshot({ runId, screenshotId: someId })), 404);
    assert.equal(await statusOf(apiB.waitForDevicePreviewRun({ runId, timeoutMillis: 0 })), 404);
    assert.equal(await statusOf(apiB.cancelDevicePreviewRun({ runId, cancelDevicePreviewRunOptions: { reason: 'B' } })), 404);
    assert.equal(await statusOf(apiB.rerunDevicePreviewTargets({ runId, rerunDevicePreviewTargetsOptions: { targetIds: [target.id], failedOnly: false } })), 404);
    assert.equal(await statusOf(apiB.deleteDevicePreviewRun({ runId })), 404);

    // share links
    assert.equal(await statusOf(apiB.getDevicePreviewShareLinks({ runId })), 404);
    assert.equal(await statusOf(apiB.createDevicePreviewShareLink({ runId })), 404);
    assert.equal(await statusOf(apiB.deleteDevicePreviewShareLink({ shareLinkId: link.id })), 404);

    // feedback
    assert.equal(await statusOf(apiB.getDevicePreviewFeedback({ feedbackId: feedback.feedbackId })), 404);
    assert.equal(await statusOf(apiB.updateDevicePreviewFeedback({ feedbackId: feedback.feedbackId, updateDevicePreviewFeedbackOptions: { status: FeedbackStatus.DISMISSED } })), 404);
    assert.equal((await apiB.getDevicePreviewFeedbackItems({})).totalElements, 0);
    assert.equal((await apiB.getDevicePreviewFeedbackItems({ runId })).totalElements, 0);
    assert.equal(await statusOf(apiB.createDevicePreviewFeedback({ createDevicePreviewFeedbackOptions: { source: Source.API_SERVICE, category: Category.NOTE, runId } })), 404);

    // A's records are as they were
    const profileAfter = await apiA.getDevicePreviewProfile({ profileId: profile.id });
    assert.equal(profileAfter.enabled, true);
    assert.equal(profileAfter.displayName ?? null, null);
    const resultsAfter = await apiA.getDevicePreviewRunResults({ runId });
    assert.equal(resultsAfter.targets[0]!.status, 'SETUP_REQUIRED');
    assert.equal(resultsAfter.run.latestError, run.latestError);
    const linksAfter = await apiA.getDevicePreviewShareLinks({ runId });
    assert.equal(linksAfter[0]!.revokedAt ?? null, null);
    assert.equal((await apiA.getDevicePreviewFeedback({ feedbackId: feedback.feedbackId })).status, 'OPEN');
    assert.equal((await apiA.getDevicePreviewSharedResult({ shareToken: link.token! })).run.runId, runId);
  });

  test('B cannot take A\'s preview email subdomain, and sees none of the submissions or runs its mail made', async () => {
    const domainA = (await apiA.getDevicePreviewEmailDomainOrCreate()).domain;
    const address = `anything@${domainA.fullDomain}`;
    await smtpTransport(server).sendMail({ envelope: { from: 'shop@example.com', to: [address] }, raw: rawMessage({ to: address, subject: 'For A', body: 'Hello A' }) });
    const since = new Date(0);
    assert.equal(await statusOf(apiB.updateDevicePreviewEmailDomainSubdomain({ updateDevicePreviewIngestDomainOptions: { subdomain: domainA.subdomain } })), 409);
    assert.notEqual((await apiB.getDevicePreviewEmailDomainOrCreate()).domain.subdomain, domainA.subdomain);
    assert.deepEqual(await apiB.getDevicePreviewEmailSubmissions({ since }), []);
    assert.deepEqual(await apiB.getDevicePreviewEmailRuns({ since }), []);
    assert.equal((await apiB.waitForDevicePreviewEmailSubmissions({ since, timeoutMillis: 0 })).timedOut, true);
    assert.equal((await apiB.waitForDevicePreviewEmailRuns({ since, timeoutMillis: 0 })).timedOut, true);
    const [submission] = await apiA.getDevicePreviewEmailSubmissions({ since });
    assert.equal(submission!.sourceSubject, 'For A');
    assert.equal(await statusOf(apiB.getDevicePreviewRun({ runId: submission!.runId! })), 404);
    assert.equal((await apiA.getDevicePreviewEmailDomainOrCreate()).domain.subdomain, domainA.subdomain);
  });
});
