import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { inboxOperations } from '../../src/modules/inbox/operations/index.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * Tenant B aims every InboxController, CommonActionsController, BulkActionsController,
 * ContactController and GroupController operation at tenant A's data (A's ids, addresses, names, tags, descriptions). B must learn
 * nothing of A's inboxes and change none of them.
 *
 * To add a route: add its operationId to ISOLATION_CASES. The coverage test fails until
 * every operation of those controllers in the OpenAPI document has a case.
 */

/** The controllers this suite covers, by OpenAPI tag. */
const CONTROLLERS = ['InboxController', 'CommonActionsController', 'BulkActionsController', 'TemplateController', 'ContactController', 'GroupController'];
CONTROLLERS.push('ConsentController');

interface InboxJson {
  id: string;
  userId: string;
  emailAddress: string;
  name: string | null;
  description: string | null;
  tags: string[];
  favourite: boolean;
  expiresAt: string | null;
  createdAt: string;
}

interface Reply {
  status: number;
  text: string;
  json: any;
}

interface Ctx {
  a: Tenant;
  b: Tenant;
  /** A's inboxes as A sees them */
  aInboxes: InboxJson[];
  aIds: Set<string>;
  /** A's inbox with every field set: name, description, tags, favourite, expiry */
  target: InboxJson;
  /** A's inbox sharing name, description and tag with B's own inbox */
  twin: InboxJson;
  /** B's one inbox at the start of each case (recreated before every case) */
  bOwn: InboxJson;
  /** a time after every expiry in play */
  afterAllExpiries: string;
  /** a time before any of A's inboxes was created */
  beforeA: string;
  /** A's contact (in A's group) and A's group */
  aContact: { id: string };
  aGroup: { id: string };
  /** B's request; fails if the answer reveals anything of A's that B did not itself send */
  asB(method: string, path: string, body?: unknown): Promise<Reply>;
  /** ids of B's inboxes, as B sees them */
  bIds(): Promise<string[]>;
  /** A's template (TemplateController cases), as A saw it when it was made */
  aTemplate: { id: string; name: string; content: string };
  /** A's template as A sees it now */
  aTemplateNow(): Promise<unknown>;
  /** A's scheduled send, due in a day (src/modules/scheduled) */
  aScheduledJob: { id: string };
  /** A's scheduled send as A sees it now */
  aScheduledJobNow(): Promise<{ status: string }>;
  /** A's plus address of its target inbox, made by a mail to it (src/modules/plus-address) */
  aPlusAddress: { id: string; fullAddress: string };
  /** A's plus addresses and the emails of A's plus address, as A sees them now */
  aPlusAddressesNow(): Promise<unknown>;
  /** the address A asked for consent (pending), and A's consent records as A sees them now */
  aConsentAddress: string;
  aConsentNow(): Promise<unknown>;
}

type IsolationCase = (c: Ctx) => Promise<void>;

// What only A has; B's own inbox reuses COMMON_* so lookups by those values must find B's, not A's.
const A_NAME = 'alpha-one';
const A_DESCRIPTION = 'alpha description';
const A_TAG = 'alpha';
const COMMON_NAME = 'common-name';
const COMMON_DESCRIPTION = 'common description';
const COMMON_TAG = 'common';
// A's contact and group (src/modules/contacts).
const A_CONTACT_NAME = 'alpha-contact';
const A_CONTACT_ADDRESS = 'alpha-contact@example.com';
const A_GROUP_NAME = 'alpha-group';

const enc = encodeURIComponent;

function expectStatus(reply: Reply, status: number, what: string): void {
  assert.equal(reply.status, status, `${what}: expected ${status}, got ${reply.status} ${reply.text}`);
}

/**
 * The 404 for A's inbox must read exactly like the 404 for an inbox that does not exist.
 * `body` is the request body, or a function of the inbox id for routes that take it there.
 */
async function expectNotFound(c: Ctx, method: string, pathFor: (id: string) => string, body?: unknown): Promise<void> {
  const bodyFor = (id: string) => (typeof body === 'function' ? (body as (id: string) => unknown)(id) : body);
  const unknown = randomUUID();
  const baseline = await c.asB(method, pathFor(unknown), bodyFor(unknown));
  expectStatus(baseline, 404, `${method} ${pathFor('<unknown>')}`);
  for (const inbox of c.aInboxes) {
    const reply = await c.asB(method, pathFor(inbox.id), bodyFor(inbox.id));
    expectStatus(reply, 404, `${method} ${pathFor("<A's inbox>")}`);
    assert.equal(
      String(reply.json.message).replaceAll(inbox.id, '<id>'),
      String(baseline.json.message).replaceAll(unknown, '<id>'),
      "A's inbox is indistinguishable from a missing one",
    );
  }
}

/**
 * A's contact or group id (`aId`) in the request reads exactly like an id that does not exist.
 * `pathFor` and `bodyFor` put the id where the route takes it.
 */
async function expectIdNotFound(
  c: Ctx, aId: string, method: string, pathFor: (id: string) => string, bodyFor: (id: string) => unknown = () => undefined,
): Promise<void> {
  const unknown = randomUUID();
  const baseline = await c.asB(method, pathFor(unknown), bodyFor(unknown));
  expectStatus(baseline, 404, `${method} ${pathFor('<unknown>')}`);
  const reply = await c.asB(method, pathFor(aId), bodyFor(aId));
  expectStatus(reply, 404, `${method} ${pathFor("<A's id>")}`);
  assert.equal(
    String(reply.json.message).replaceAll(aId, '<id>'),
    String(baseline.json.message).replaceAll(unknown, '<id>'),
    "A's id is indistinguishable from a missing one",
  );
}

/** B's own contact group, made for one case and removed by it. */
async function withOwnGroup(c: Ctx, run: (groupId: string) => Promise<void>): Promise<void> {
  const group = await c.asB('POST', '/groups', { name: 'b-group' });
  expectStatus(group, 201, "creating B's group");
  try {
    await run(group.json.id);
  } finally {
    expectStatus(await c.asB('DELETE', `/groups/${group.json.id}`), 204, "deleting B's group");
  }
}

/** Searches that single out A's contact: B sees none of them. */
const contactSearches = (c: Ctx) => [c.aContact.id, A_CONTACT_NAME, A_CONTACT_ADDRESS, ''];

/** A page answered to B: exactly B's `expected` inboxes, none of A's, totals to match. */
function expectPage(c: Ctx, reply: Reply, expected: string[], what: string): void {
  expectStatus(reply, 200, what);
  const content = reply.json.content as Array<{ id: string; userId: string }>;
  for (const item of content) {
    assert.ok(!c.aIds.has(item.id), `${what} shows B one of A's inboxes`);
    assert.equal(item.userId, c.b.userId, `${what} shows B an inbox of another user`);
  }
  assert.deepEqual(content.map((i) => i.id).sort(), [...expected].sort(), what);
  assert.equal(reply.json.totalElements, expected.length, `${what}: totalElements`);
}

/** Filters that single out A's inboxes (expect nothing) or the values B shares with A (expect B's own). */
const pageFilters = (c: Ctx): Array<{ filter: Record<string, string>; expected: string[] }> => [
  { filter: {}, expected: [c.bOwn.id] },
  { filter: { search: c.target.id }, expected: [] },
  { filter: { search: c.target.emailAddress }, expected: [] },
  { filter: { search: A_NAME }, expected: [] },
  { filter: { search: A_TAG }, expected: [] },
  { filter: { search: COMMON_NAME }, expected: [c.bOwn.id] },
  { filter: { tag: A_TAG }, expected: [] },
  { filter: { tag: COMMON_TAG }, expected: [c.bOwn.id] },
  { filter: { favourite: 'true' }, expected: [] },
  { filter: { since: c.beforeA }, expected: [c.bOwn.id] },
];

const query = (params: Record<string, string>) => {
  const qs = new URLSearchParams(params).toString();
  return qs ? `?${qs}` : '';
};

const pagedRoute = (path: string, renameSearch?: string): IsolationCase => async (c) => {
  for (const { filter, expected } of pageFilters(c)) {
    if (renameSearch && (filter.tag !== undefined || filter.favourite !== undefined)) continue;
    const params = { ...filter };
    if (renameSearch && params.search !== undefined) {
      params[renameSearch] = params.search;
      delete params.search;
    }
    expectPage(c, await c.asB('GET', `${path}${query(params)}`), expected, `GET ${path}${query(params)}`);
  }
};

/** A bulk delete by B removes B's own matching inbox and none of A's. */
const bulkDelete = (path: string, param: string, values: (c: Ctx) => string[]): IsolationCase => async (c) => {
  for (const value of values(c)) {
    expectStatus(await c.asB('DELETE', `${path}?${param}=${enc(value)}`), 204, `DELETE ${path}?${param}=${value}`);
  }
  assert.deepEqual(await c.bIds(), [], "B's own matching inbox is deleted: the route did run for B");
};

/** createRandomInbox / createNewEmailAddress: A's address is taken for B too; A's name is B's to use. */
const createShortForm = (path: string): IsolationCase => async (c) => {
  const taken = await c.asB('POST', `${path}?emailAddress=${enc(c.target.emailAddress)}`);
  expectStatus(taken, 409, `POST ${path} with A's address`);
  const own = await c.asB('POST', `${path}?name=${enc(A_NAME)}&tags=${enc(A_TAG)}&description=${enc(A_DESCRIPTION)}`);
  expectStatus(own, 201, `POST ${path} with A's name`);
  assert.equal(own.json.userId, c.b.userId);
  assert.ok(!c.aIds.has(own.json.id));
};

const ISOLATION_CASES: Record<string, IsolationCase> = {
  // ContactController and GroupController (src/modules/contacts): A's contact and group ids are 404 to B.
  async createContact(c) {
    await expectIdNotFound(c, c.aGroup.id, 'POST', () => '/contacts', (id) => ({ emailAddresses: ['x@example.com'], groupId: id }));
    const list = await c.asB('GET', '/contacts');
    assert.deepEqual(list.json, [], 'nothing was created for B');
  },
  getContact: (c) => expectIdNotFound(c, c.aContact.id, 'GET', (id) => `/contacts/${id}`),
  deleteContact: (c) => expectIdNotFound(c, c.aContact.id, 'DELETE', (id) => `/contacts/${id}`),
  getContactVCard: (c) => expectIdNotFound(c, c.aContact.id, 'GET', (id) => `/contacts/${id}/download`),
  async getContacts(c) {
    const reply = await c.asB('GET', '/contacts');
    expectStatus(reply, 200, 'GET /contacts');
    assert.deepEqual(reply.json, []);
  },
  async getAllContacts(c) {
    for (const search of contactSearches(c)) {
      const reply = await c.asB('GET', `/contacts/paginated${query(search ? { search } : {})}`);
      expectStatus(reply, 200, 'GET /contacts/paginated');
      assert.equal(reply.json.totalElements, 0, `search ${search}`);
    }
  },
  async createGroup(c) {
    await withOwnGroup(c, async (groupId) => {
      const groups = await c.asB('GET', '/groups');
      assert.deepEqual(groups.json.map((g: { id: string }) => g.id), [groupId], 'B sees only its own group');
    });
  },
  getGroup: (c) => expectIdNotFound(c, c.aGroup.id, 'GET', (id) => `/groups/${id}`),
  deleteGroup: (c) => expectIdNotFound(c, c.aGroup.id, 'DELETE', (id) => `/groups/${id}`),
  getGroupWithContacts: (c) => expectIdNotFound(c, c.aGroup.id, 'GET', (id) => `/groups/${id}/contacts`),
  getGroupWithContactsPaginated: (c) => expectIdNotFound(c, c.aGroup.id, 'GET', (id) => `/groups/${id}/contacts-paginated`),
  async getGroups(c) {
    const reply = await c.asB('GET', '/groups');
    expectStatus(reply, 200, 'GET /groups');
    assert.deepEqual(reply.json, []);
  },
  async getAllGroups(c) {
    const reply = await c.asB('GET', `/groups/paginated${query({ since: c.beforeA })}`);
    expectStatus(reply, 200, 'GET /groups/paginated');
    assert.equal(reply.json.totalElements, 0);
  },
  async addContactsToGroup(c) {
    await expectIdNotFound(c, c.aGroup.id, 'PUT', (id) => `/groups/${id}/contacts`, () => ({ contactIds: [] }));
    await withOwnGroup(c, async (groupId) => {
      await expectIdNotFound(c, c.aContact.id, 'PUT', () => `/groups/${groupId}/contacts`, (id) => ({ contactIds: [id] }));
      const members = await c.asB('GET', `/groups/${groupId}/contacts`);
      assert.deepEqual(members.json.contacts, [], "A's contact did not join B's group");
    });
  },
  async removeContactsFromGroup(c) {
    await expectIdNotFound(c, c.aGroup.id, 'DELETE', (id) => `/groups/${id}/contacts`, () => ({ contactIds: [] }));
    await expectIdNotFound(c, c.aGroup.id, 'DELETE', (id) => `/groups/${id}/contacts`, () => ({ contactIds: [c.aContact.id] }));
    await withOwnGroup(c, (groupId) =>
      expectIdNotFound(c, c.aContact.id, 'DELETE', () => `/groups/${groupId}/contacts`, (id) => ({ contactIds: [id] })));
  },
  async createInbox(c) {
    const taken = await c.asB('POST', `/inboxes?emailAddress=${enc(c.target.emailAddress)}`);
    expectStatus(taken, 409, "createInbox with A's address");
    const own = await c.asB('POST', `/inboxes?name=${enc(A_NAME)}&tags=${enc(A_TAG)}&description=${enc(A_DESCRIPTION)}`);
    expectStatus(own, 201, "createInbox with A's name");
    assert.equal(own.json.userId, c.b.userId);
    assert.ok(!c.aIds.has(own.json.id));
  },

  async createInboxWithDefaults(c) {
    const own = await c.asB('POST', '/inboxes/withDefaults');
    expectStatus(own, 201, 'createInboxWithDefaults');
    assert.equal(own.json.userId, c.b.userId);
    assert.ok(!c.aIds.has(own.json.id));
  },

  async createInboxWithOptions(c) {
    for (const emailAddress of [c.target.emailAddress, c.target.emailAddress.toUpperCase()]) {
      const taken = await c.asB('POST', '/inboxes/withOptions', { emailAddress, name: 'mine now' });
      expectStatus(taken, 409, "createInboxWithOptions with A's address");
    }
    const own = await c.asB('POST', '/inboxes/withOptions', {
      name: A_NAME, description: A_DESCRIPTION, tags: [A_TAG], favourite: true,
    });
    expectStatus(own, 201, "createInboxWithOptions with A's name");
    assert.equal(own.json.userId, c.b.userId);
  },

  getInbox: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/${id}`),

  updateInbox: (c) =>
    expectNotFound(c, 'PATCH', (id) => `/inboxes/${id}`, {
      name: 'taken over', description: null, tags: ['taken'], favourite: false, expiresAt: null,
    }),

  deleteInbox: (c) => expectNotFound(c, 'DELETE', (id) => `/inboxes/${id}`),

  // The email side of InboxController: another tenant's inbox is 404 before any email is looked at.
  getEmails: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/${id}/emails`),
  getInboxEmailsPaginated: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/${id}/emails/paginated`),
  getInboxEmailCount: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/${id}/emails/count`),
  getLatestEmailInInbox: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/getLatestEmail?inboxId=${id}&timeoutMillis=0`),
  deleteAllInboxEmails: (c) => expectNotFound(c, 'DELETE', (id) => `/inboxes/${id}/deleteAllInboxEmails`),

  // Sending from another tenant's inbox is 404: the inbox lookup comes before anything is composed.
  sendEmail: (c) => expectNotFound(c, 'POST', (id) => `/inboxes/${id}`, { to: ['x@example.com'], body: 'x' }),
  sendEmailAndConfirm: (c) => expectNotFound(c, 'POST', (id) => `/inboxes/${id}/confirm`, { to: ['x@example.com'], body: 'x' }),
  // Queued sends (src/modules/sending/queue.service.ts): 404 before anything is queued, validated first or not.
  sendEmailWithQueue: async (c) => {
    for (const validate of [false, true]) {
      await expectNotFound(c, 'POST', (id) => `/inboxes/${id}/with-queue?validateBeforeEnqueue=${validate}`, { to: ['x@example.com'], body: 'x' });
    }
    const queued = await c.asB('GET', '/sent/queue-results');
    expectStatus(queued, 200, 'GET /sent/queue-results');
    assert.equal(queued.json.totalElements, 0, 'nothing was queued');
  },
  sendTestEmail: (c) => expectNotFound(c, 'POST', (id) => `/inboxes/${id}/send-test-email`),
  sendSmtpEnvelope: (c) =>
    expectNotFound(c, 'POST', (id) => `/inboxes/${id}/smtp-envelope`, { mailFrom: 'x@example.com', rcptTo: ['y@example.com'], data: 'Subject: x\r\n\r\nx' }),
  getInboxSentEmails: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/${id}/sent`),
  getInboxSentCount: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/${id}/sent/count`),
  getDeliveryStatusesByInboxId: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/${id}/delivery-status`),
  // Tracking pixels of mail another tenant's inbox sent (src/modules/tracking).
  listInboxTrackingPixels: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/${id}/tracking-pixels`),
  // Imports into another tenant's inbox are 404 whatever the body (src/modules/email/operations/importEmailIntoInbox.ts).
  importEmailIntoInbox: (c) =>
    expectNotFound(c, 'POST', (id) => `/inboxes/${id}/emails/import`, { rawEmailBase64: Buffer.from('Subject: x\r\n\r\nx\r\n').toString('base64') }),
  importEmailIntoInboxBytes: (c) => expectNotFound(c, 'POST', (id) => `/inboxes/${id}/emails/import/raw`, 'Subject: x\r\n\r\nx\r\n'),
  importEmailIntoInboxMultipart: (c) => expectNotFound(c, 'POST', (id) => `/inboxes/${id}/emails/import/multipart`, {}),

  // SMTP logins (src/modules/access): never another tenant's inbox's login, nor a change to it.
  getSmtpAccess: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/smtp-access?inboxId=${id}`),
  updateSmtpAccess: (c) => expectNotFound(c, 'PATCH', (id) => `/inboxes/smtp-access?inboxId=${id}`, { smtpPassword: 'long enough password' }),
  // IMAP logins (src/modules/access): the same, and the combined details never show A's SMTP or IMAP login.
  getImapAccess: async (c) => {
    await expectNotFound(c, 'GET', (id) => `/inboxes/imap-access?inboxId=${id}`);
    // B's account login names B's own (oldest) inbox to select, never one of A's older ones
    const account = await c.asB('GET', '/inboxes/imap-access');
    expectStatus(account, 200, "B's account IMAP login");
    assert.equal(account.json.imapMailbox, c.bOwn.emailAddress);
  },
  updateImapAccess: (c) => expectNotFound(c, 'PATCH', (id) => `/inboxes/imap-access?inboxId=${id}`, { imapPassword: 'long enough password' }),
  getImapSmtpAccess: async (c) => {
    await expectNotFound(c, 'GET', (id) => `/inboxes/imap-smtp-access?inboxId=${id}`);
    const account = await c.asB('GET', '/inboxes/imap-smtp-access');
    expectStatus(account, 200, "B's account login");
    assert.equal(account.json.imapMailbox, c.bOwn.emailAddress);
  },
  getImapSmtpAccessEnv: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/imap-smtp-access/env?inboxId=${id}`),
  // Hosts and ports only: the same for every tenant, and asB checks it shows nothing of A's.
  getImapSmtpAccessServers: async (c) => expectStatus(await c.asB('GET', '/inboxes/imap-smtp-access/servers'), 200, 'the servers'),

  setInboxFavourited: async (c) => {
    await expectNotFound(c, 'PUT', (id) => `/inboxes/${id}/favourite`, { state: false });
    await expectNotFound(c, 'PUT', (id) => `/inboxes/${id}/favourite`, { state: true });
  },

  async deleteAllInboxes(c) {
    const window = `?createdAtSince=${enc(c.beforeA)}&createdAtBefore=${enc(c.afterAllExpiries)}`;
    expectStatus(await c.asB('DELETE', `/inboxes${window}`), 204, 'deleteAllInboxes in a time window');
    assert.deepEqual(await c.bIds(), []);
    await c.asB('POST', '/inboxes/withDefaults');
    expectStatus(await c.asB('DELETE', '/inboxes'), 204, 'deleteAllInboxes');
    assert.deepEqual(await c.bIds(), []);
  },

  deleteAllInboxesByTag: bulkDelete('/inboxes/by-tag', 'tag', () => [A_TAG, COMMON_TAG]),
  deleteAllInboxesByName: bulkDelete('/inboxes/by-name', 'name', () => [A_NAME, COMMON_NAME]),
  deleteAllInboxesByDescription: bulkDelete('/inboxes/by-description', 'description', () => [A_DESCRIPTION, COMMON_DESCRIPTION]),

  async flushExpired(c) {
    const reply = await c.asB('DELETE', `/inboxes/expired?before=${enc(c.afterAllExpiries)}`);
    expectStatus(reply, 200, 'flushExpired');
    assert.deepEqual(reply.json.inboxIds, [c.bOwn.id], "only B's own expiring inbox is flushed");
    expectStatus(await c.asB('DELETE', '/inboxes/expired'), 200, 'flushExpired without before');
  },

  async getInboxes(c) {
    const include = c.aInboxes.map((i) => `include=${i.id}`).join('&');
    for (const [path, expected] of [
      [`/inboxes?${include}`, []],
      [`/inboxes?${include}&include=${c.bOwn.id}`, [c.bOwn.id]],
      // the comma-separated form of the same list
      [`/inboxes?include=${[...c.aInboxes.map((i) => i.id), c.bOwn.id].join(',')}`, [c.bOwn.id]],
      ['/inboxes', [c.bOwn.id]],
      [`/inboxes?since=${enc(c.beforeA)}&sort=DESC`, [c.bOwn.id]],
    ] as Array<[string, string[]]>) {
      const reply = await c.asB('GET', path);
      expectStatus(reply, 200, `GET ${path}`);
      assert.deepEqual((reply.json as InboxJson[]).map((i) => i.id), expected, `GET ${path}`);
    }
  },

  getAllInboxes: pagedRoute('/inboxes/paginated'),
  getAllInboxesOffsetPaginated: pagedRoute('/inboxes/offset-paginated'),
  getOrganizationInboxes: pagedRoute('/inboxes/organization', 'searchFilter'),

  async getInboxesByTag(c) {
    for (const [params, expected] of [
      [{ tag: A_TAG }, []],
      [{ tag: COMMON_TAG }, [c.bOwn.id]],
      [{ tag: COMMON_TAG, searchFilter: c.twin.id }, []],
      [{ tag: COMMON_TAG, searchFilter: c.twin.emailAddress }, []],
    ] as Array<[Record<string, string>, string[]]>) {
      expectPage(c, await c.asB('GET', `/inboxes/tags/inboxes${query(params)}`), expected, `getInboxesByTag ${JSON.stringify(params)}`);
    }
  },

  async searchInboxes(c) {
    for (const { filter, expected } of pageFilters(c)) {
      const body: Record<string, unknown> = { ...filter, pageIndex: 0, pageSize: 50 };
      if (filter.favourite) body.favourite = true;
      expectPage(c, await c.asB('POST', '/inboxes/search', body), expected, `searchInboxes ${JSON.stringify(filter)}`);
    }
  },

  async getInboxCount(c) {
    const reply = await c.asB('GET', '/inboxes/count');
    expectStatus(reply, 200, 'getInboxCount');
    assert.deepEqual(reply.json, { totalElements: 1 });
  },

  async getInboxIds(c) {
    const reply = await c.asB('GET', '/inboxes/ids');
    expectStatus(reply, 200, 'getInboxIds');
    assert.deepEqual(reply.json, { inboxIds: [{ id: c.bOwn.id, emailAddress: c.bOwn.emailAddress }] });
  },

  async getInboxTags(c) {
    for (const [path, expected] of [
      ['/inboxes/tags', [COMMON_TAG]],
      [`/inboxes/tags?searchFilter=${A_TAG}`, []],
      ['/inboxes/tags?sort=DESC&size=100', [COMMON_TAG]],
    ] as Array<[string, string[]]>) {
      const reply = await c.asB('GET', path);
      expectStatus(reply, 200, `GET ${path}`);
      assert.deepEqual(reply.json, expected, `GET ${path}`);
    }
  },

  async getInboxTagsPaginated(c) {
    for (const [path, expected] of [
      ['/inboxes/tags/paginated', [COMMON_TAG]],
      [`/inboxes/tags/paginated?searchFilter=${A_TAG}`, []],
    ] as Array<[string, string[]]>) {
      const reply = await c.asB('GET', path);
      expectStatus(reply, 200, `GET ${path}`);
      assert.deepEqual(reply.json.content, expected, `GET ${path}`);
      assert.equal(reply.json.totalElements, expected.length, `GET ${path}: totalElements`);
    }
  },

  async getInboxByEmailAddress(c) {
    for (const inbox of c.aInboxes) {
      for (const address of [inbox.emailAddress, inbox.emailAddress.toUpperCase()]) {
        const reply = await c.asB('GET', `/inboxes/byEmailAddress?emailAddress=${enc(address)}`);
        expectStatus(reply, 200, 'getInboxByEmailAddress');
        assert.deepEqual(reply.json, { inboxId: null, exists: false }, "A's address is not B's inbox");
      }
    }
    const own = await c.asB('GET', `/inboxes/byEmailAddress?emailAddress=${enc(c.bOwn.emailAddress)}`);
    assert.deepEqual(own.json, { inboxId: c.bOwn.id, exists: true }, "B's own address is found");
  },

  async getInboxByName(c) {
    const reply = await c.asB('GET', `/inboxes/byName?name=${enc(A_NAME)}`);
    expectStatus(reply, 200, 'getInboxByName');
    assert.deepEqual(reply.json, { inboxId: null, exists: false });
    // A's inbox of this name is older than B's, so an unscoped "oldest" lookup would pick A's.
    const shared = await c.asB('GET', `/inboxes/byName?name=${enc(COMMON_NAME)}`);
    assert.deepEqual(shared.json, { inboxId: c.bOwn.id, exists: true });
  },

  /** Deliberately service-wide (mail is routed by address; SMTP RCPT reveals the same), but never an id. */
  async doesInboxExist(c) {
    for (const inbox of c.aInboxes) {
      const reply = await c.asB('GET', `/inboxes/exists?emailAddress=${enc(inbox.emailAddress)}`);
      expectStatus(reply, 200, 'doesInboxExist');
      assert.deepEqual(reply.json, { exists: true, softBounce: null, hardBounce: null });
    }
    const unknown = await c.asB('GET', `/inboxes/exists?emailAddress=${enc(`${randomUUID()}@pigeonhole.test`)}`);
    assert.deepEqual(unknown.json, { exists: false, softBounce: null, hardBounce: null });
  },

  // CommonActionsController (src/modules/common-actions): the short forms name the inbox in the
  // query or body; another tenant's inbox is 404 exactly like a missing one.
  createRandomInbox: createShortForm('/createInbox'),
  createNewEmailAddress: createShortForm('/newEmailAddress'),
  deleteEmailAddress: (c) => expectNotFound(c, 'DELETE', (id) => `/deleteEmailAddress?inboxId=${id}`),
  emptyInbox: (c) => expectNotFound(c, 'DELETE', (id) => `/emptyInbox?inboxId=${id}`),
  sendEmailSimple: (c) =>
    expectNotFound(c, 'POST', () => '/sendEmail', (id: string) => ({ senderId: id, to: 'x@example.com', subject: 'x', body: 'x' })),
  sendEmailQuery: (c) => expectNotFound(c, 'POST', (id) => `/sendEmailQuery?senderId=${id}&to=${enc('x@example.com')}&body=x`),

  // BulkActionsController (src/modules/bulk-actions): a list naming any of A's inboxes is 404
  // and changes nothing, not even B's own inboxes in the same list.
  async bulkCreateInboxes(c) {
    const made = await c.asB('POST', '/bulk/inboxes?count=2');
    expectStatus(made, 201, 'bulkCreateInboxes');
    for (const inbox of made.json as InboxJson[]) {
      assert.equal(inbox.userId, c.b.userId);
      assert.ok(!c.aIds.has(inbox.id));
    }
    assert.equal((await c.bIds()).length, 3);
  },

  async bulkDeleteInboxes(c) {
    await expectNotFound(c, 'DELETE', () => '/bulk/inboxes', (id: string) => [id]);
    for (const inbox of c.aInboxes) {
      expectStatus(await c.asB('DELETE', '/bulk/inboxes', [c.bOwn.id, inbox.id]), 404, "bulkDeleteInboxes of B's and A's inbox");
    }
    assert.deepEqual(await c.bIds(), [c.bOwn.id], "B's own inbox in a refused list is not deleted");
    expectStatus(await c.asB('DELETE', '/bulk/inboxes', [c.bOwn.id]), 204, "bulkDeleteInboxes of B's own inbox");
    assert.deepEqual(await c.bIds(), []);
  },

  async bulkSendEmails(c) {
    const sentBefore = (await c.asB('GET', '/sent')).json.totalElements as number;
    const options = { to: ['x@example.com'], subject: 'x', body: 'x' };
    await expectNotFound(c, 'POST', () => '/bulk/send', (id: string) => ({ inboxIds: [id], sendEmailOptions: options }));
    for (const inbox of c.aInboxes) {
      const mixed = await c.asB('POST', '/bulk/send', { inboxIds: [c.bOwn.id, inbox.id], sendEmailOptions: options });
      expectStatus(mixed, 404, "bulkSendEmails from B's and A's inbox");
    }
    assert.equal((await c.asB('GET', '/sent')).json.totalElements, sentBefore, 'nothing was sent, not even from B\'s own inbox');
  },

  /** Service-wide like doesInboxExist: an address taken by anyone is not available, and no id is given. */
  async isEmailAddressAvailable(c) {
    for (const inbox of c.aInboxes) {
      const reply = await c.asB('POST', `/inboxes/available?emailAddress=${enc(inbox.emailAddress.toUpperCase())}`);
      expectStatus(reply, 200, 'isEmailAddressAvailable');
      assert.deepEqual(reply.json, { available: false });
    }
  },

  // Templates (src/modules/template): another user's template is a 404 like a missing one.
  createTemplate: async (c) => {
    const own = await c.asB('POST', '/templates', { name: c.aTemplate.name, content: 'B {{own}}' });
    expectStatus(own, 201, "createTemplate with A's name");
    assert.notEqual(own.json.id, c.aTemplate.id);
    await templateUnchanged(c);
    // B's template carries A's name, which the later cases check B is never shown
    expectStatus(await c.asB('DELETE', `/templates/${own.json.id}`), 204, "deleting B's own template");
  },
  getTemplate: (c) => expectTemplateNotFound(c, 'GET', (id) => `/templates/${id}`),
  updateTemplate: (c) => expectTemplateNotFound(c, 'PUT', (id) => `/templates/${id}`, { name: 'taken over', content: '{{x}}' }),
  deleteTemplate: (c) => expectTemplateNotFound(c, 'DELETE', (id) => `/templates/${id}`),
  getTemplatePreviewHtml: (c) => expectTemplateNotFound(c, 'GET', (id) => `/templates/${id}/preview/html`),
  getTemplatePreviewJson: (c) => expectTemplateNotFound(c, 'GET', (id) => `/templates/${id}/preview/json?alphaSecretVar=x`),
  getTemplates: (c) => withOwnTemplate(c, async (ownId) => {
    const reply = await c.asB('GET', '/templates');
    expectStatus(reply, 200, 'getTemplates');
    assert.deepEqual((reply.json as Array<{ id: string }>).map((t) => t.id), [ownId], 'getTemplates lists B its own template only');
  }),
  // Scheduled sends (src/modules/scheduled): another user's job or inbox is a 404 like a missing one.
  sendWithSchedule: async (c) => {
    for (const validate of [false, true]) {
      await expectNotFound(c, 'POST', (id) => `/inboxes/${id}/with-schedule?sendAtNowPlusSeconds=60&validateBeforeEnqueue=${validate}`, { to: ['x@example.com'], body: 'x' });
    }
    expectStatus(await c.asB('GET', '/inboxes/scheduled-jobs'), 200, 'GET /inboxes/scheduled-jobs');
    assert.equal((await c.asB('GET', '/inboxes/scheduled-jobs')).json.totalElements, 0, 'nothing was scheduled');
  },
  getAllScheduledJobs: async (c) => {
    const all = await c.asB('GET', '/inboxes/scheduled-jobs?size=100');
    expectStatus(all, 200, 'GET /inboxes/scheduled-jobs');
    assert.equal(all.json.totalElements, 0, "B sees none of A's scheduled sends");
    const ofA = await c.asB('GET', `/inboxes/scheduled-jobs?inboxId=${c.target.id}`);
    expectStatus(ofA, 200, "GET /inboxes/scheduled-jobs?inboxId=<A's inbox>");
    assert.equal(ofA.json.totalElements, 0);
  },
  getScheduledJobsByInboxId: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/${id}/scheduled-jobs`),
  getScheduledJob: (c) => expectIdNotFound(c, c.aScheduledJob.id, 'GET', (id) => `/inboxes/scheduled-jobs/${id}`),
  cancelScheduledJob: async (c) => {
    await expectIdNotFound(c, c.aScheduledJob.id, 'DELETE', (id) => `/inboxes/scheduled-jobs/${id}`);
    assert.equal((await c.aScheduledJobNow()).status, 'SUBMITTED', "A's scheduled send is not cancelled");
  },
  // getOutboxes: A's inbox has sent mail; B, who sent none, is shown no outbox.
  getOutboxes: async (c) => {
    const reply = await c.asB('GET', '/inboxes/outboxes?size=100');
    expectStatus(reply, 200, 'GET /inboxes/outboxes');
    assert.equal(reply.json.totalElements, 0, "B sees none of A's outboxes");
  },
  // Plus addresses (src/modules/plus-address): another user's inbox or plus address is a 404 like a missing one.
  getAllPlusAddresses: async (c) => {
    const all = await c.asB('GET', '/inboxes/plus-addresses?size=100');
    expectStatus(all, 200, 'GET /inboxes/plus-addresses');
    assert.equal(all.json.totalElements, 0, "B sees none of A's plus addresses");
    await expectNotFound(c, 'GET', (id) => `/inboxes/plus-addresses?inboxId=${id}`);
  },
  getInboxPlusAddresses: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/${id}/plus-addresses`),
  getInboxPlusAddressById: async (c) => {
    await expectIdNotFound(c, c.aPlusAddress.id, 'GET', (id) => `/inboxes/plus-addresses/${id}`);
    await expectIdNotFound(c, c.aPlusAddress.id, 'GET', (id) => `/inboxes/plus-addresses/${id}?inboxId=${c.bOwn.id}`);
  },
  getInboxPlusAddress: async (c) => {
    await expectNotFound(c, 'GET', (id) => `/inboxes/${id}/plus-addresses/${c.aPlusAddress.id}`);
    await expectIdNotFound(c, c.aPlusAddress.id, 'GET', (id) => `/inboxes/${c.bOwn.id}/plus-addresses/${id}`);
  },
  getInboxPlusAddressEmails: (c) => expectNotFound(c, 'GET', (id) => `/inboxes/${id}/plus-addresses/emails?plusAddress=alpha`),
  getInboxPlusAddressEmailsForPlusAddressId: async (c) => {
    await expectNotFound(c, 'GET', (id) => `/inboxes/${id}/plus-addresses/${c.aPlusAddress.id}/emails`);
    await expectIdNotFound(c, c.aPlusAddress.id, 'GET', (id) => `/inboxes/${c.bOwn.id}/plus-addresses/${id}/emails`);
  },
  getOrCreateInboxPlusAddress: async (c) => {
    const before = await c.aPlusAddressesNow();
    await expectNotFound(c, 'POST', (id) => `/inboxes/${id}/plus-addresses/get-or-create?fullAddress=${enc(c.aPlusAddress.fullAddress)}`);
    assert.deepEqual(await c.aPlusAddressesNow(), before, "A's plus addresses are unchanged");
  },
  getOrCreatePlusAddressByFullAddress: async (c) => {
    const before = await c.aPlusAddressesNow();
    const [local, domain] = c.target.emailAddress.split('@');
    const unknown = await c.asB('POST', `/inboxes/get-or-create-plus-address?fullAddress=${enc(`nobody+x@${domain}`)}`);
    expectStatus(unknown, 404, 'getOrCreatePlusAddressByFullAddress of an address of nobody');
    for (const fullAddress of [c.aPlusAddress.fullAddress, `${local}+taken@${domain}`]) {
      const reply = await c.asB('POST', `/inboxes/get-or-create-plus-address?fullAddress=${enc(fullAddress)}`);
      expectStatus(reply, 404, "getOrCreatePlusAddressByFullAddress of A's inbox");
      assert.equal(String(reply.json.message).replace(fullAddress, '<address>'), String(unknown.json.message).replace(`nobody+x@${domain}`, '<address>'));
    }
    assert.deepEqual(await c.aPlusAddressesNow(), before, "A's plus addresses are unchanged");
  },
  // Consent (src/modules/consent): each user's opt-ins are its own; B's calls never touch A's.
  checkSendingConsentForEmailAddress: async (c) => {
    const reply = await c.asB('GET', `/consent/opt-in/sending-consent?emailAddress=${enc(c.aConsentAddress)}`);
    expectStatus(reply, 200, 'checkSendingConsentForEmailAddress');
    assert.deepEqual(reply.json, { verificationCodeSent: false, userHasConsented: false, canSend: true }, "A's request is not B's");
  },
  getOptInIdentities: async (c) => {
    const reply = await c.asB('GET', '/consent/opt-in?size=100');
    expectStatus(reply, 200, 'getOptInIdentities');
    // (A's record's id is one of the secrets asB checks for) B's list holds only what B itself did
    for (const identity of reply.json.content as Array<{ emailAddress: string; verified: boolean }>) {
      assert.equal(identity.verified, false);
    }
    assert.equal(reply.json.totalElements, (reply.json.content as unknown[]).length);
  },
  revokeOptInConsentForEmailAddress: async (c) => {
    const before = await c.aConsentNow();
    const reply = await c.asB('DELETE', `/consent/opt-in?emailAddress=${enc(c.aConsentAddress)}`);
    expectStatus(reply, 200, 'revokeOptInConsentForEmailAddress');
    assert.deepEqual(await c.aConsentNow(), before, "A's consent records are unchanged");
  },
  sendOptInConsentForEmailAddress: async (c) => {
    const before = await c.aConsentNow();
    await expectNotFound(c, 'POST', () => '/consent/opt-in/send', (id: string) => ({
      emailAddress: 'b-target@example.com', sendOptInOptions: { senderInbox: id, subject: 's', templateHtml: '<p>x</p>' },
    }));
    assert.deepEqual(await c.aConsentNow(), before, "A's consent records are unchanged");
  },
  getAllTemplates: (c) => withOwnTemplate(c, async (ownId) => {
    const reply = await c.asB('GET', '/templates/paginated?size=100');
    expectStatus(reply, 200, 'getAllTemplates');
    assert.deepEqual((reply.json.content as Array<{ id: string }>).map((t) => t.id), [ownId], 'getAllTemplates pages B its own template only');
    assert.equal(reply.json.totalElements, 1, 'the total counts only what B sees');
  }),
};

/** Runs `check` while B has one template of its own, so a list that answers nothing at all fails. */
async function withOwnTemplate(c: Ctx, check: (ownId: string) => Promise<void>): Promise<void> {
  const own = await c.asB('POST', '/templates', { name: 'b-own', content: 'B {{own}}' });
  expectStatus(own, 201, "creating B's own template");
  try {
    await check(own.json.id);
  } finally {
    await c.asB('DELETE', `/templates/${own.json.id}`);
  }
  await templateUnchanged(c);
}

async function templateUnchanged(c: Ctx): Promise<void> {
  assert.deepEqual(await c.aTemplateNow(), { ...c.aTemplate, variables: [{ name: 'alphaSecretVar', variableType: 'STRING' }] }, "A's template is unchanged");
}

/** B's request for A's template answers exactly as for a template that does not exist, and changes nothing. */
async function expectTemplateNotFound(c: Ctx, method: string, pathFor: (id: string) => string, body?: unknown): Promise<void> {
  const unknown = randomUUID();
  const baseline = await c.asB(method, pathFor(unknown), body);
  expectStatus(baseline, 404, `${method} ${pathFor('<unknown>')}`);
  const reply = await c.asB(method, pathFor(c.aTemplate.id), body);
  expectStatus(reply, 404, `${method} ${pathFor("<A's template>")}`);
  assert.equal(String(reply.json.message).replaceAll(c.aTemplate.id, '<id>'), String(baseline.json.message).replaceAll(unknown, '<id>'));
  await templateUnchanged(c);
}

describeEachDialect('tenant isolation of the inbox routes', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  let ctx: Ctx;
  let snapshotOfA: unknown;

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

  /** Everything A can see of its inboxes: each inbox in full, the lists, the count and the tags. */
  async function viewOfA() {
    const get = async (path: string) => {
      const reply = await jsonOf(await a.fetch(path));
      expectStatus(reply, 200, `A: GET ${path}`);
      return reply.json;
    };
    const ids = await get('/inboxes/ids');
    const groups = (await get('/groups')) as Array<{ id: string }>;
    return {
      contacts: await get('/contacts'),
      groups: await Promise.all(groups.map((g) => get(`/groups/${g.id}/contacts`))),
      ids,
      inboxes: await Promise.all((ids.inboxIds as Array<{ id: string }>).map((i) => get(`/inboxes/${i.id}`))),
      page: (await get('/inboxes/paginated?size=100')).content,
      count: await get('/inboxes/count'),
      tags: await get('/inboxes/tags?size=100'),
      byName: [await get(`/inboxes/byName?name=${A_NAME}`), await get(`/inboxes/byName?name=${COMMON_NAME}`)],
    };
  }

  async function resetB(): Promise<InboxJson> {
    await server.server.store.repos.inboxes.deleteWhere(b.userId, {});
    const response = await jsonOf(
      await b.fetch('/inboxes/withOptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: COMMON_NAME, description: COMMON_DESCRIPTION, tags: [COMMON_TAG],
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        }),
      }),
    );
    expectStatus(response, 201, "creating B's own inbox");
    return response.json as InboxJson;
  }

  before(async () => {
    server = await startTestServer(dialect);
    a = await server.createTenant();
    b = await server.createTenant();
    const beforeA = new Date(Date.now() - 1000).toISOString();

    // A's inboxes, made with the official client, one per creation route.
    const target = await a.inboxApi.createInboxWithOptions({
      createInboxDto: {
        name: A_NAME, description: A_DESCRIPTION, tags: [A_TAG, COMMON_TAG], favourite: true,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const twin = await a.inboxApi.createInbox({
      name: COMMON_NAME, description: COMMON_DESCRIPTION, tags: [COMMON_TAG], expiresIn: 1_800_000,
    });
    const plain = await a.inboxApi.createInboxWithDefaults();
    const aGroup = await a.mailslurp.groupController.createGroup({ createGroupOptions: { name: A_GROUP_NAME, description: A_DESCRIPTION } });
    const aContact = await a.mailslurp.contactController.createContact({
      createContactOptions: { firstName: A_CONTACT_NAME, emailAddresses: [A_CONTACT_ADDRESS], tags: [A_TAG], groupId: aGroup.id },
    });

    const aInboxes: InboxJson[] = [];
    for (const { id } of [target, twin, plain]) {
      aInboxes.push((await jsonOf(await a.fetch(`/inboxes/${id!}`))).json as InboxJson);
    }
    assert.equal(aInboxes[0]!.favourite, true);
    assert.ok(aInboxes[0]!.expiresAt && aInboxes[1]!.expiresAt, 'A has expiring inboxes');
    snapshotOfA = await viewOfA();
    const aTemplate = (await jsonOf(await a.fetch('/templates', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'alpha-template-name', content: 'alpha-template-content {{alphaSecretVar}}' }),
    }))).json as { id: string; name: string; content: string; createdAt: string };

    // A's scheduled send (a day away) from its target inbox, and a sent email from it (an outbox).
    const aScheduledJob = await a.inboxApi.sendWithSchedule({
      inboxId: target.id, sendAtNowPlusSeconds: 86_400, sendEmailOptions: { to: [plain.emailAddress], subject: 'alpha scheduled' },
    });
    await a.inboxApi.sendEmailAndConfirm({ inboxId: target.id, sendEmailOptions: { to: [plain.emailAddress], subject: 'alpha sent' } });
    // A's plus address of its target inbox, made by the first mail to it
    const aPlusFull = `${target.emailAddress.split('@')[0]}+alpha@${target.emailAddress.split('@')[1]}`.toLowerCase();
    await a.inboxApi.sendEmailAndConfirm({ inboxId: plain.id, sendEmailOptions: { to: [aPlusFull], subject: 'alpha plus' } });
    const aPlusAddress = (await a.inboxApi.getInboxPlusAddresses({ inboxId: target.id })).content![0]!;
    const aPlusAddressesNow = async () => ({
      all: (await jsonOf(await a.fetch('/inboxes/plus-addresses?size=100'))).json,
      emails: (await jsonOf(await a.fetch(`/inboxes/${target.id}/plus-addresses/${aPlusAddress.id}/emails`))).json,
    });

    // A asks an outside address for consent (the request is captured: no relay); it stays pending.
    const aConsentAddress = 'alpha-consent@example.com';
    await a.mailslurp.consentController.sendOptInConsentForEmailAddress({
      optInConsentOptions: { emailAddress: aConsentAddress, sendOptInOptions: { senderInbox: plain.id, subject: 'alpha consent', templateHtml: '<p>{{confirmUrl}}</p>' } },
    });
    const aConsentId = ((await jsonOf(await a.fetch('/consent/opt-in'))).json.content as Array<{ id: string }>)[0]!.id;
    const aConsentNow = async () => ({
      identities: (await jsonOf(await a.fetch('/consent/opt-in?size=100'))).json,
      status: (await jsonOf(await a.fetch(`/consent/opt-in/sending-consent?emailAddress=${enc(aConsentAddress)}`))).json,
    });

    // Everything that is A's and that B must never be told.
    const secrets = [
      aScheduledJob.id, aPlusAddress.id, aConsentId,
      a.userId, a.email, A_NAME, A_DESCRIPTION, A_TAG, aTemplate.id, aTemplate.name, aTemplate.content, 'alphaSecretVar',
      aGroup.id, aContact.id, A_CONTACT_NAME, A_CONTACT_ADDRESS, A_GROUP_NAME,
      ...aInboxes.flatMap((i) => [i.id, i.emailAddress, i.emailAddress.split('@')[0]!]),
    ];
    ctx = {
      a,
      b,
      aInboxes,
      aIds: new Set(aInboxes.map((i) => i.id)),
      aContact: { id: aContact.id },
      aGroup: { id: aGroup.id },
      target: aInboxes[0]!,
      twin: aInboxes[1]!,
      bOwn: undefined as unknown as InboxJson,
      afterAllExpiries: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      beforeA,
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
      async bIds() {
        const reply = await jsonOf(await b.fetch('/inboxes/ids'));
        return (reply.json.inboxIds as Array<{ id: string }>).map((i) => i.id);
      },
      aTemplate: { id: aTemplate.id, name: aTemplate.name, content: aTemplate.content, createdAt: aTemplate.createdAt } as Ctx['aTemplate'],
      async aTemplateNow() {
        return (await jsonOf(await a.fetch(`/templates/${aTemplate.id}`))).json;
      },
      aScheduledJob: { id: aScheduledJob.id },
      aPlusAddress: { id: aPlusAddress.id, fullAddress: aPlusAddress.fullAddress },
      aPlusAddressesNow,
      aConsentAddress,
      aConsentNow,
      async aScheduledJobNow() {
        return (await jsonOf(await a.fetch(`/inboxes/scheduled-jobs/${aScheduledJob.id}`))).json;
      },
    };
  });
  after(() => server.close());

  test('every InboxController, CommonActionsController, BulkActionsController and TemplateController operation in the OpenAPI document has an isolation case', async () => {
    const doc = (await (await server.fetch('/v3/api-docs', { key: null })).json()) as {
      paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
    };
    const served = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => op.tags?.some((tag) => CONTROLLERS.includes(tag)))
      .map((op) => op.operationId ?? '(no operationId)');
    // InboxController spans the inbox module and the email module (its email-side operations).
    assert.equal(new Set(served).size, served.length, 'no operationId is documented twice');
    assert.ok(served.length >= inboxOperations.length, 'every operation exported by inbox/operations/index.ts is documented');
    const cases = Object.keys(ISOLATION_CASES);
    assert.deepEqual(served.filter((id) => !cases.includes(id)).sort(), [], 'routes without an isolation case');
    assert.deepEqual(cases.filter((id) => !served.includes(id)).sort(), [], 'cases for routes that no longer exist');
  });

  for (const [operationId, run] of Object.entries(ISOLATION_CASES)) {
    test(`${operationId}: B cannot see or change A's inboxes`, async () => {
      ctx.bOwn = await resetB();
      await run(ctx);
      assert.deepEqual(await viewOfA(), snapshotOfA, `after B's ${operationId}, A's inboxes are unchanged`);
    });
  }

  test('GET /tls/ca.pem is public and the same for every caller: a certificate, no tenant data', async () => {
    const bodies = [];
    for (const fetchAs of [(p: string) => server.fetch(p, { key: null }), a.fetch, b.fetch]) {
      const response = await fetchAs('/tls/ca.pem');
      expectStatus({ status: response.status, text: '', json: undefined }, 200, 'GET /tls/ca.pem');
      bodies.push(await response.text());
    }
    assert.equal(new Set(bodies).size, 1, 'one CA for everyone');
    assert.match(bodies[0]!, /^-----BEGIN CERTIFICATE-----/);
    for (const secret of [a.userId, a.email, b.userId, b.email, ...ctx.aInboxes.map((i) => i.emailAddress)]) {
      assert.ok(!bodies[0]!.includes(secret), `the CA names no tenant data (${secret})`);
    }
  });

  test("after all of B's calls A still sees exactly its inboxes, field for field", async () => {
    const view = (await viewOfA()) as { inboxes: InboxJson[]; count: { totalElements: number } };
    assert.deepEqual(view, snapshotOfA);
    assert.equal(view.count.totalElements, ctx.aInboxes.length);
    assert.deepEqual(view.inboxes, ctx.aInboxes);
    const target = await a.inboxApi.getInbox({ inboxId: ctx.target.id });
    assert.equal(target.name, A_NAME);
    assert.equal(target.description, A_DESCRIPTION);
    assert.deepEqual([...target.tags!].sort(), [A_TAG, COMMON_TAG].sort());
    assert.equal(target.favourite, true);
    assert.equal(target.expiresAt?.toISOString(), ctx.target.expiresAt);
  });
});
