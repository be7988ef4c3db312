import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Configuration, GuestPortalControllerApi, InboxControllerApi, WaitForControllerApi, type InboxDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';

const WAIT = 20_000;

describeEachDialect('guest portals, email warmup programs, sender seats', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  const portalsOf = (tenant: Tenant) => new GuestPortalControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
  const waitOf = (tenant: Tenant) => new WaitForControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
  const json = async (tenant: Tenant, path: string, method: string, body?: unknown) => {
    const response = await tenant.fetch(path, {
      method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  /** A page request as a browser makes it: no API key, the guest's cookie if any. */
  const page = (path: string, init: RequestInit & { cookie?: string } = {}) => {
    const { cookie, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (cookie) headers.set('cookie', cookie);
    return server.fetch(path, { ...rest, headers, key: null, redirect: 'manual' });
  };
  const login = (portalId: string, username: string, password: string) => page(`/portals/${portalId}/login`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username, password }).toString(),
  });

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(() => server?.close());

  test('portals and guests through the official client: create, get, list, page, search; a taken username is 409', async () => {
    const portals = portalsOf(alice);
    const portal = await portals.createGuestPortal({ createPortalOptions: { name: 'Acme support', description: 'Your test mail', linkHelp: 'Ask Alice for access' } });
    assert.equal(portal.name, 'Acme support');
    assert.equal(portal.userId, alice.userId);
    assert.equal(portal.loginUrl, `${server.url}/portals/${portal.id}/login`);
    assert.deepEqual(await portals.getGuestPortal({ portalId: portal.id }), portal);
    assert.deepEqual((await portals.getGuestPortals()).map((p) => p.id), [portal.id]);

    const created = await portals.createGuestPortalUser({ portalId: portal.id, createPortalUserOptions: { name: 'Carol', username: 'carol' } });
    assert.equal(created.guest.username, 'carol');
    assert.ok(created.password.length >= 16, 'a generated password');
    assert.ok(created.guest.inboxId, 'an inbox was made for the guest');
    const inbox = await alice.inboxApi.getInbox({ inboxId: created.guest.inboxId! });
    assert.equal(created.guest.emailAddress, inbox.emailAddress);
    assert.equal(created.guest.loginUrl, `${portal.loginUrl}?username=carol`);

    const own = await alice.inboxApi.createInboxWithDefaults();
    const named = await portals.createGuestPortalUser({ portalId: portal.id, createPortalUserOptions: { username: 'dave', inboxId: own.id, password: 'correct horse battery' } });
    assert.deepEqual([named.guest.inboxId, named.password], [own.id, 'correct horse battery']);
    const none = await portals.createGuestPortalUser({ portalId: portal.id, createPortalUserOptions: { skipInboxCreation: true } });
    assert.equal(none.guest.inboxId ?? null, null);
    assert.match(none.guest.username, /^guest-/);

    assert.equal((await refusal(portals.createGuestPortalUser({ portalId: portal.id, createPortalUserOptions: { username: 'carol' } }))).status, 409);
    assert.equal((await refusal(portals.createGuestPortalUser({ portalId: portal.id, createPortalUserOptions: { inboxId: randomUUID() } }))).status, 404);
    assert.equal((await refusal(portals.createGuestPortalUser({ portalId: portal.id, createPortalUserOptions: { password: 'short' } }))).status, 400);

    const got = await portals.getGuestPortalUser({ portalId: portal.id, guestId: created.guest.id });
    assert.deepEqual(got, created.guest);
    assert.deepEqual(await portals.getGuestPortalUserById({ guestId: created.guest.id }), created.guest);
    const pageOfUsers = await portals.getGuestPortalUsers({ portalId: portal.id, size: 2 });
    assert.deepEqual([pageOfUsers.totalElements, pageOfUsers.totalPages, pageOfUsers.content?.map((u) => u.username)], [3, 2, ['carol', 'dave']]);
    const searched = await portals.getAllGuestPortalUsers({ search: 'DAV' });
    assert.deepEqual(searched.content?.map((u) => u.id), [named.guest.id]);
    const other = await portals.createGuestPortal({ createPortalOptions: {} });
    assert.equal((await portals.getAllGuestPortalUsers({ portalId: other.id })).totalElements, 0);
    assert.equal((await portals.getAllGuestPortalUsers({})).totalElements, 3);
    assert.equal((await refusal(portals.getGuestPortalUser({ portalId: other.id, guestId: created.guest.id }))).status, 404);
    assert.equal((await refusal(portals.getGuestPortal({ portalId: randomUUID() }))).status, 404);
  });

  test("a guest logs in with its password and reads its own inbox's mail, newest first, with no API key; nothing else", async () => {
    const portals = portalsOf(alice);
    const portal = await portals.createGuestPortal({ createPortalOptions: { name: 'Guests <b>here</b>' } });
    const { guest, password } = await portals.createGuestPortalUser({ portalId: portal.id, createPortalUserOptions: { username: 'erin' } });
    const sender = await alice.inboxApi.createInboxWithDefaults();
    await alice.mailslurp.sendEmail(sender.id!, { to: [guest.emailAddress!], subject: 'First', body: 'one' });
    await alice.mailslurp.sendEmail(sender.id!, { to: [guest.emailAddress!], subject: 'Second <script>', body: '<p>two</p><script>alert(1)</script>', isHTML: true });
    const received = await waitOf(alice).waitForEmailCount({ inboxId: guest.inboxId!, count: 2, timeout: WAIT });
    const secret = await alice.mailslurp.sendEmail(sender.id!, { to: [sender.emailAddress!], subject: 'not for guests', body: 'x' });
    const notTheirs = (await waitOf(alice).waitForEmailCount({ inboxId: sender.id!, count: 1, timeout: WAIT }))[0]!;
    assert.ok(secret);

    const form = await page(`/portals/${portal.id}/login?username=erin`);
    assert.equal(form.status, 200);
    const formHtml = await form.text();
    assert.match(form.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.doesNotMatch(formHtml, /<script/i);
    assert.match(formHtml, /value="erin"/);
    assert.match(formHtml, /Guests &lt;b&gt;here&lt;\/b&gt;/);

    const wrong = await login(portal.id, 'erin', 'not the password');
    assert.equal(wrong.status, 401);
    assert.match(await wrong.text(), /Wrong username or password/);
    assert.equal((await login(portal.id, 'nobody', password)).status, 401);
    const other = await portals.createGuestPortal({ createPortalOptions: {} });
    assert.equal((await login(other.id, 'erin', password)).status, 401, 'a guest of another portal');

    const ok = await login(portal.id, 'erin', password);
    assert.equal(ok.status, 303);
    assert.equal(ok.headers.get('location'), `/portals/${portal.id}/inbox`);
    const setCookie = ok.headers.get('set-cookie') ?? '';
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Strict/);
    assert.match(setCookie, new RegExp(`Path=/portals/${portal.id}`));
    const cookie = setCookie.split(';')[0]!;

    const inbox = await page(`/portals/${portal.id}/inbox`, { cookie });
    assert.equal(inbox.status, 200);
    const inboxHtml = await inbox.text();
    assert.doesNotMatch(inboxHtml, /<script/i);
    const first = inboxHtml.indexOf('Second &lt;script&gt;');
    const second = inboxHtml.indexOf('>First<');
    assert.ok(first > 0 && second > first, 'newest first');
    assert.ok(!inboxHtml.includes('not for guests'));

    const html = received.find((e) => e.subject?.startsWith('Second'))!;
    const emailPage = await page(`/portals/${portal.id}/emails/${html.id}`, { cookie });
    assert.equal(emailPage.status, 200);
    const emailHtml = await emailPage.text();
    assert.match(emailHtml, new RegExp(`<iframe title="Email content" sandbox src="/portals/${portal.id}/emails/${html.id}/html">`));
    assert.doesNotMatch(emailHtml, /alert\(1\)/);
    const body = await page(`/portals/${portal.id}/emails/${html.id}/html`, { cookie });
    assert.equal(body.status, 200);
    assert.match(body.headers.get('content-security-policy') ?? '', /^sandbox/);
    assert.match(await body.text(), /<p>two<\/p>/);

    assert.equal((await page(`/portals/${portal.id}/emails/${notTheirs.id}`, { cookie })).status, 404, "another inbox's email");
    assert.equal((await page(`/portals/${portal.id}/emails/${notTheirs.id}/html`, { cookie })).status, 404);
    assert.equal((await page(`/portals/${portal.id}/inbox`)).status, 401, 'no cookie');
    const [name, value] = cookie.split('=');
    const tampered = `${name}=${value!.slice(0, -2)}${value!.endsWith('A') ? 'B' : 'A'}`;
    const refused = await page(`/portals/${portal.id}/inbox`, { cookie: tampered });
    assert.equal(refused.status, 401);
    assert.match(await refused.text(), /Log in/);
    assert.equal((await page(`/portals/${other.id}/inbox`, { cookie })).status, 401, "another portal's pages");
    assert.equal((await page(`/portals/${randomUUID()}/login`)).status, 404);

    const out = await page(`/portals/${portal.id}/logout`, { method: 'POST', cookie });
    assert.equal(out.status, 303);
    assert.match(out.headers.get('set-cookie') ?? '', /Max-Age=0/);
  });

  test('delivery sender seats: N inboxes send, the next is refused with a 400 naming the cap, a deleted inbox frees its seat, DELETE lifts the cap', async () => {
    // the client has no SendingConnectionsController: the seats go through raw HTTP, the sends through the client
    const inboxes = new InboxControllerApi(new Configuration({ apiKey: bob.apiKey, basePath: server.url }));
    const [a, b, c, d] = (await Promise.all([1, 2, 3, 4].map(() => inboxes.createInboxWithDefaults()))) as [InboxDto, InboxDto, InboxDto, InboxDto];
    const to = ['seat-test@example.com'];
    await bob.mailslurp.sendEmail(a.id!, { to, subject: 'before the cap', body: 'x' });

    const set = await json(bob, '/sending-connections/sender-seats', 'PUT', { seats: 2 });
    assert.equal(set.status, 200);
    assert.deepEqual(set.body, { seats: 2, used: 0, available: 2, inboxIds: [] });
    await bob.mailslurp.sendEmail(a.id!, { to, subject: 'a', body: 'x' });
    await bob.mailslurp.sendEmail(b.id!, { to, subject: 'b', body: 'x' });
    await bob.mailslurp.sendEmail(a.id!, { to, subject: 'a again', body: 'x' });
    const refused = await refusal(inboxes.sendEmail({ inboxId: c.id!, sendEmailOptions: { to, subject: 'c', body: 'x' } }));
    assert.equal(refused.status, 400);
    assert.match(refused.message, /all 2 seats of the account's delivery sender cap are taken/);
    const capacity = await json(bob, '/sending-connections/sender-seats', 'GET');
    assert.deepEqual(capacity.body, { seats: 2, used: 2, available: 0, inboxIds: [a.id, b.id] });

    await inboxes.deleteInbox({ inboxId: a.id! });
    await bob.mailslurp.sendEmail(c.id!, { to, subject: 'c now', body: 'x' });
    assert.deepEqual((await json(bob, '/sending-connections/sender-seats', 'GET')).body.inboxIds, [b.id, c.id]);
    assert.equal((await refusal(inboxes.sendEmail({ inboxId: d.id!, sendEmailOptions: { to, subject: 'd', body: 'x' } }))).status, 400);

    const removed = await json(bob, '/sending-connections/sender-seats', 'DELETE');
    assert.deepEqual(removed.body, { seats: null, used: 0, available: null, inboxIds: [] });
    await bob.mailslurp.sendEmail(d.id!, { to, subject: 'd free', body: 'x' });
    assert.equal((await json(bob, '/sending-connections/sender-seats', 'PUT', { seats: -1 })).status, 400);
    assert.equal((await json(bob, '/sending-connections/sender-seats', 'PUT', { seats: 1e12 })).status, 400);
  });

  test('a warmup program: draft edits, start sends day 1 for real to the seed inboxes, pause, resume, complete, usage, seats, delete', async () => {
    const sender = await alice.inboxApi.createInboxWithDefaults();
    const seed = await alice.inboxApi.createInboxWithDefaults();
    const created = await json(alice, '/email-warmup/programs', 'POST', {
      name: 'Ramp', senderInboxIds: [sender.id], seedAddresses: [seed.emailAddress], startVolume: 5, dailyIncrease: 2, maxDailyVolume: 10, durationDays: 3,
    });
    assert.equal(created.status, 201);
    const id = created.body.id as string;
    assert.equal(created.body.state, 'DRAFT');
    const edited = await json(alice, `/email-warmup/programs/${id}`, 'PUT', { startVolume: 2, subject: 'Warming up' });
    assert.deepEqual([edited.status, edited.body.startVolume, edited.body.subject, edited.body.dailyIncrease], [200, 2, 'Warming up', 2]);
    assert.equal((await json(alice, `/email-warmup/programs/${id}`, 'PUT', { maxDailyVolume: 1 })).status, 400, 'max below start');
    assert.equal((await json(alice, '/email-warmup/programs', 'POST', { ...created.body, senderInboxIds: [randomUUID()] })).status, 400);

    const started = await json(alice, `/email-warmup/programs/${id}/start`, 'POST');
    assert.deepEqual([started.status, started.body.state, started.body.currentDay, started.body.todayTarget], [200, 'ACTIVE', 1, 2]);
    const arrived = await waitOf(alice).waitForEmailCount({ inboxId: seed.id!, count: 2, timeout: WAIT });
    assert.deepEqual(arrived.map((e) => e.subject), ['Warming up', 'Warming up']);
    await server.server.warmup.runOnce();
    const program = (await json(alice, `/email-warmup/programs/${id}`, 'GET')).body;
    assert.deepEqual([program.sentToday, program.sentTotal, program.failedTotal], [2, 2, 0], 'day 1 is done: no more sends');
    const sent = await alice.mailslurp.sentController.getSentEmails({ inboxId: sender.id! });
    assert.equal(sent.totalElements, 2, 'real, recorded sends');

    assert.equal((await json(alice, `/email-warmup/programs/${id}`, 'PUT', { startVolume: 3 })).status, 409, 'only drafts are editable');
    assert.equal((await json(alice, `/email-warmup/programs/${id}/start`, 'POST')).status, 409);
    assert.equal((await json(alice, `/email-warmup/programs/${id}/pause`, 'POST')).body.state, 'PAUSED');
    assert.equal((await json(alice, `/email-warmup/programs/${id}/pause`, 'POST')).status, 409);
    assert.equal((await json(alice, `/email-warmup/programs/${id}/resume`, 'POST')).body.state, 'ACTIVE');

    const usage = (await json(alice, '/email-warmup/usage', 'GET')).body;
    assert.deepEqual([usage.senderSeats, usage.senderSeatsUsed, usage.senderInboxIds, usage.activePrograms, usage.sentTotal, usage.sentToday],
      [null, 1, [sender.id], 1, 2, 2]);
    assert.deepEqual(usage.perProgram.find((p: { programId: string }) => p.programId === id), { programId: id, name: 'Ramp', state: 'ACTIVE', sent: 2, failed: 0 });
    assert.deepEqual(usage.days, [{ date: new Date().toISOString().slice(0, 10), sent: 2 }]);

    const seats = await json(alice, '/email-warmup/programs/sender-seats', 'PUT', { seats: 1 });
    assert.deepEqual([seats.status, seats.body.senderSeats, seats.body.senderSeatsAvailable], [200, 1, 0]);
    const otherSender = await alice.inboxApi.createInboxWithDefaults();
    const second = (await json(alice, '/email-warmup/programs', 'POST', {
      senderInboxIds: [otherSender.id], seedAddresses: [seed.emailAddress], startVolume: 1, dailyIncrease: 0, maxDailyVolume: 1, durationDays: 1,
    })).body;
    const noSeat = await json(alice, `/email-warmup/programs/${second.id}/start`, 'POST');
    assert.equal(noSeat.status, 409);
    assert.match(noSeat.body.message, /warmup sender seats/);
    const lifted = await json(alice, '/email-warmup/programs/sender-seats', 'DELETE');
    assert.equal(lifted.body.senderSeats, null);
    assert.equal((await json(alice, `/email-warmup/programs/${second.id}/start`, 'POST')).status, 200);

    assert.equal((await json(alice, `/email-warmup/programs/${id}/complete`, 'POST')).body.state, 'COMPLETED');
    assert.equal((await json(alice, `/email-warmup/programs/${id}/resume`, 'POST')).status, 409);
    const list = (await json(alice, '/email-warmup/programs?size=10', 'GET')).body;
    assert.ok(list.content.some((p: { id: string; state: string }) => p.id === id && p.state === 'COMPLETED'));

    assert.equal((await json(alice, `/email-warmup/programs/${id}`, 'DELETE', { confirm: false })).status, 400);
    assert.equal((await json(alice, `/email-warmup/programs/${id}`, 'DELETE')).status, 400, 'the body is required');
    assert.equal((await json(alice, `/email-warmup/programs/${id}`, 'DELETE', { confirm: true })).status, 204);
    assert.equal((await json(alice, `/email-warmup/programs/${id}`, 'GET')).status, 404);
  });
});
