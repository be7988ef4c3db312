import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, DevicePreviewsControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { waitersRegistered } from '../helpers/waiters.js';

/**
 * Device preview email domains through the official client: an account's subdomain of the mail
 * domain, renamed; mail over SMTP to <profile>@<subdomain> becomes a run of the profile's targets
 * (the defaults for a local part no profile has) and a submission; waits held until the mail comes
 * (woken by the event, registered before the send); a message that cannot be rendered, and an
 * address at no account's subdomain, are refused in the SMTP dialogue. Tenant B sees none of it.
 */
describeEachDialect('device preview email domains', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  let api: DevicePreviewsControllerApi;
  let full = '';

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
    bob = await server.createTenant();
    api = new DevicePreviewsControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url }));
  });
  after(() => server.close());

  test('an account gets one subdomain, made on first use and renamed on request', async () => {
    const first = await api.getDevicePreviewEmailDomainOrCreate();
    assert.equal((await api.getDevicePreviewEmailDomainOrCreate()).domain.id, first.domain.id, 'the same domain again');
    assert.equal(first.domain.fullDomain, `${first.domain.subdomain}.${first.domain.domain}`);
    assert.ok(first.profiles.some((p) => p.localPart === 'desktops'), 'the built-in profiles are listed');
    const renamed = await api.updateDevicePreviewEmailDomainSubdomain({ updateDevicePreviewIngestDomainOptions: { subdomain: 'Acme-Previews' } });
    assert.equal(renamed.domain.subdomain, 'acme-previews');
    assert.equal(renamed.domain.emailAddressPattern, `{profileLocalPart}@acme-previews.${first.domain.domain}`);
    full = renamed.domain.fullDomain;

    const bad = await alice.fetch('/emails/device-previews/email-domain/subdomain', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"subdomain":"no_underscores"}' });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { message: string }).message, /not one DNS label/);
    const bobApi = new DevicePreviewsControllerApi(new Configuration({ apiKey: bob.apiKey, basePath: server.url }));
    assert.equal(await statusOf(bobApi.updateDevicePreviewEmailDomainSubdomain({ updateDevicePreviewIngestDomainOptions: { subdomain: 'acme-previews' } })), 409);
  });

  test('mail to a profile\'s address is a run of its targets; a wait held before the send is woken by it', async () => {
    await api.createDevicePreviewProfile({ createDevicePreviewProfileOptions: { localPart: 'checkout', options: { nativeTargets: ['desktop-1280-light'] } } });
    const since = new Date(Date.now() - 1000);
    const registered = waitersRegistered(server.server.bus, 'device-preview.run-updated');
    const waiting = api.waitForDevicePreviewEmailSubmissions({ since, localPart: 'checkout', timeoutMillis: 30_000 });
    await registered;
    await smtpTransport(server).sendMail({
      envelope: { from: 'shop@example.com', to: [`checkout@${full}`] },
      raw: rawMessage({ from: 'Shop <shop@example.com>', to: `checkout@${full}`, subject: 'Your basket', body: 'Two items' }),
    });
    const { timedOut, submissions } = await waiting;
    assert.equal(timedOut, false);
    assert.equal(submissions.length, 1);
    const [submission] = submissions;
    assert.deepEqual([submission!.status, submission!.matchedProfile, submission!.recipientLocalPart, submission!.sourceSubject], ['RUN_CREATED', true, 'checkout', 'Your basket']);

    const runs = await api.waitForDevicePreviewEmailRuns({ since, localPart: 'checkout', timeoutMillis: 1000 });
    assert.deepEqual(runs.runs.map((r) => [r.runId, r.sourceType, r.sourceRecipientLocalPart, r.sourceProfileLocalPart]), [[submission!.runId, 'DEVICE_PREVIEW_INGEST', 'checkout', 'checkout']]);
    await api.waitForDevicePreviewRun({ runId: submission!.runId!, timeoutMillis: 60_000 });
    const results = await api.getDevicePreviewRunResults({ runId: submission!.runId! });
    assert.deepEqual(results.targets.map((t) => t.clientProfile), ['desktop-1280-light']);
  });

  test('a local part no profile has renders the default targets; lists filter by local part', async () => {
    const since = new Date(Date.now() - 1000);
    await smtpTransport(server).sendMail({
      envelope: { from: 'shop@example.com', to: [`anything@${full}`] },
      raw: rawMessage({ to: `anything@${full}`, subject: 'No profile', body: 'Defaults' }),
    });
    const [submission] = await api.getDevicePreviewEmailSubmissions({ since, localPart: 'anything' });
    assert.equal(submission!.matchedProfile, false);
    assert.equal(submission!.profileId ?? null, null);
    const [run] = await api.getDevicePreviewEmailRuns({ since, localPart: 'anything' });
    assert.ok(run!.requestedProviders !== undefined || run!.runId, 'a run was made');
    assert.equal((await api.getDevicePreviewEmailSubmissions({ since: new Date(0) })).length, 2);
    const none = await api.waitForDevicePreviewEmailSubmissions({ since, localPart: 'nobody', timeoutMillis: 0 });
    assert.deepEqual([none.timedOut, none.submissions.length], [true, 0]);
  });

  test('the SMTP dialogue refuses what cannot be a preview: no such subdomain, nothing to render', async () => {
    const transport = smtpTransport(server);
    await assert.rejects(transport.sendMail({ envelope: { from: 'a@example.com', to: [`x@no-such-sub.${full.split('.').slice(1).join('.')}`] }, raw: rawMessage({ to: 'x', subject: 's', body: 'b' }) }),
      (err: { responseCode?: number }) => err.responseCode === 550);
    const empty = Buffer.from('From: a@example.com\r\nTo: checkout@' + full + '\r\nSubject: empty\r\nContent-Type: image/png\r\n\r\niVBORw0KGgo=\r\n');
    await assert.rejects(transport.sendMail({ envelope: { from: 'a@example.com', to: [`checkout@${full}`] }, raw: empty }),
      (err: { responseCode?: number; response?: string }) => err.responseCode === 550 && /no HTML or text body/.test(err.response ?? ''));
  });

  test('tenant B sees none of A\'s submissions or runs', async () => {
    const bobApi = new DevicePreviewsControllerApi(new Configuration({ apiKey: bob.apiKey, basePath: server.url }));
    assert.deepEqual(await bobApi.getDevicePreviewEmailSubmissions({ since: new Date(0) }), []);
    assert.deepEqual(await bobApi.getDevicePreviewEmailRuns({ since: new Date(0) }), []);
    assert.equal((await bobApi.waitForDevicePreviewEmailRuns({ since: new Date(0), timeoutMillis: 0 })).timedOut, true);
    const bobDomain = await bobApi.getDevicePreviewEmailDomainOrCreate();
    assert.notEqual(bobDomain.domain.subdomain, 'acme-previews');
  });
});
