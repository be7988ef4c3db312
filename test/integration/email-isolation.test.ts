import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { InboxDto } from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * Tenant A receives mail (one email with an attachment, one it has read, one it starred).
 * Tenant B aims every EmailController operation at A's emails, attachments and inboxes:
 * single-email routes answer 404 exactly as for an id that does not exist; list, count,
 * latest and bulk routes show and touch only B's own mail, even when B names A's inbox.
 *
 * To add a route: add its operationId to ISOLATION_CASES. The coverage test fails until
 * every EmailController operation of the OpenAPI document has a case.
 */

interface Reply {
  status: number;
  text: string;
  json: any;
}

interface EmailRef {
  id: string;
  attachments: string[];
}

interface Ctx {
  a: Tenant;
  b: Tenant;
  /** A's two inboxes */
  aInboxes: InboxDto[];
  /** A's emails: with an attachment (unread), read by A, starred by A (unread) */
  attached: EmailRef;
  read: EmailRef;
  starred: EmailRef;
  aEmails: EmailRef[];
  /** A's attachment id */
  aAttachment: string;
  /** B's inbox, and B's one email (with an attachment), redelivered before every case */
  bInbox: InboxDto;
  bEmail: EmailRef;
  /** a time before any mail (B's included), and one after all of it */
  beforeAll: string;
  afterAll: string;
  /** delivers B's one email (with an attachment), received an hour before any of A's */
  deliverToB(): Promise<EmailRef>;
  /** B's request; fails if the answer reveals anything of A's that B did not itself send */
  asB(method: string, path: string, body?: unknown): Promise<Reply>;
}

type IsolationCase = (c: Ctx) => Promise<void>;

// Strings only A's mail carries; B's own mail never uses them.
const A_SUBJECT = 'alpha quarterly secret';
const A_SENDER = 'alpha-sender@example.com';
const A_FILENAME = 'alpha-plan.pdf';
const B_SUBJECT = 'bee weekly note';

const enc = encodeURIComponent;
const query = (params: Array<[string, string]>) => (params.length ? `?${new URLSearchParams(params).toString()}` : '');

function expectStatus(reply: Reply, status: number, what: string): void {
  assert.equal(reply.status, status, `${what}: expected ${status}, got ${reply.status} ${reply.text}`);
}

/** The message of a 404 with every id in play replaced, so two 404s can be compared. */
const normalized = (reply: Reply, ids: string[]) => ids.reduce((m, id) => m.replaceAll(id, '<id>'), String(reply.json?.message));

/** B's request about A's `ids` fails exactly like the same request about ids that do not exist. */
async function expectSameNotFound(c: Ctx, method: string, path: (...ids: string[]) => string, aIds: string[], body?: unknown) {
  const unknown = aIds.map(() => randomUUID());
  const baseline = await c.asB(method, path(...unknown), body);
  expectStatus(baseline, 404, `${method} ${path(...unknown.map(() => '<unknown>'))}`);
  const reply = await c.asB(method, path(...aIds), body);
  expectStatus(reply, 404, `${method} ${path(...aIds.map(() => "<A's>"))}`);
  assert.equal(normalized(reply, aIds), normalized(baseline, unknown), "A's id is indistinguishable from a missing one");
}

/** Every single-email route, aimed at each of A's emails. */
const perEmail = (method: string, suffix: string, body?: unknown): IsolationCase => async (c) => {
  for (const email of c.aEmails) await expectSameNotFound(c, method, (id) => `/emails/${id}${suffix}`, [email.id], body);
};

/**
 * An attachment route: A's email with A's attachment, B's own email with A's attachment and
 * A's email with B's attachment all read like unknown ids; B's own pair works.
 */
const perAttachment = (suffix: string): IsolationCase => async (c) => {
  const path = (emailId: string, attachmentId: string) => `/emails/${emailId}/attachments/${attachmentId}${suffix}`;
  await expectSameNotFound(c, 'GET', (e, a) => path(e!, a!), [c.attached.id, c.aAttachment]);
  await expectSameNotFound(c, 'GET', (a) => path(c.bEmail.id, a!), [c.aAttachment]);
  await expectSameNotFound(c, 'GET', (e) => path(e!, c.bEmail.attachments[0]!), [c.attached.id]);
  expectStatus(await c.asB('GET', path(c.bEmail.id, c.bEmail.attachments[0]!)), 200, "B's own attachment");
};

/**
 * B names one of A's inboxes (alone, or beside its own where the route takes several): the
 * answer is a 404 that reads like one for an unknown inbox, or `ownOnly` holds: nothing of A's.
 */
async function notFoundOrOwn(
  c: Ctx,
  path: (inboxIds: string[]) => string,
  ownOnly: (reply: Reply, withOwn: boolean) => void,
  takesSeveral = true,
) {
  for (const withOwn of takesSeveral ? [false, true] : [false]) {
    for (const inbox of c.aInboxes) {
      const own = withOwn ? [c.bInbox.id] : [];
      const reply = await c.asB('GET', path([inbox.id, ...own]));
      if (reply.status === 404) {
        const unknown = randomUUID();
        const baseline = await c.asB('GET', path([unknown, ...own]));
        expectStatus(baseline, 404, 'the same request with an unknown inbox');
        assert.equal(normalized(reply, [inbox.id]), normalized(baseline, [unknown]), "A's inbox reads like a missing one");
      } else {
        expectStatus(reply, 200, `GET ${path([inbox.id, ...own])}`);
        ownOnly(reply, withOwn);
      }
    }
  }
}

/** A page answered to B: exactly B's `expected` emails. */
function expectEmailPage(c: Ctx, reply: Reply, expected: string[], what: string): void {
  expectStatus(reply, 200, what);
  const content = reply.json.content as Array<{ id: string; inboxId: string }>;
  for (const item of content) assert.equal(item.inboxId, c.bInbox.id, `${what} shows B an email of another inbox`);
  assert.deepEqual(content.map((e) => e.id), expected, what);
  assert.equal(reply.json.totalElements, expected.length, `${what}: totalElements`);
}

async function bCounts(c: Ctx): Promise<{ all: number; unread: number }> {
  const all = await c.asB('GET', '/emails/emails/count');
  const unread = await c.asB('GET', '/emails/unreadCount');
  expectStatus(all, 200, 'getEmailCount');
  expectStatus(unread, 200, 'getUnreadEmailCount');
  return { all: all.json.totalElements, unread: unread.json.count };
}

/** A tenant-wide email list answered to B: B's own email only, whatever the filters or inboxes named. */
async function ownEmailsOnly(c: Ctx, path: string): Promise<void> {
  const own = [c.bEmail.id];
  for (const [params, expected] of [
    [[], own],
    [[['unreadOnly', 'true']], own],
    [[['since', c.beforeAll], ['before', c.afterAll], ['size', '100']], own],
    [[['searchFilter', A_SUBJECT]], []],
    [[['searchFilter', A_SENDER]], []],
    [[['searchFilter', c.attached.id]], []],
  ] as Array<[Array<[string, string]>, string[]]>) {
    expectEmailPage(c, await c.asB('GET', `${path}${query(params)}`), expected, `GET ${path}${query(params)}`);
  }
  await notFoundOrOwn(c, (ids) => `${path}${query(ids.map((id) => ['inboxId', id]))}`, (reply, withOwn) =>
    expectEmailPage(c, reply, withOwn ? own : [], `${path} naming A's inbox`));
}

/** A's thread ids, as A sees them (listing threads changes nothing). */
async function threadsOfA(c: Ctx): Promise<string[]> {
  const page = (await (await c.a.fetch('/emails/threads?size=100')).json()) as { content: Array<{ id: string }> };
  assert.equal(page.content.length, 3, "A's three unrelated emails are three threads");
  return page.content.map((t) => t.id);
}

/** The thread of B's one email. */
async function threadOfB(c: Ctx): Promise<string> {
  const reply = await c.asB('GET', '/emails');
  expectStatus(reply, 200, "B's emails");
  return reply.json.content[0].threadId;
}

const ISOLATION_CASES: Record<string, IsolationCase> = {
  getEmail: perEmail('GET', ''),
  deleteEmail: perEmail('DELETE', ''),
  async setEmailFavourited(c) {
    await perEmail('PUT', '/favourite?favourited=true')(c);
    await perEmail('PUT', '/favourite?favourited=false')(c);
  },
  getRawEmailContents: perEmail('GET', '/raw'),
  // IMAP flags (src/modules/imap): \Seen and \Flagged are A's read and favourite flags, untouched by B.
  async applyImapFlagOperation(c) {
    await perEmail('POST', '/imap-flag-operation', { flagOperation: 'ADD_FLAGS', flags: ['\\Seen', '\\Flagged', '\\Deleted'] })(c);
    await perEmail('POST', '/imap-flag-operation', { flagOperation: 'SET_FLAGS', flags: [] })(c);
  },
  getRawEmailJson: perEmail('GET', '/raw/json'),
  async markAsRead(c) {
    await perEmail('PATCH', '/read')(c);
    await perEmail('PATCH', '/read?read=true')(c);
    await perEmail('PATCH', '/read?read=false')(c);
  },
  getEmailAttachments: perEmail('GET', '/attachments'),
  getAttachmentMetaData: perAttachment('/metadata'),
  downloadAttachment: perAttachment(''),
  downloadAttachmentBase64: perAttachment('/base64'),
  // Content views (src/modules/email/content.service.ts): none of them reads another tenant's mail.
  getEmailHTML: perEmail('GET', '/html?replaceCidImages=true'),
  getEmailHTMLJson: perEmail('GET', '/html/json'),
  getEmailHTMLQuery: perEmail('GET', '/htmlQuery?htmlSelector=p'),
  getEmailTextLines: perEmail('GET', '/textLines'),
  getEmailLinks: perEmail('GET', '/links'),
  getEmailCodes: perEmail('POST', '/codes', {}),
  getEmailContentMatch: perEmail('POST', '/contentMatch', { pattern: 'alpha (\\w+)' }),
  getEmailContentPart: perEmail('GET', '/contentPart?contentType=text%2Fplain'),
  getEmailContentPartContent: perEmail('GET', '/contentPart/raw?contentType=text%2Fplain'),
  getEmailPreviewURLs: perEmail('GET', '/urls'),
  getEmailSummary: perEmail('GET', '/summary'),
  // EmailController's sending side (src/modules/sending): no reply from another tenant's email.
  replyToEmail: perEmail('PUT', '', { body: 'taking over this thread', isHTML: false }),
  // Forwarding, validation, canSend and sendEmailSourceOptional (src/modules/sending/operations, email/operations/validateEmail.ts).
  forwardEmail: perEmail('POST', '/forward', { to: ['taker@example.com'] }),
  validateEmail: perEmail('POST', '/validate'),
  async canSend(c) {
    const options = { to: ['taker@example.com'], body: 'x' };
    for (const inbox of c.aInboxes) await expectSameNotFound(c, 'POST', (id) => `/emails/can-send?inboxId=${id}`, [inbox.id], options);
    const own = await c.asB('POST', `/emails/can-send?inboxId=${c.bInbox.id}`, options);
    expectStatus(own, 200, "canSend from B's own inbox");
    assert.equal(own.json.isSendingPermitted, true);
  },
  async sendEmailSourceOptional(c) {
    const options = { to: ['taker@example.com'], subject: 'from B', body: 'x' };
    for (const inbox of c.aInboxes) await expectSameNotFound(c, 'POST', (id) => `/emails?inboxId=${id}`, [inbox.id], options);
    expectStatus(await c.asB('POST', `/emails?inboxId=${c.bInbox.id}`, options), 204, "sendEmailSourceOptional from B's own inbox");
  },

  // Lists, search, body downloads and threads (src/modules/email/operations/listing-index.ts).
  async getEmailsOffsetPaginated(c) {
    await ownEmailsOnly(c, '/emails/offset-paginated');
    const include = (ids: string[]) => `/emails/offset-paginated${query(ids.map((id) => ['include', id]))}`;
    expectEmailPage(c, await c.asB('GET', include(c.aEmails.map((e) => e.id))), [], "include of A's emails");
    expectEmailPage(c, await c.asB('GET', include([c.attached.id, c.bEmail.id])), [c.bEmail.id], "include of A's and B's");
  },
  getOrganizationEmailsPaginated: (c) => ownEmailsOnly(c, '/emails/organization'),
  async searchEmails(c) {
    const own = [c.bEmail.id];
    for (const [body, expected] of [
      [{}, own],
      [{ searchFilter: A_SUBJECT }, []],
      [{ searchFilter: A_SENDER }, []],
      [{ searchFilter: c.attached.id }, []],
      [{ since: c.beforeAll, before: c.afterAll, pageSize: 100 }, own],
      [{ inboxIds: [c.aInboxes[0]!.id] }, []],
      [{ inboxIds: c.aInboxes.map((i) => i.id).concat(c.bInbox.id) }, own],
    ] as Array<[object, string[]]>) {
      const reply = await c.asB('POST', '/emails/search', body);
      if (reply.status === 404) continue; // naming A's inbox may read like naming an unknown one
      expectEmailPage(c, reply, expected, `searchEmails ${JSON.stringify(body)}`);
    }
  },
  downloadBody: perEmail('GET', '/body'),
  downloadBodyBytes: perEmail('GET', '/body-bytes'),
  async getEmailThreads(c) {
    // B may have threads of its own beyond its one email (mail other cases sent), never A's.
    const own = await threadOfB(c);
    const aThreads = await threadsOfA(c);
    for (const params of [[], [['searchFilter', A_SUBJECT]], [['searchFilter', aThreads[0]!]], [['since', c.beforeAll], ['size', '100']]] as Array<Array<[string, string]>>) {
      const what = `getEmailThreads${query(params)}`;
      const reply = await c.asB('GET', `/emails/threads${query(params)}`);
      expectStatus(reply, 200, what);
      const listed: string[] = reply.json.content.map((t: { id: string; userId: string }) => t.id);
      for (const t of reply.json.content) assert.equal(t.userId, c.b.userId, `${what} shows B a thread of another user`);
      assert.deepEqual(listed.filter((id) => aThreads.includes(id)), [], `${what} shows B A's threads`);
      assert.equal(listed.includes(own), params[0]?.[0] !== 'searchFilter', `${what}: B's own thread`);
      assert.equal(reply.json.totalElements, listed.length);
    }
    for (const inbox of c.aInboxes) await expectSameNotFound(c, 'GET', (id) => `/emails/threads?inboxId=${id}`, [inbox.id]);
  },
  async getEmailThread(c) {
    for (const id of await threadsOfA(c)) await expectSameNotFound(c, 'GET', (t) => `/emails/threads/${t}`, [id]);
    expectStatus(await c.asB('GET', `/emails/threads/${await threadOfB(c)}`), 200, "B's own thread");
  },
  async getEmailThreadItems(c) {
    for (const id of await threadsOfA(c)) await expectSameNotFound(c, 'GET', (t) => `/emails/threads/${t}/items`, [id]);
    const own = await c.asB('GET', `/emails/threads/${await threadOfB(c)}/items`);
    expectStatus(own, 200, "B's own thread items");
    assert.deepEqual(own.json.items.map((i: { entityId: string }) => i.entityId), [c.bEmail.id]);
  },

  async getEmailsPaginated(c) {
    const own = [c.bEmail.id];
    for (const [params, expected] of [
      [[], own],
      [[['unreadOnly', 'true']], own],
      [[['favourited', 'true']], []],
      [[['since', c.beforeAll], ['before', c.afterAll], ['size', '100']], own],
      [[['searchFilter', A_SUBJECT]], []],
      [[['searchFilter', 'alpha']], []],
      [[['searchFilter', A_SENDER]], []],
      [[['searchFilter', c.aInboxes[0]!.emailAddress]], []],
      [[['searchFilter', c.attached.id]], []],
      [[['searchFilter', 'bee']], own],
    ] as Array<[Array<[string, string]>, string[]]>) {
      expectEmailPage(c, await c.asB('GET', `/emails${query(params)}`), expected, `GET /emails${query(params)}`);
    }
    await notFoundOrOwn(c, (ids) => `/emails${query(ids.map((id) => ['inboxId', id]))}`, (reply, withOwn) =>
      expectEmailPage(c, reply, withOwn ? own : [], "getEmailsPaginated naming A's inbox"));
  },

  async getEmailCount(c) {
    assert.equal((await bCounts(c)).all, 1, "B counts its own email only");
    await notFoundOrOwn(c, (ids) => `/emails/emails/count?inboxId=${ids[0]}`, (reply) =>
      assert.deepEqual(reply.json, { totalElements: 0 }, "getEmailCount of A's inbox"), false);
  },

  async getUnreadEmailCount(c) {
    assert.equal((await bCounts(c)).unread, 1, "B counts its own unread email only");
    await notFoundOrOwn(c, (ids) => `/emails/unreadCount?inboxId=${ids[0]}`, (reply) =>
      assert.deepEqual(reply.json, { count: 0 }, "getUnreadEmailCount of A's inbox"), false);
  },

  async getLatestEmail(c) {
    const latest = await c.asB('GET', '/emails/latest');
    expectStatus(latest, 200, 'getLatestEmail');
    assert.equal(latest.json.id, c.bEmail.id, "B's latest is B's own, though A's mail is newer");
    await notFoundOrOwn(c, (ids) => `/emails/latest${query(ids.map((id) => ['inboxIds', id]))}`, (reply, withOwn) => {
      assert.ok(withOwn, "naming only A's inbox must not answer an email");
      assert.equal(reply.json.id, c.bEmail.id);
    });
  },

  async getLatestEmailInInbox1(c) {
    for (const inbox of c.aInboxes) await expectSameNotFound(c, 'GET', (id) => `/emails/latestIn?inboxId=${id}`, [inbox.id]);
    const own = await c.asB('GET', `/emails/latestIn?inboxId=${c.bInbox.id}`);
    expectStatus(own, 200, "getLatestEmailInInbox1 of B's inbox");
    assert.equal(own.json.id, c.bEmail.id);
  },

  async markAllAsRead(c) {
    for (const inbox of c.aInboxes) {
      for (const read of ['true', 'false']) {
        const reply = await c.asB('PATCH', `/emails/read?read=${read}&inboxId=${inbox.id}`);
        if (reply.status !== 204) await expectSameNotFound(c, 'PATCH', (id) => `/emails/read?read=${read}&inboxId=${id}`, [inbox.id]);
      }
    }
    expectStatus(await c.asB('PATCH', '/emails/read'), 204, 'markAllAsRead');
    assert.equal((await bCounts(c)).unread, 0, "B's own email is marked read: the route did run for B");
    expectStatus(await c.asB('PATCH', '/emails/read?read=false'), 204, 'markAllAsRead read=false');
    assert.equal((await bCounts(c)).unread, 1);
  },

  async deleteAllEmails(c) {
    const window = `?createdAtSince=${enc(c.beforeAll)}&createdAtBefore=${enc(c.afterAll)}`;
    expectStatus(await c.asB('DELETE', `/emails${window}`), 204, 'deleteAllEmails in a window around all of A\'s mail');
    assert.equal((await bCounts(c)).all, 0, "B's own email in the window is deleted");
    c.bEmail = await c.deliverToB();
    expectStatus(await c.asB('DELETE', '/emails'), 204, 'deleteAllEmails');
    assert.equal((await bCounts(c)).all, 0);
  },
};

/** Body checks (body-check.service.ts, client-support.ts) and inline parts (getEmailInlinePart): A's email is a missing one. */
const BODY_CHECK_CASES: Record<string, IsolationCase> = {
  checkEmailBody: perEmail('POST', '/check-email-body'),
  checkEmailBodyFeatureSupport: perEmail('POST', '/check-email-body-feature-support'),
  // No stored mail is read: B's check is of the HTML B gives, and says nothing of A's.
  async checkEmailClientSupport(c) {
    const reply = await c.asB('POST', '/emails/check-email-client-support', { emailBody: '<p>b</p>' });
    expectStatus(reply, 200, 'checkEmailClientSupport');
    assert.deepEqual(reply.json.result.detectedFeatures, ['html-p']);
  },
  getEmailInlinePart: perEmail('GET', '/inline/logo%40example.com'),
};
Object.assign(ISOLATION_CASES, BODY_CHECK_CASES);

/**
 * The quality lab's routes on one email (modules/render, modules/email-audit): A's email is a
 * missing one, so nothing of it is rendered, audited or stored for B. Their own isolation
 * files (tenant-isolation-render, tenant-isolation-email-audit) check the rest.
 */
const QUALITY_LAB_CASES: Record<string, IsolationCase> = {
  getEmailScreenshotAsBase64: perEmail('POST', '/screenshot/base64', { width: 320, height: 240 }),
  getEmailScreenshotAsBinary: perEmail('POST', '/screenshot/binary', { width: 320, height: 240 }),
  getEmailSignature: perEmail('GET', '/signature'),
  checkEmailAudit1: perEmail('POST', '/check-email-audit'),
  createEmailAuditForEmail: perEmail('POST', '/audit'),
  // No stored mail is read: the URL is computed from the address B gives.
  async getGravatarUrlForEmailAddress(c) {
    const reply = await c.asB('GET', '/emails/gravatarFor?emailAddress=b%40example.com');
    expectStatus(reply, 200, 'getGravatarUrlForEmailAddress');
    assert.match(reply.json.url, /^https:\/\/gravatar\.com\/avatar\/[0-9a-f]{64}$/);
  },
};
Object.assign(ISOLATION_CASES, QUALITY_LAB_CASES);

describeEachDialect('tenant isolation of the email routes', (dialect) => {
  let server: TestServer;
  let transport: Transporter;
  let a: Tenant;
  let b: Tenant;
  let ctx: Ctx;
  let snapshotOfA: unknown;
  // A's mail arrives at A_TIME; B's an hour earlier, so "the newest email" unscoped would be A's.
  const A_TIME = new Date('2026-06-01T12:00:00.000Z');
  const B_TIME = new Date('2026-06-01T11:00:00.000Z');
  const clock = new ManualClock(A_TIME);

  const jsonOf = async (response: Response): Promise<Reply> => {
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json };
  };

  /** Sends one message a second (of the manual clock) after the last, so "newest" is unambiguous. */
  async function send(tenant: Tenant, inbox: InboxDto, mail: SendMailOptions): Promise<EmailRef> {
    clock.advance(1000);
    const info = await transport.sendMail({ envelope: { from: String(mail.from), to: [inbox.emailAddress] }, to: inbox.emailAddress, ...mail });
    assert.match(String(info.response), /^250 /);
    const list = (await jsonOf(await tenant.fetch(`/inboxes/${inbox.id}/emails?sort=DESC&limit=1`))).json as EmailRef[];
    return { id: list[0]!.id, attachments: list[0]!.attachments };
  }

  /** Everything A can see of its mail without changing it (no route here marks read). */
  async function viewOfA() {
    const get = async (path: string) => {
      const reply = await jsonOf(await a.fetch(path));
      expectStatus(reply, 200, `A: GET ${path}`);
      return reply.json;
    };
    return {
      page: (await get('/emails?size=100')).content,
      count: await get('/emails/emails/count'),
      unread: await get('/emails/unreadCount'),
      favourites: (await get('/emails?favourited=true')).content.map((e: { id: string }) => e.id),
      inboxes: await Promise.all(ctx.aInboxes.map((i) => get(`/inboxes/${i.id}/emails`))),
      attachments: await get(`/emails/${ctx.attached.id}/attachments`),
      raw: await Promise.all(ctx.aEmails.map((e) => get(`/emails/${e.id}/raw/json`))),
    };
  }

  before(async () => {
    server = await startTestServer(dialect, { clock });
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true, pool: true, maxMessages: Infinity });
    a = await server.createTenant();
    b = await server.createTenant();

    const aInboxes = [await a.mailslurp.createInbox(), await a.mailslurp.createInbox()];
    const bInbox = await b.mailslurp.createInbox();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4 alpha '), randomBytes(512)]);
    const attached = await send(a, aInboxes[0]!, {
      from: A_SENDER, subject: A_SUBJECT, text: 'alpha figures attached', messageId: '<alpha-msg-1@example.com>',
      attachments: [{ filename: A_FILENAME, content: pdf, contentType: 'application/pdf' }],
    });
    const read = await send(a, aInboxes[0]!, { from: A_SENDER, subject: `${A_SUBJECT} (read)`, text: 'alpha, read' });
    const starred = await send(a, aInboxes[1]!, { from: A_SENDER, subject: `${A_SUBJECT} (starred)`, text: 'alpha, starred' });
    assert.equal(new Set([attached.id, read.id, starred.id]).size, 3);
    expectStatus(await jsonOf(await a.fetch(`/emails/${read.id}`)), 200, 'A reads one email');
    expectStatus(await jsonOf(await a.fetch(`/emails/${starred.id}/favourite?favourited=true`, { method: 'PUT' })), 204, 'A stars one');
    assert.equal(attached.attachments.length, 1);

    // Everything that is A's and that B must never be told.
    const secrets = [
      a.userId, a.email, A_SUBJECT, A_SENDER, A_FILENAME, 'alpha-msg-1', pdf.toString('base64').slice(0, 40),
      ...aInboxes.flatMap((i) => [i.id, i.emailAddress, i.emailAddress.split('@')[0]!]),
      ...[attached, read, starred].flatMap((e) => [e.id, ...e.attachments]),
    ];
    ctx = {
      a,
      b,
      aInboxes,
      attached,
      read,
      starred,
      aEmails: [attached, read, starred],
      aAttachment: attached.attachments[0]!,
      bInbox,
      bEmail: undefined as unknown as EmailRef,
      beforeAll: new Date(B_TIME.getTime() - 60_000).toISOString(),
      afterAll: new Date(A_TIME.getTime() + 24 * 3_600_000).toISOString(),
      async deliverToB() {
        clock.set(B_TIME);
        return send(b, bInbox, {
          from: 'bee-sender@example.com', subject: B_SUBJECT, text: 'bee body',
          attachments: [{ filename: 'bee.txt', content: `bee ${randomUUID()}` }],
        });
      },
      async asB(method, path, body) {
        const init: RequestInit = { method };
        if (body !== undefined) {
          init.headers = { 'content-type': 'application/json' };
          init.body = JSON.stringify(body);
        }
        const reply = await jsonOf(await b.fetch(path, init));
        const sent = `${decodeURIComponent(path)} ${init.body ?? ''}`.toLowerCase();
        for (const secret of secrets) {
          if (sent.includes(secret.toLowerCase())) continue;
          assert.ok(
            !reply.text.toLowerCase().includes(secret.toLowerCase()),
            `${method} ${path} reveals A's ${JSON.stringify(secret)} to B: ${reply.text}`,
          );
        }
        return reply;
      },
    };
    snapshotOfA = await viewOfA();
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  test('every EmailController operation in the OpenAPI document has an isolation case', async () => {
    const doc = (await (await server.fetch('/v3/api-docs', { key: null })).json()) as {
      paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
    };
    const served = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => op.tags?.includes('EmailController'))
      .map((op) => op.operationId ?? '(no operationId)');
    assert.equal(new Set(served).size, served.length, 'no operationId is documented twice');
    const cases = Object.keys(ISOLATION_CASES);
    assert.deepEqual(served.filter((id) => !cases.includes(id)).sort(), [], 'routes without an isolation case');
    assert.deepEqual(cases.filter((id) => !served.includes(id)).sort(), [], 'cases for routes that no longer exist');
  });

  for (const [operationId, run] of Object.entries(ISOLATION_CASES)) {
    test(`${operationId}: B cannot see or change A's mail`, async () => {
      await server.server.store.repos.emails.deleteWhere(b.userId, {});
      ctx.bEmail = await ctx.deliverToB();
      await run(ctx);
      assert.deepEqual(await viewOfA(), snapshotOfA, `after B's ${operationId}, A's mail is unchanged`);
    });
  }

  test("after all of B's calls A's mail is as it was: count, read state, favourite, attachment", async () => {
    const view = (await viewOfA()) as { page: Array<{ id: string; read: boolean; favourite: boolean }>; count: unknown; unread: unknown };
    assert.deepEqual(view, snapshotOfA);
    assert.deepEqual(view.count, { totalElements: 3 });
    assert.deepEqual(view.unread, { count: 2 });
    const state = Object.fromEntries(view.page.map((e) => [e.id, { read: e.read, favourite: e.favourite }]));
    assert.deepEqual(state, {
      [ctx.attached.id]: { read: false, favourite: false },
      [ctx.read.id]: { read: true, favourite: false },
      [ctx.starred.id]: { read: false, favourite: true },
    });
    const download = await a.fetch(`/emails/${ctx.attached.id}/attachments/${ctx.aAttachment}`);
    assert.equal(download.status, 200);
    assert.match(Buffer.from(await download.arrayBuffer()).toString('latin1'), /^%PDF-1\.4 alpha /);
    const email = await a.mailslurp.getEmail(ctx.attached.id);
    assert.equal(email.subject, A_SUBJECT);
    assert.deepEqual(email.attachments, [ctx.aAttachment]);
  });
});
