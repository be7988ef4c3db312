import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inboxOperations } from '../../src/modules/inbox/operations/index.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { startLoopbackDns, type LoopbackDns } from '../helpers/dns-server.js';
import type { DomainMonitorRepository } from '../../src/storage/ports.js';

/**
 * Tenant B aims every InboxController, CommonActionsController, BulkActionsController,
 * ContactController and GroupController operation at tenant A's data (A's ids, addresses, names, tags, descriptions). B must learn
 * nothing of A's inboxes and change none of them.
 *
 * To add a route: add its operationId to ISOLATION_CASES. The coverage test fails until
 * every operation of those controllers in the OpenAPI document has a case.
 */

/** The controllers this suite covers, by OpenAPI tag. */
const CONTROLLERS = [
  'InboxController', 'CommonActionsController', 'BulkActionsController', 'TemplateController', 'ContactController', 'GroupController',
  'AliasController', 'RulesetController', 'InboxForwarderController', 'InboxReplierController', 'ConsentController',
  'MFAController', 'PhoneController', 'SmsController', 'MissedSmsController', 'DomainController', 'OrganizationMembers',
  'GuestPortalController', 'SendingConnectionsController', 'EmailWarmupController',
  'UserController', 'ExportController', 'SpamEmailController', 'FormController',
  'ApiKeyController', 'ApiAuditLogController', 'DomainMonitorPostmasterController', 'DomainMonitorController',
  'ChaosController',
];

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
  /** A's forwarder and replier (on its target inbox) and one event of each */
  aForwarder: { id: string };
  aForwarderEvent: { id: string; emailId: string; sentId: string };
  aReplier: { id: string };
  aReplierEvent: { id: string; emailId: string; sentId: string };
  /** B's request; fails if the answer reveals anything of A's that B did not itself send */
  asB(method: string, path: string, body?: unknown): Promise<Reply>;
  /** the server's base URL, for public routes called without a key */
  serverUrl: string;
  /** ids of B's inboxes, as B sees them */
  bIds(): Promise<string[]>;
  /** A's template (TemplateController cases), as A saw it when it was made */
  aTemplate: { id: string; name: string; content: string };
  /** A's template as A sees it now */
  aTemplateNow(): Promise<unknown>;
  /** A's alias (on A's plain inbox) and a thread of it, and the alias as A sees it now */
  aAlias: { id: string };
  aThread: { id: string };
  aAliasNow(): Promise<unknown>;
  /** A's rulesets: one of an inbox, one of the account (SENDING_EMAILS, harmless to the other cases) */
  aRuleset: { id: string };
  aAccountRuleset: { id: string };
  /** A's rulesets as A sees them now, and as they were made */
  aRulesetsNow(): Promise<unknown>;
  aRulesets: unknown;
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
  /** A's virtual TOTP device (src/modules/mfa), and it with its code at a fixed instant as A sees them now */
  aTotpDevice: { id: string };
  aTotpDeviceNow(): Promise<unknown>;
  /** A's phone number (src/modules/phone), as A saw it when it was made, and as A sees it now */
  aPhone: { id: string; phoneNumber: string };
  aPhoneNow(): Promise<unknown>;
  aPhoneMade: unknown;
  /** A's SMS, received by A's phone number, as A saw it when it arrived, and as A sees it now */
  aSms: { id: string };
  aSmsNow(): Promise<unknown>;
  aSmsMade: unknown;
  /** A's sent SMS: A's reply to aSms, recorded as sent (its sender is outside the carrier), as A saw it made and sees it now */
  aSentSms: { id: string };
  aSentSmsNow(): Promise<unknown>;
  aSentSmsMade: unknown;
  /** A's inventory (src/modules/phone-inventory): a provisioning job, the release of the number it made, an emergency address, consent given */
  aJob: { id: string };
  aRelease: { id: string };
  aEmergencyAddress: { id: string };
  aInventoryNow(): Promise<unknown>;
  aInventoryMade: unknown;
  /** A's phone pool (holding aPhone) and its active lease, and A's pools and SMS threads as A saw them made and sees them now */
  aPool: { id: string };
  aLease: { id: string };
  aPoolsNow(): Promise<unknown>;
  aPoolsMade: unknown;
  /** A's MMS media: A's sink message (src/modules/sms-sink) to A's own number with a MediaUrl, its SMS, and the sink SID */
  aMedia: { id: string; smsId: string };
  aMediaNow(): Promise<unknown>;
  aMediaMade: unknown;
  aSinkSid: string;
  aSinkAccount: string;
  /** A's NEW_SMS webhook on A's phone number, A's phone webhooks as A sees them now and as made */
  aPhoneWebhook: { id: string };
  aPhoneWebhooksNow(): Promise<unknown>;
  aPhoneWebhooks: unknown;
  /** A's RECEIVING_SMS ruleset on A's phone number (its target blocks nothing the other cases send) */
  aSmsRuleset: { id: string };
  /** A's missed SMS (written through the store: this server has no SMS cap), and A's missed SMS as A sees them now */
  aMissedSms: { id: string };
  aMissedSmsNow(): Promise<unknown>;
  aMissedSmsMade: unknown;
  /** A is an ADMIN of its organisation and B of another: A's organisation's other member, and the key A issued it */
  aOrgMember: { id: string };
  aOrgMemberKey: { id: string };
  /** A's organisation's members and that member's keys, as A sees them now and as made */
  aOrgNow(): Promise<unknown>;
  aOrgMade: unknown;
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
const A_RULESET_TARGET = 'alpha-ruleset@secret.example';
const A_ACCOUNT_RULESET_TARGET = 'alpha-account-ruleset@secret.example';
const A_GROUP_NAME = 'alpha-group';
// A's alias (src/modules/alias)
const A_ALIAS_NAME = 'alpha-alias';
const A_ALIAS_HIDDEN = 'alpha-hidden@example.com';
const A_THREAD_PARTNER = 'alpha-partner@example.com';
// A's forwarder and replier (src/modules/forwarder, src/modules/replier).
const A_FORWARD_PATTERN = 'alpha-forward-pattern*';
const A_FORWARD_TO = 'alpha-forward-dest@example.com';
const A_REPLY_BODY = 'alpha-reply-body';
// A's virtual TOTP device (src/modules/mfa)
const A_TOTP = { name: 'alpha-totp-name', issuer: 'alpha-totp-issuer', username: 'alpha-totp-user', base32SecretKey: 'ALPHATOTPSECRETKEY234567' };
// matches no sender of this suite: A's fixtures mail A's target inbox, and a reply would change A's view mid-run
const A_REPLY_MATCH = 'alpha-reply-match-*@nowhere.example';

// A's phone number (src/modules/phone).
const A_PHONE_NAME = 'alpha-phone-name';
const A_PHONE_DESCRIPTION = 'alpha-phone-description';
const A_PHONE_TAG = 'alpha-phone-tag';
const A_SMS_BODY = 'alpha-sms-body 123456';
const A_SENT_SMS_BODY = 'alpha-sent-sms-body 654321';
// A's inventory (src/modules/phone-inventory): the name of A's released number, A's emergency address
const A_RELEASED_NAME = 'alpha-released-name';
const A_ADDRESS = { customerName: 'alpha-customer-name', address1: 'alpha-address-line', city: 'alpha-city', region: 'alpha-region', postalCode: '62701', isoCountryCode: 'US' };
// A's phone pool and lease (src/modules/phone-pool); A's SMS above come from this sender, so A has a thread with it
const A_POOL_NAME = 'alpha-pool-name';
const A_POOL_DESCRIPTION = 'alpha-pool-description';
const A_LEASE_OWNER = 'alpha-lease-owner';
const CARRIER_TEST_SENDER = '+12125550100';
const A_MMS_BODY = 'alpha-mms-body 777111';
const A_SINK_ACCOUNT = 'AC00000000000000000000000000a1fa';
// The inbound SMS pipeline: A's missed SMS and A's SMS ruleset target.
const A_MISSED_SMS_BODY = 'alpha-missed-sms-body 112233';
const A_SMS_RULESET_TARGET = '+1999555*';

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

/** B's own forwarder (on B's own inbox), made for one case and removed by it. */
async function withOwnForwarder(c: Ctx, run: (forwarderId: string) => Promise<void>): Promise<void> {
  const own = await c.asB('POST', `/forwarders?inboxId=${c.bOwn.id}`, { match: '*', forwardToRecipients: ['b-dest@example.com'] });
  expectStatus(own, 201, "creating B's forwarder");
  try {
    await run(own.json.id);
  } finally {
    expectStatus(await c.asB('DELETE', `/forwarders/${own.json.id}`), 204, "deleting B's forwarder");
  }
}

/** B's own replier (on B's own inbox), made for one case and removed by it. */
async function withOwnReplier(c: Ctx, run: (replierId: string) => Promise<void>): Promise<void> {
  const own = await c.asB('POST', '/repliers', { inboxId: c.bOwn.id, match: '*', body: 'b reply' });
  expectStatus(own, 201, "creating B's replier");
  try {
    await run(own.json.id);
  } finally {
    expectStatus(await c.asB('DELETE', `/repliers/${own.json.id}`), 204, "deleting B's replier");
  }
}

/** A list answered to B holds only `expected` (B's own) and counts only them. */
function expectOnly(reply: Reply, expected: string[], what: string): void {
  expectStatus(reply, 200, what);
  assert.deepEqual((reply.json.content as Array<{ id: string }>).map((x) => x.id), expected, what);
  assert.equal(reply.json.totalElements, expected.length, `${what}: totalElements`);
}

async function phoneUnchanged(c: Ctx): Promise<void> {
  assert.deepEqual(await c.aPhoneNow(), c.aPhoneMade, "A's phone number is unchanged");
}

/** B's request for A's phone number answers exactly as for one that does not exist, and changes nothing. */
async function expectPhoneNotFound(c: Ctx, method: string, pathFor: (id: string) => string, body?: unknown): Promise<void> {
  await expectIdNotFound(c, c.aPhone.id, method, pathFor, () => body);
  await phoneUnchanged(c);
}

/** PhoneController's numbers, tags and validation (the controller's other parts have records of their own below). */
const PHONE_CASES: Record<string, IsolationCase> = {
  async createPhoneNumber(c) {
    const own = await c.asB('POST', '/phone', { phoneCountry: 'US', name: A_PHONE_NAME, tags: [A_PHONE_TAG] });
    expectStatus(own, 200, "createPhoneNumber with A's name and tag");
    assert.notEqual(own.json.phoneNumber, c.aPhone.phoneNumber, "B never gets A's number");
    assert.equal(own.json.userId, c.b.userId);
    expectStatus(await c.asB('DELETE', `/phone/numbers/${own.json.id}`), 204, "deleting B's number");
    await phoneUnchanged(c);
  },
  getPhoneNumber: (c) => expectPhoneNotFound(c, 'GET', (id) => `/phone/numbers/${id}`),
  updatePhoneNumber: (c) => expectPhoneNotFound(c, 'PUT', (id) => `/phone/numbers/${id}`, { name: 'taken over', description: null }),
  deletePhoneNumber: (c) => expectPhoneNotFound(c, 'DELETE', (id) => `/phone/numbers/${id}`),
  getPhoneNumberTags: (c) => expectPhoneNotFound(c, 'GET', (id) => `/phone/numbers/${id}/tags`),
  setPhoneNumberTags: (c) => expectPhoneNotFound(c, 'PUT', (id) => `/phone/numbers/${id}/tags`, { tags: ['b'] }),
  addPhoneNumberTags: (c) => expectPhoneNotFound(c, 'POST', (id) => `/phone/numbers/${id}/tags`, { tags: ['b'] }),
  removePhoneNumberTags: (c) => expectPhoneNotFound(c, 'DELETE', (id) => `/phone/numbers/${id}/tags`, { tags: [A_PHONE_TAG] }),
  setPhoneFavourited: (c) => expectPhoneNotFound(c, 'PUT', (id) => `/phone/numbers/${id}/favourite`, { state: true }),
  async getPhoneNumberByName(c) {
    expectStatus(await c.asB('GET', `/phone/numbers/by-name?name=${enc(A_PHONE_NAME)}`), 404, "getPhoneNumberByName with A's name");
  },
  async getPhoneNumberByPhoneNumber(c) {
    expectStatus(await c.asB('GET', `/phone/numbers/by-phone-number?phoneNumber=${enc(c.aPhone.phoneNumber)}`), 404, "getPhoneNumberByPhoneNumber with A's number");
  },
  async getPhoneNumbers(c) {
    const filters = ['', `search=${enc(c.aPhone.id)}`, `search=${enc(c.aPhone.phoneNumber)}`, `search=${enc(A_PHONE_NAME)}`, `tag=${enc(A_PHONE_TAG)}`, `include=${c.aPhone.id}`, 'phoneCountry=US', 'favourite=false'];
    for (const filter of filters) expectOnly(await c.asB('GET', `/phone/numbers?${filter}`), [], `getPhoneNumbers?${filter}`);
  },
  async getPhoneTags(c) {
    const reply = await c.asB('GET', '/phone/tags');
    expectStatus(reply, 200, 'getPhoneTags');
    assert.deepEqual(reply.json, [], "B sees none of A's phone tags");
  },
  async deleteAllPhoneNumber(c) {
    expectStatus(await c.asB('DELETE', '/phone/numbers'), 204, 'deleteAllPhoneNumber');
    await phoneUnchanged(c);
  },
  async validatePhoneNumber(c) {
    const reply = await c.asB('POST', '/phone/validate', { phoneNumber: '+12025550123' });
    expectStatus(reply, 200, 'validatePhoneNumber');
    assert.equal(reply.json.isValid, true);
  },
};

async function smsUnchanged(c: Ctx): Promise<void> {
  assert.deepEqual(await c.aSmsNow(), c.aSmsMade, "A's SMS is unchanged");
}

async function expectSmsNotFound(c: Ctx, method: string, pathFor: (id: string) => string): Promise<void> {
  await expectIdNotFound(c, c.aSms.id, method, pathFor);
  await smsUnchanged(c);
}

/** SmsController's receiving and reading side. */
const SMS_CASES: Record<string, IsolationCase> = {
  async testPhoneNumberSendSms(c) {
    await expectPhoneNotFound(c, 'POST', (id) => `/phone/numbers/${id}/test`, { message: 'from b' });
    await smsUnchanged(c);
  },
  getSmsByPhoneNumber: (c) => expectPhoneNotFound(c, 'GET', (id) => `/phone/numbers/${id}/sms`),
  async getAllSmsMessages(c) {
    const filters = ['', `phoneNumber=${c.aPhone.id}`, `include=${c.aSms.id}`, `search=${enc(A_SMS_BODY)}`, 'favourite=false'];
    for (const filter of filters) expectOnly(await c.asB('GET', `/sms?${filter}`), [], `getAllSmsMessages?${filter}`);
  },
  async getSmsCount(c) {
    const reply = await c.asB('GET', '/sms/count');
    expectStatus(reply, 200, 'getSmsCount');
    assert.equal(reply.json.totalElements, 0);
  },
  async getUnreadSmsCount(c) {
    const reply = await c.asB('GET', '/sms/unreadCount');
    expectStatus(reply, 200, 'getUnreadSmsCount');
    assert.equal(reply.json.count, 0);
  },
  async markAllSmsAsRead(c) {
    expectStatus(await c.asB('PATCH', '/sms/read'), 204, 'markAllSmsAsRead');
    expectStatus(await c.asB('PATCH', `/sms/read?phoneNumberId=${c.aPhone.id}`), 204, "markAllSmsAsRead of A's number");
    await smsUnchanged(c);
  },
  async deleteSmsMessages(c) {
    expectStatus(await c.asB('DELETE', '/sms'), 204, 'deleteSmsMessages');
    expectStatus(await c.asB('DELETE', `/sms?phoneNumberId=${c.aPhone.id}`), 204, "deleteSmsMessages of A's number");
    await smsUnchanged(c);
  },
  getSmsMessage: (c) => expectSmsNotFound(c, 'GET', (id) => `/sms/${id}`),
  markSmsAsRead: (c) => expectSmsNotFound(c, 'PATCH', (id) => `/sms/${id}/read`),
  setSmsFavourited: (c) => expectSmsNotFound(c, 'PUT', (id) => `/sms/${id}/favourite?favourited=true`),
  deleteSmsMessage: (c) => expectSmsNotFound(c, 'DELETE', (id) => `/sms/${id}`),
  getSmsCodes: (c) => expectSmsNotFound(c, 'POST', (id) => `/sms/${id}/codes`),
  async waitForSms(c) {
    await expectIdNotFound(c, c.aPhone.id, 'POST', () => '/waitForSms', (id) => ({ phoneNumberId: id, count: 1, timeout: 100 }));
    await smsUnchanged(c);
  },
  async waitForLatestSms(c) {
    await expectIdNotFound(c, c.aPhone.id, 'POST', () => '/waitForLatestSms', (id) => ({ phoneNumberId: id, timeout: 100 }));
    await smsUnchanged(c);
  },
};

async function sentSmsUnchanged(c: Ctx): Promise<void> {
  assert.deepEqual(await c.aSentSmsNow(), c.aSentSmsMade, "A's sent SMS is unchanged");
}

async function expectSentSmsNotFound(c: Ctx, method: string, pathFor: (id: string) => string): Promise<void> {
  await expectIdNotFound(c, c.aSentSms.id, method, pathFor);
  await sentSmsUnchanged(c);
}

/** Outbound SMS (SmsController's sending side and PhoneController's sent lists): listed by operationId, like SMS_CASES. */
const SENT_SMS_CASES: Record<string, IsolationCase> = {
  async sendSms(c) {
    const options = { to: '+12025550123', body: 'from b' };
    await expectIdNotFound(c, c.aPhone.id, 'POST', (id) => `/sms/send?fromPhoneId=${id}`, () => options);
    expectStatus(await c.asB('POST', `/sms/send?fromPhoneNumber=${enc(c.aPhone.phoneNumber)}`, options), 404, "sendSms from A's number");
    await sentSmsUnchanged(c);
  },
  async sendSmsFromPhoneNumber(c) {
    await expectPhoneNotFound(c, 'POST', (id) => `/phone/numbers/${id}/sms`, { to: '+12025550123', body: 'from b' });
    await sentSmsUnchanged(c);
  },
  getSentSmsByPhoneNumber: (c) => expectPhoneNotFound(c, 'GET', (id) => `/phone/numbers/${id}/sms-sent`),
  async replyToSmsMessage(c) {
    await expectIdNotFound(c, c.aSms.id, 'POST', (id) => `/sms/${id}/reply`, () => ({ body: 'from b' }));
    await smsUnchanged(c);
    await sentSmsUnchanged(c);
  },
  getReplyForSmsMessage: (c) => expectSmsNotFound(c, 'GET', (id) => `/sms/${id}/reply`),
  async getSentSmsMessagesPaginated(c) {
    const filters = ['', `phoneNumber=${c.aPhone.id}`, `search=${enc(A_SENT_SMS_BODY)}`];
    for (const filter of filters) expectOnly(await c.asB('GET', `/sms/sent?${filter}`), [], `getSentSmsMessagesPaginated?${filter}`);
  },
  async getSentSmsCount(c) {
    const reply = await c.asB('GET', '/sms/sent/count');
    expectStatus(reply, 200, 'getSentSmsCount');
    assert.equal(reply.json.totalElements, 0);
  },
  async deleteSentSmsMessages(c) {
    expectStatus(await c.asB('DELETE', '/sms/sent'), 204, 'deleteSentSmsMessages');
    expectStatus(await c.asB('DELETE', `/sms/sent?phoneNumberId=${c.aPhone.id}`), 204, "deleteSentSmsMessages of A's number");
    await sentSmsUnchanged(c);
  },
  getSentSmsMessage: (c) => expectSentSmsNotFound(c, 'GET', (id) => `/sms/sent/${id}`),
  deleteSentSmsMessage: (c) => expectSentSmsNotFound(c, 'DELETE', (id) => `/sms/sent/${id}`),
};

async function inventoryUnchanged(c: Ctx): Promise<void> {
  assert.deepEqual(await c.aInventoryNow(), c.aInventoryMade, "A's releases, job, emergency address and consent are unchanged");
}

/** PhoneController's inventory (src/modules/phone-inventory): listed by operationId, like PHONE_CASES. */
const INVENTORY_CASES: Record<string, IsolationCase> = {
  async getPhonePlans(c) {
    const reply = await c.asB('GET', '/phone/plans');
    expectStatus(reply, 200, 'getPhonePlans');
    assert.ok((reply.json as Array<{ userId: string }>).every((p) => p.userId === c.b.userId), "B's plans are B's");
  },
  async getPhonePlansAvailability(c) {
    expectStatus(await c.asB('GET', '/phone/plans/availability'), 200, 'getPhonePlansAvailability');
  },
  async getPhoneProvisioningCapabilities(c) {
    expectStatus(await c.asB('GET', '/phone/provisioning/capabilities?phoneCountry=US'), 200, 'getPhoneProvisioningCapabilities');
  },
  async searchAvailablePhoneNumbers(c) {
    const reply = await c.asB('POST', '/phone/provisioning/search', { phoneCountry: 'US', limit: 500 });
    expectStatus(reply, 200, 'searchAvailablePhoneNumbers');
    assert.ok(reply.json.count > 0, 'B finds free numbers, never A\'s (the secrets check)');
  },
  async createPhoneProvisioningJob(c) {
    const reply = await c.asB('POST', '/phone/provisioning/jobs', { phoneCountry: 'US', items: [{ phoneNumber: c.aPhone.phoneNumber }] });
    expectStatus(reply, 200, "createPhoneProvisioningJob of A's number");
    assert.deepEqual([reply.json.status, reply.json.items[0].status, reply.json.userId], ['FAILED', 'UNAVAILABLE', c.b.userId]);
    await phoneUnchanged(c);
  },
  getPhoneProvisioningJob: (c) => expectIdNotFound(c, c.aJob.id, 'GET', (id) => `/phone/provisioning/jobs/${id}`),
  async getAllPhoneNumberReleases(c) {
    const reply = await c.asB('GET', '/phone/releases?size=100');
    expectStatus(reply, 200, 'getAllPhoneNumberReleases');
    assert.ok((reply.json.content as Array<{ userId: string }>).every((r) => r.userId === c.b.userId), "B's releases are B's");
  },
  getPhoneNumberRelease: (c) => expectIdNotFound(c, c.aRelease.id, 'GET', (id) => `/phone/releases/${id}`),
  async reassignPhoneNumberRelease(c) {
    await expectIdNotFound(c, c.aRelease.id, 'GET', (id) => `/phone/releases/${id}/reassign`);
    await inventoryUnchanged(c);
  },
  async getPhoneSummary(c) {
    const reply = await c.asB('GET', '/phone/summary');
    expectStatus(reply, 200, 'getPhoneSummary');
    const own = (await c.asB('GET', '/phone/numbers')).json.totalElements;
    assert.equal(reply.json.totalPhones, own, "B's summary counts B's numbers only");
  },
  async exportPhoneNumbersCsv(c) {
    const reply = await c.asB('GET', '/phone/numbers/csv');
    expectStatus(reply, 200, 'exportPhoneNumbersCsv');
    const own = (await c.asB('GET', '/phone/numbers')).json.totalElements;
    assert.equal(reply.text.split('\r\n').filter(Boolean).length, own + 1, "a header and B's numbers only");
  },
  async getPhoneNumberLineTypeIntelligence(c) {
    const reply = await c.asB('POST', '/phone/validate/line-type-intelligence', { phoneNumber: c.aPhone.phoneNumber });
    expectStatus(reply, 200, "getPhoneNumberLineTypeIntelligence of A's number");
    assert.equal(reply.json.mailslurpPhoneNumber, true, 'in the ranges, as any number of them, held or free');
  },
  async getConsentStatus(c) {
    const reply = await c.asB('GET', '/phone/consent');
    expectStatus(reply, 200, 'getConsentStatus');
    assert.equal(reply.json.consented, false, "A's consent is not B's");
  },
  async setConsentStatus(c) {
    expectStatus(await c.asB('POST', '/phone/consent?agree=true'), 200, 'setConsentStatus');
    expectStatus(await c.asB('POST', '/phone/consent?agree=false'), 200, 'setConsentStatus');
    await inventoryUnchanged(c);
  },
  async createEmergencyAddress(c) {
    const own = await c.asB('POST', '/phone/emergency-addresses', { ...A_ADDRESS, customerName: 'b-customer', address1: 'b-line' });
    expectStatus(own, 200, 'createEmergencyAddress');
    assert.equal(own.json.userId, c.b.userId);
    expectStatus(await c.asB('DELETE', `/phone/emergency-addresses/${own.json.id}`), 200, "deleting B's emergency address");
    await inventoryUnchanged(c);
  },
  async getEmergencyAddresses(c) {
    const reply = await c.asB('GET', '/phone/emergency-addresses');
    expectStatus(reply, 200, 'getEmergencyAddresses');
    assert.deepEqual(reply.json, [], "B sees none of A's emergency addresses");
  },
  getEmergencyAddress: (c) => expectIdNotFound(c, c.aEmergencyAddress.id, 'GET', (id) => `/phone/emergency-addresses/${id}`),
  async deleteEmergencyAddress(c) {
    await expectIdNotFound(c, c.aEmergencyAddress.id, 'DELETE', (id) => `/phone/emergency-addresses/${id}`);
    await inventoryUnchanged(c);
  },
  async getPhoneSmsPrepaidCredits(c) {
    const reply = await c.asB('GET', '/phone/sms-prepaid-credits');
    expectStatus(reply, 200, 'getPhoneSmsPrepaidCredits');
    assert.deepEqual(reply.json, { count: 0, totalRemainingCredits: 0, items: [] });
  },
  // the carrier sells no credits: A has none either, so any id reads as missing
  getPhoneSmsPrepaidCredit: (c) => expectIdNotFound(c, randomUUID(), 'GET', (id) => `/phone/sms-prepaid-credits/${id}`),
};

async function poolsUnchanged(c: Ctx): Promise<void> {
  assert.deepEqual(await c.aPoolsNow(), c.aPoolsMade, "A's phone pools, lease and SMS threads are unchanged");
}

/** B's request naming A's pool answers exactly as for one that does not exist, and changes nothing. */
async function expectPoolNotFound(c: Ctx, method: string, pathFor: (id: string) => string, body?: unknown): Promise<void> {
  await expectIdNotFound(c, c.aPool.id, method, pathFor, () => body);
  await poolsUnchanged(c);
}

/** B's own phone pool and a number of B's (not in it), made for one case and removed by it. */
async function withOwnPool(c: Ctx, run: (poolId: string, phoneId: string) => Promise<void>): Promise<void> {
  const phone = await c.asB('POST', '/phone', { phoneCountry: 'US' });
  expectStatus(phone, 200, "creating B's number");
  const pool = await c.asB('POST', '/phone/pools', { name: 'b-pool' });
  expectStatus(pool, 200, "creating B's pool");
  try {
    await run(pool.json.id, phone.json.id);
  } finally {
    expectStatus(await c.asB('DELETE', `/phone/pools/${pool.json.id}`), 204, "deleting B's pool");
    expectStatus(await c.asB('DELETE', `/phone/numbers/${phone.json.id}`), 204, "deleting B's number");
  }
  await poolsUnchanged(c);
}

/** Phone pools and SMS threads (src/modules/phone-pool, PhoneController): listed by operationId, like PHONE_CASES. */
const POOL_CASES: Record<string, IsolationCase> = {
  async createPhonePool(c) {
    const own = await c.asB('POST', '/phone/pools', { name: A_POOL_NAME });
    expectStatus(own, 200, "createPhonePool with A's pool's name: names are per user");
    assert.notEqual(own.json.id, c.aPool.id);
    assert.deepEqual([own.json.userId, own.json.memberCount, own.json.members], [c.b.userId, 0, []]);
    expectStatus(await c.asB('DELETE', `/phone/pools/${own.json.id}`), 204, "deleting B's pool");
    await poolsUnchanged(c);
  },
  async getPhonePools(c) {
    const reply = await c.asB('GET', '/phone/pools');
    expectStatus(reply, 200, 'getPhonePools');
    assert.deepEqual(reply.json, [], 'B has no pools and sees none of A');
    await withOwnPool(c, async (poolId) => {
      const listed = await c.asB('GET', '/phone/pools');
      assert.deepEqual((listed.json as Array<{ id: string }>).map((p) => p.id), [poolId]);
    });
  },
  getPhonePool: (c) => expectPoolNotFound(c, 'GET', (id) => `/phone/pools/${id}`),
  async getPhonePoolByName(c) {
    expectStatus(await c.asB('GET', `/phone/pools/by-name?name=${enc(A_POOL_NAME)}`), 404, "getPhonePoolByName with A's name");
    await poolsUnchanged(c);
  },
  async getOrCreatePhonePool(c) {
    const own = await c.asB('POST', '/phone/pools/get-or-create', { name: A_POOL_NAME, description: 'b' });
    expectStatus(own, 200, "getOrCreatePhonePool with A's name");
    assert.notEqual(own.json.id, c.aPool.id, "B gets a pool of its own, not A's");
    assert.deepEqual([own.json.userId, own.json.description, own.json.members], [c.b.userId, 'b', []]);
    expectStatus(await c.asB('DELETE', `/phone/pools/${own.json.id}`), 204, "deleting B's pool");
    await poolsUnchanged(c);
  },
  updatePhonePool: (c) => expectPoolNotFound(c, 'PUT', (id) => `/phone/pools/${id}`, { name: 'taken over', description: null }),
  deletePhonePool: (c) => expectPoolNotFound(c, 'DELETE', (id) => `/phone/pools/${id}`),
  async addPhoneNumbersToPhonePool(c) {
    await withOwnPool(c, async (poolId, phoneId) => {
      await expectPoolNotFound(c, 'POST', (id) => `/phone/pools/${id}/numbers`, { phoneNumberIds: [phoneId] });
      // A's number into B's pool
      await expectIdNotFound(c, c.aPhone.id, 'POST', () => `/phone/pools/${poolId}/numbers`, (id) => ({ phoneNumberIds: [id] }));
    });
  },
  async addAllPhoneNumbersToPhonePool(c) {
    await withOwnPool(c, async (poolId, phoneId) => {
      await expectPoolNotFound(c, 'POST', (id) => `/phone/pools/${id}/numbers/add-all`);
      const own = await c.asB('POST', `/phone/pools/${poolId}/numbers/add-all`);
      expectStatus(own, 200, "addAllPhoneNumbersToPhonePool of B's pool");
      assert.deepEqual((own.json.members as Array<{ phoneNumberId: string }>).map((m) => m.phoneNumberId), [phoneId], "only B's numbers");
    });
  },
  async removePhoneNumberFromPhonePool(c) {
    await expectPoolNotFound(c, 'DELETE', (id) => `/phone/pools/${id}/numbers/${c.aPhone.id}`);
    await withOwnPool(c, async (poolId) => {
      await expectIdNotFound(c, c.aPhone.id, 'DELETE', (id) => `/phone/pools/${poolId}/numbers/${id}`);
    });
  },
  acquirePhonePoolLease: (c) => expectPoolNotFound(c, 'POST', (id) => `/phone/pools/${id}/leases`, { leaseOwner: 'b' }),
  async releasePhonePoolLease(c) {
    await expectPoolNotFound(c, 'DELETE', (id) => `/phone/pools/${id}/leases/${c.aLease.id}`);
    await withOwnPool(c, async (poolId) => {
      await expectIdNotFound(c, c.aLease.id, 'DELETE', (id) => `/phone/pools/${poolId}/leases/${id}`);
    });
  },
  async getAllPhoneMessageThreads(c) {
    const reply = await c.asB('GET', '/phone/numbers/message-threads');
    expectStatus(reply, 200, 'getAllPhoneMessageThreads');
    assert.deepEqual([reply.json.content, reply.json.totalElements], [[], 0], 'B has no threads and sees none of A');
  },
  getPhoneMessageThreads: (c) => expectPhoneNotFound(c, 'GET', (id) => `/phone/numbers/${id}/message-threads`),
  getPhoneMessageThreadItems: (c) => expectPhoneNotFound(c, 'GET', (id) => `/phone/numbers/${id}/message-threads/${enc(CARRIER_TEST_SENDER)}`),
  async deletePhoneMessageThreadItems(c) {
    await expectPhoneNotFound(c, 'DELETE', (id) => `/phone/numbers/${id}/message-threads/${enc(CARRIER_TEST_SENDER)}`);
    await poolsUnchanged(c);
  },
};

async function mediaUnchanged(c: Ctx): Promise<void> {
  assert.deepEqual(await c.aMediaNow(), c.aMediaMade, "A's MMS media is unchanged");
}

async function expectMediaNotFound(c: Ctx, pathFor: (id: string) => string): Promise<void> {
  await expectIdNotFound(c, c.aMedia.id, 'GET', pathFor);
  await mediaUnchanged(c);
}

/** MMS media (SmsController's and PhoneController's media operations, filled by the SMS sink): listed by operationId, like SMS_CASES. */
const SINK_CASES: Record<string, IsolationCase> = {
  async getSmsMedia(c) {
    await expectIdNotFound(c, c.aMedia.smsId, 'GET', (id) => `/sms/${id}/media`);
    await mediaUnchanged(c);
  },
  getSmsMediaById: (c) => expectMediaNotFound(c, (id) => `/sms/media/${id}`),
  downloadSmsMedia: (c) => expectMediaNotFound(c, (id) => `/sms/media/${id}/bytes`),
  downloadSmsMediaBase64: (c) => expectMediaNotFound(c, (id) => `/sms/media/${id}/base64`),
  getPhoneNumberMediaById: (c) => expectMediaNotFound(c, (id) => `/phone/media/${id}`),
  downloadPhoneNumberMedia: (c) => expectMediaNotFound(c, (id) => `/phone/media/${id}/bytes`),
  downloadPhoneNumberMediaBase64: (c) => expectMediaNotFound(c, (id) => `/phone/media/${id}/base64`),
  async getPhoneNumberMedia(c) {
    await expectPhoneNotFound(c, 'GET', (id) => `/phone/${id}/media`);
    await mediaUnchanged(c);
  },
  async getPhoneNumberMedia1(c) {
    for (const filter of ['', `search=${enc(c.aMedia.id)}`, 'search=image']) expectOnly(await c.asB('GET', `/phone/media?${filter}`), [], `getPhoneNumberMedia1?${filter}`);
  },
};

const ISOLATION_CASES: Record<string, IsolationCase> = {
  // InboxForwarderController (src/modules/forwarder): A's inboxes, forwarders and events are 404 to B.
  async createNewInboxForwarder(c) {
    await expectNotFound(c, 'POST', (id) => `/forwarders?inboxId=${id}`, { match: '*', forwardToRecipients: ['x@example.com'] });
    await withOwnForwarder(c, async () => {});
  },
  getInboxForwarder: (c) => expectIdNotFound(c, c.aForwarder.id, 'GET', (id) => `/forwarders/${id}`),
  updateInboxForwarder: (c) => expectIdNotFound(c, c.aForwarder.id, 'PUT', (id) => `/forwarders/${id}`, () => ({ match: '*', forwardToRecipients: ['b@example.com'] })),
  deleteInboxForwarder: (c) => expectIdNotFound(c, c.aForwarder.id, 'DELETE', (id) => `/forwarders/${id}`),
  getInboxForwarderEvents: (c) => expectIdNotFound(c, c.aForwarder.id, 'GET', (id) => `/forwarders/${id}/events`),
  getForwarderEvent: (c) => expectIdNotFound(c, c.aForwarderEvent.id, 'GET', (id) => `/forwarders/events/${id}`),
  async getInboxForwarderEvent(c) {
    await expectIdNotFound(c, c.aForwarder.id, 'GET', (id) => `/forwarders/${id}/events/${c.aForwarderEvent.id}`);
    await withOwnForwarder(c, (own) => expectIdNotFound(c, c.aForwarderEvent.id, 'GET', (id) => `/forwarders/${own}/events/${id}`));
  },
  testInboxForwarder: (c) => expectIdNotFound(c, c.aForwarder.id, 'POST', (id) => `/forwarders/${id}/test`, () => ({ testValue: 'alpha-forward-pattern-x' })),
  async testInboxForwardersForInbox(c) {
    await expectNotFound(c, 'PUT', (id) => `/forwarders?inboxId=${id}`, { testValue: 'alpha-forward-pattern-x' });
    await withOwnForwarder(c, async (own) => {
      const reply = await c.asB('PUT', `/forwarders?inboxId=${c.bOwn.id}`, { testValue: 'alpha-forward-pattern-x' });
      expectStatus(reply, 200, "testing B's inbox");
      assert.deepEqual(reply.json.matches, { [own]: true }, "only B's forwarder is tested");
    });
  },
  async testNewInboxForwarder(c) {
    await expectIdNotFound(c, c.aForwarderEvent.emailId, 'PATCH', () => '/forwarders', (id) => ({
      createInboxForwarderOptions: { match: '*', forwardToRecipients: ['x@example.com'] }, inboxForwarderTestOptions: { emailId: id },
    }));
  },
  async getInboxForwarders(c) {
    await expectNotFound(c, 'GET', (id) => `/forwarders?inboxId=${id}`);
    await withOwnForwarder(c, async (own) => {
      expectOnly(await c.asB('GET', '/forwarders?size=100'), [own], 'GET /forwarders');
      expectOnly(await c.asB('GET', `/forwarders?searchFilter=${enc('alpha-forward')}`), [], 'GET /forwarders searching for A\'s pattern');
    });
  },
  async deleteInboxForwarders(c) {
    await expectNotFound(c, 'DELETE', (id) => `/forwarders?inboxId=${id}`);
    for (const path of ['/forwarders', `/forwarders?inboxId=${c.bOwn.id}`]) {
      const own = await c.asB('POST', `/forwarders?inboxId=${c.bOwn.id}`, { match: '*', forwardToRecipients: ['b-dest@example.com'] });
      expectStatus(own, 201, "creating B's forwarder");
      expectStatus(await c.asB('DELETE', path), 204, `DELETE ${path}`);
      expectOnly(await c.asB('GET', '/forwarders'), [], `B's forwarder is gone: DELETE ${path} did run for B`);
    }
  },
  async getAllInboxForwarderEvents(c) {
    await expectNotFound(c, 'GET', (id) => `/forwarders/events?inboxId=${id}`);
    for (const filter of [{}, { emailId: c.aForwarderEvent.emailId }, { sentId: c.aForwarderEvent.sentId }] as Array<Record<string, string>>) {
      expectOnly(await c.asB('GET', `/forwarders/events${query(filter)}`), [], `GET /forwarders/events${query(filter)}`);
    }
  },

  // InboxReplierController (src/modules/replier): A's inboxes, repliers and events are 404 to B.
  async createNewInboxReplier(c) {
    await expectNotFound(c, 'POST', () => '/repliers', (id: string) => ({ inboxId: id, match: '*', body: 'x' }));
    await withOwnReplier(c, async () => {});
  },
  getInboxReplier: (c) => expectIdNotFound(c, c.aReplier.id, 'GET', (id) => `/repliers/${id}`),
  async updateInboxReplier(c) {
    await expectIdNotFound(c, c.aReplier.id, 'PUT', (id) => `/repliers/${id}`, () => ({ inboxId: c.bOwn.id, match: '*', body: 'taken over' }));
    // B's own replier cannot be moved onto A's inbox
    await withOwnReplier(c, (own) => expectNotFound(c, 'PUT', () => `/repliers/${own}`, (id: string) => ({ inboxId: id, match: '*', body: 'x' })));
  },
  updateInboxReplierActive: (c) => expectIdNotFound(c, c.aReplier.id, 'PUT', (id) => `/repliers/${id}/active`, () => ({ active: false })),
  deleteInboxReplier: (c) => expectIdNotFound(c, c.aReplier.id, 'DELETE', (id) => `/repliers/${id}`),
  getInboxReplierEvents: (c) => expectIdNotFound(c, c.aReplier.id, 'GET', (id) => `/repliers/${id}/events`),
  async getInboxRepliers(c) {
    await expectNotFound(c, 'GET', (id) => `/repliers?inboxId=${id}`);
    await withOwnReplier(c, async (own) => expectOnly(await c.asB('GET', '/repliers?size=100'), [own], 'GET /repliers'));
  },
  async deleteInboxRepliers(c) {
    await expectNotFound(c, 'DELETE', (id) => `/repliers?inboxId=${id}`);
    const own = await c.asB('POST', '/repliers', { inboxId: c.bOwn.id, match: '*', body: 'b reply' });
    expectStatus(own, 201, "creating B's replier");
    expectStatus(await c.asB('DELETE', '/repliers'), 204, 'DELETE /repliers');
    expectOnly(await c.asB('GET', '/repliers'), [], "B's replier is gone: the route did run for B");
  },
  async getAllInboxReplierEvents(c) {
    await expectNotFound(c, 'GET', (id) => `/repliers/events?inboxId=${id}`);
    await expectIdNotFound(c, c.aReplier.id, 'GET', (id) => `/repliers/events?inboxReplierId=${id}`);
    for (const filter of [{}, { emailId: c.aReplierEvent.emailId }, { sentId: c.aReplierEvent.sentId }] as Array<Record<string, string>>) {
      expectOnly(await c.asB('GET', `/repliers/events${query(filter)}`), [], `GET /repliers/events${query(filter)}`);
    }
  },

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
  // doesInboxHaveAutomations: A's inbox is a 404 to B, and B's account shows none of A's automations.
  doesInboxHaveAutomations: async (c) => {
    await expectNotFound(c, 'GET', (id) => `/inboxes/automations?inboxId=${id}`);
    const own = await c.asB('GET', '/inboxes/automations');
    expectStatus(own, 200, 'GET /inboxes/automations');
    assert.equal(own.json.hasAutomations, false, "B's account has none of A's automations");
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

  // Rulesets (src/modules/ruleset): another user's ruleset or inbox is a 404 like a missing one.
  createNewRuleset: async (c) => {
    await expectIdNotFound(c, c.target.id, 'POST', (id) => `/rulesets?inboxId=${id}`, () => B_RULESET);
    await withOwnRuleset(c, async () => {});
  },
  createInboxRuleset: (c) => rulesetsKept(c, () => expectIdNotFound(c, c.target.id, 'POST', (id) => `/inboxes/${id}/rulesets`, () => B_RULESET)),
  listInboxRulesets: (c) => rulesetsKept(c, () => expectIdNotFound(c, c.target.id, 'GET', (id) => `/inboxes/${id}/rulesets`)),
  getRulesets: (c) => withOwnRuleset(c, async (ownId) => {
    for (const search of ['', A_RULESET_TARGET, c.aRuleset.id, 'alpha']) {
      const reply = await c.asB('GET', `/rulesets?size=100&searchFilter=${enc(search)}`);
      expectStatus(reply, 200, 'getRulesets');
      assert.deepEqual((reply.json.content as Array<{ id: string }>).map((r) => r.id), search ? [] : [ownId], 'getRulesets pages B its own rulesets only');
    }
    await expectIdNotFound(c, c.target.id, 'GET', (id) => `/rulesets?inboxId=${id}`);
  }),
  getRuleset: (c) => rulesetsKept(c, () => expectIdNotFound(c, c.aRuleset.id, 'GET', (id) => `/rulesets/${id}`)),
  updateRuleset: (c) => rulesetsKept(c, () => expectIdNotFound(c, c.aRuleset.id, 'PUT', (id) => `/rulesets/${id}`, () => ({ active: false }))),
  deleteRuleset: (c) => rulesetsKept(c, () => expectIdNotFound(c, c.aRuleset.id, 'DELETE', (id) => `/rulesets/${id}`)),
  deleteRulesets: (c) => rulesetsKept(c, async () => {
    await expectIdNotFound(c, c.target.id, 'DELETE', (id) => `/rulesets?inboxId=${id}`);
    expectStatus(await c.asB('DELETE', '/rulesets'), 204, "B deletes all of its own rulesets");
  }),
  testRuleset: (c) => rulesetsKept(c, () => expectIdNotFound(c, c.aRuleset.id, 'POST', (id) => `/rulesets/${id}/test`, () => ({ testTarget: A_RULESET_TARGET }))),
  testInboxRulesetsForInbox: (c) => rulesetsKept(c, () =>
    expectIdNotFound(c, c.target.id, 'PUT', (id) => `/rulesets?inboxId=${id}`, () => ({ testTarget: A_RULESET_TARGET }))),
  testNewRuleset: (c) => rulesetsKept(c, async () => {
    const reply = await c.asB('PATCH', '/rulesets', { inboxRulesetTestOptions: { testTarget: 'x@b.example' }, createRulesetOptions: B_RULESET });
    expectStatus(reply, 200, 'testNewRuleset');
    assert.deepEqual(reply.json, { rulesetMatches: { new: false }, matches: false });
  }),
  testRulesetReceiving: (c) => rulesetsKept(c, async () => {
    await expectIdNotFound(c, c.target.id, 'POST', () => '/rulesets/test-receiving', (id) => ({ inboxId: id, fromSender: A_RULESET_TARGET }));
  }),
  testRulesetSending: (c) => rulesetsKept(c, async () => {
    await expectIdNotFound(c, c.target.id, 'POST', () => '/rulesets/test-sending', (id) => ({ inboxId: id, recipient: A_ACCOUNT_RULESET_TARGET }));
    // A's account rule refuses A's sends to this address, never B's
    const reply = await c.asB('POST', '/rulesets/test-sending', { recipient: A_ACCOUNT_RULESET_TARGET });
    expectStatus(reply, 200, 'testRulesetSending');
    assert.deepEqual(reply.json, { canSend: true });
  }),
  // Virtual TOTP devices (src/modules/mfa): another user's device is a 404 like a missing one.
  createTotpDeviceForBase32SecretKey: (c) => totpDeviceOfB(c, '/mfa/totp/device/base32SecretKey', { ...A_TOTP }),
  createTotpDeviceForCustom: (c) => totpDeviceOfB(c, '/mfa/totp/device/custom', { ...A_TOTP, base32SecretKey: undefined, secret: A_TOTP.base32SecretKey, digits: 8 }),
  createTotpDeviceForOtpAuthUrl: (c) => totpDeviceOfB(c, '/mfa/totp/device/otpAuthUrl', {
    otpAuthUrl: `otpauth://totp/${enc(A_TOTP.issuer)}:${enc(A_TOTP.username)}?secret=${A_TOTP.base32SecretKey}&issuer=${enc(A_TOTP.issuer)}`, name: A_TOTP.name,
  }),
  getTotpDevice: (c) => expectTotpDeviceNotFound(c, 'GET', (id) => `/mfa/totp/device/${id}`),
  updateTotpDevice: (c) => expectTotpDeviceNotFound(c, 'PUT', (id) => `/mfa/totp/device/${id}`, { name: 'taken over', digits: 8 }),
  deleteTotpDevice: (c) => expectTotpDeviceNotFound(c, 'DELETE', (id) => `/mfa/totp/device/${id}`),
  getTotpDeviceCode: (c) => expectTotpDeviceNotFound(c, 'GET', (id) => `/mfa/totp/device/${id}/code?at=2030-01-01T00:00:00.000Z`),
  getTotpDevices: async (c) => {
    for (const query of ['', `&issuer=${enc(A_TOTP.issuer)}`, `&username=${enc(A_TOTP.username)}`]) {
      const reply = await c.asB('GET', `/mfa/totp/device?size=100${query}`);
      expectStatus(reply, 200, `getTotpDevices ${query}`);
      assert.equal(reply.json.totalElements, 0, "B sees none of A's TOTP devices");
    }
  },
  getTotpDeviceBy: async (c) => {
    for (const query of [`name=${enc(A_TOTP.name)}`, `issuer=${enc(A_TOTP.issuer)}&username=${enc(A_TOTP.username)}`, '']) {
      const reply = await c.asB('GET', `/mfa/totp/device/by?${query}`);
      expectStatus(reply, 200, `getTotpDeviceBy ${query}`);
      assert.deepEqual(reply.json, { device: null }, "A's device is not B's");
    }
  },
};

/** B's request naming A's alias (or thread) answers as for one that does not exist, and A's alias is unchanged. */
async function expectAliasNotFound(c: Ctx, aId: string, method: string, pathFor: (id: string) => string, bodyFor?: (id: string) => unknown): Promise<void> {
  const before = await c.aAliasNow();
  await expectIdNotFound(c, aId, method, pathFor, bodyFor);
  assert.deepEqual(await c.aAliasNow(), before, "A's alias is unchanged");
}

/** Runs `check` while B has an alias of its own, so a list that answers nothing at all fails. */
async function withOwnAlias(c: Ctx, check: (ownId: string) => Promise<void>): Promise<void> {
  const own = await c.asB('POST', '/aliases', { emailAddress: 'b-hidden@example.com', useThreads: true });
  expectStatus(own, 201, "creating B's own alias");
  try {
    await check(own.json.id);
  } finally {
    expectStatus(await c.asB('DELETE', `/aliases/${own.json.id}`), 204, "deleting B's own alias");
  }
}

const ALIAS_CASES: Record<string, IsolationCase> = {
  // AliasController (src/modules/alias): A's alias, its inbox and its thread are 404 to B.
  createAlias: (c) => expectAliasNotFound(c, c.aIds.values().next().value!, 'POST', () => '/aliases',
    (id) => ({ emailAddress: 'b-hidden@example.com', useThreads: false, inboxId: id })),
  getAlias: (c) => expectAliasNotFound(c, c.aAlias.id, 'GET', (id) => `/aliases/${id}`),
  updateAlias: (c) => expectAliasNotFound(c, c.aAlias.id, 'PUT', (id) => `/aliases/${id}`, () => ({ name: 'taken over' })),
  deleteAlias: (c) => expectAliasNotFound(c, c.aAlias.id, 'DELETE', (id) => `/aliases/${id}`),
  getAliasEmails: (c) => expectAliasNotFound(c, c.aAlias.id, 'GET', (id) => `/aliases/${id}/emails`),
  sendAliasEmail: (c) => expectAliasNotFound(c, c.aAlias.id, 'POST', (id) => `/aliases/${id}/emails`, () => ({ to: ['x@example.com'], subject: 's', body: 'b' })),
  replyToAliasEmail: (c) => expectAliasNotFound(c, c.aAlias.id, 'PUT', (id) => `/aliases/${id}/emails/${randomUUID()}`, () => ({ body: 'x', isHTML: false })),
  getAliasThreads: (c) => expectAliasNotFound(c, c.aAlias.id, 'GET', (id) => `/aliases/${id}/threads`),
  getThread: (c) => expectAliasNotFound(c, c.aThread.id, 'GET', (id) => `/aliases/threads/${id}`),
  getAliases: (c) => withOwnAlias(c, async (ownId) => {
    for (const search of ['', A_ALIAS_NAME, A_ALIAS_HIDDEN, c.aAlias.id]) {
      const reply = await c.asB('GET', `/aliases${query(search ? { search, size: '100' } : { size: '100' })}`);
      expectStatus(reply, 200, 'getAliases');
      assert.deepEqual((reply.json.content as Array<{ id: string }>).map((x) => x.id), search ? [] : [ownId], 'B is paged its own aliases only');
    }
  }),
  getThreadsPaginated: async (c) => {
    const reply = await c.asB('GET', '/aliases/threads?size=100');
    expectStatus(reply, 200, 'getThreadsPaginated');
    assert.deepEqual(reply.json.content, [], 'B has no threads and sees none of A');
    assert.equal(reply.json.totalElements, 0);
  },
};
Object.assign(ISOLATION_CASES, ALIAS_CASES);
Object.assign(ISOLATION_CASES, INVENTORY_CASES);
Object.assign(ISOLATION_CASES, SINK_CASES);
/** B's request for A's phone number answers as for a missing one, and A's phone webhooks and rulesets are unchanged. */
async function phoneWebhooksUnchanged(c: Ctx): Promise<void> {
  assert.deepEqual(await c.aPhoneWebhooksNow(), c.aPhoneWebhooks, "A's phone webhooks are unchanged");
}

/** An email-ruleset case of RulesetController, followed by the SMS side of the same operation. */
function withSmsSide(operationId: string, sms: IsolationCase): IsolationCase {
  const emailSide = ISOLATION_CASES[operationId]!;
  return async (c) => {
    await emailSide(c);
    await rulesetsKept(c, () => sms(c));
  };
}

/**
 * The inbound SMS pipeline (src/modules/missed-sms, the phone-number webhooks, SMS-scoped
 * rulesets): A's missed SMS, phone webhooks and phone rulesets are 404 / invisible to B.
 */
const PIPELINE_CASES: Record<string, IsolationCase> = {
  async getAllMissedSmsMessages(c) {
    for (const filter of ['', `phoneNumber=${enc(c.aPhone.phoneNumber)}`, `search=${enc(A_MISSED_SMS_BODY)}`, `search=${c.aMissedSms.id}`]) {
      expectOnly(await c.asB('GET', `/missed-sms?${filter}`), [], `getAllMissedSmsMessages?${filter}`);
    }
    await expectIdNotFound(c, c.aPhone.id, 'GET', (id) => `/missed-sms?phoneNumber=${id}`);
    assert.deepEqual(await c.aMissedSmsNow(), c.aMissedSmsMade, "A's missed SMS are unchanged");
  },
  async getMissedSmsCount(c) {
    const reply = await c.asB('GET', '/missed-sms/count');
    expectStatus(reply, 200, 'getMissedSmsCount');
    assert.equal(reply.json.totalElements, 0);
  },
  async getMissedSmsMessage(c) {
    await expectIdNotFound(c, c.aMissedSms.id, 'GET', (id) => `/missed-sms/${id}`);
    assert.deepEqual(await c.aMissedSmsNow(), c.aMissedSmsMade, "A's missed SMS are unchanged");
  },
  async createWebhookForPhoneNumber(c) {
    await expectPhoneNotFound(c, 'POST', (id) => `/phone/numbers/${id}/webhooks`, { url: 'https://hooks.example.com/b' });
    await phoneWebhooksUnchanged(c);
  },
  async getPhoneNumberWebhooksPaginated(c) {
    await expectPhoneNotFound(c, 'GET', (id) => `/phone/numbers/${id}/webhooks/paginated`);
    await expectPhoneNotFound(c, 'GET', (id) => `/phone/numbers/${id}/webhooks/paginated?includeAccountWide=true`);
    await phoneWebhooksUnchanged(c);
  },
  createNewRuleset: withSmsSide('createNewRuleset', async (c) => {
    await expectIdNotFound(c, c.aPhone.id, 'POST', (id) => `/rulesets?phoneId=${id}`, () => ({ scope: 'RECEIVING_SMS', action: 'BLOCK', target: '*' }));
  }),
  getRulesets: withSmsSide('getRulesets', async (c) => {
    await expectIdNotFound(c, c.aPhone.id, 'GET', (id) => `/rulesets?phoneId=${id}`);
    expectStatus(await c.asB('GET', `/rulesets?searchFilter=${enc(A_SMS_RULESET_TARGET)}`), 200, 'getRulesets by A\'s SMS target');
  }),
  deleteRulesets: withSmsSide('deleteRulesets', (c) => expectIdNotFound(c, c.aPhone.id, 'DELETE', (id) => `/rulesets?phoneId=${id}`)),
  testRuleset: withSmsSide('testRuleset', (c) =>
    expectIdNotFound(c, c.aSmsRuleset.id, 'POST', (id) => `/rulesets/${id}/test`, () => ({ testTarget: '+19995550000' }))),
  testRulesetReceiving: withSmsSide('testRulesetReceiving', (c) =>
    expectIdNotFound(c, c.aPhone.id, 'POST', () => '/rulesets/test-receiving', (id) => ({ phoneId: id, fromSender: '+19995550000' }))),
  testRulesetSending: withSmsSide('testRulesetSending', (c) =>
    expectIdNotFound(c, c.aPhone.id, 'POST', () => '/rulesets/test-sending', (id) => ({ phoneId: id, recipient: '+19995550000' }))),
};
Object.assign(ISOLATION_CASES, PIPELINE_CASES);
/** A response as a Reply (the suite's own jsonOf lives inside its setup). */
async function domainReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

/** A's custom domain (src/modules/domain), made on first use by A, with A's inbox as its catch-all, and as A saw it made. */
const aDomains = new WeakMap<Ctx, { id: string; domain: string; made: unknown }>();
async function aDomainOf(c: Ctx): Promise<{ id: string; domain: string; made: unknown }> {
  const known = aDomains.get(c);
  if (known) return known;
  const created = await domainReply(await c.a.fetch('/domains', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ domain: `a-${randomUUID().slice(0, 8)}.example.test` }),
  }));
  assert.equal(created.status, 200, `A's createDomain: ${created.text}`);
  const updated = await domainReply(await c.a.fetch(`/domains/${created.json.id}`, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ catchAllInboxId: c.target.id }),
  }));
  assert.equal(updated.status, 200, `A's updateDomain: ${updated.text}`);
  const entry = { id: created.json.id as string, domain: created.json.domain as string, made: updated.json };
  aDomains.set(c, entry);
  return entry;
}

/** A's domain is as A made it, and its health events are none. */
async function domainUnchanged(c: Ctx): Promise<void> {
  const d = await aDomainOf(c);
  assert.deepEqual((await domainReply(await c.a.fetch(`/domains/${d.id}`))).json, d.made, "A's domain is unchanged");
  assert.deepEqual((await domainReply(await c.a.fetch(`/domains/${d.id}/health-events`))).json, [], "A's domain has no health events");
}

/** B's request for A's domain answers exactly as for one that does not exist, and changes nothing. */
async function expectDomainNotFound(c: Ctx, method: string, pathFor: (id: string) => string, body?: unknown): Promise<void> {
  await expectIdNotFound(c, (await aDomainOf(c)).id, method, pathFor, () => body);
  await domainUnchanged(c);
}

/** B's domain groups name only the server's own domains: none of A's. */
async function expectNoCustomDomains(c: Ctx, path: string): Promise<void> {
  const d = await aDomainOf(c);
  const reply = await c.asB('GET', path);
  expectStatus(reply, 200, path);
  const custom = (reply.json.domainGroups as Array<{ label: string; domains: unknown[] }>).find((g) => g.label === 'CUSTOM');
  assert.deepEqual(custom?.domains ?? [], [], `${path}: B has no custom domains`);
  assert.ok(!reply.text.includes(d.domain), `${path} does not name A's domain`);
}

/** DomainController (src/modules/domain): listed by operationId, like PHONE_CASES. */
const DOMAIN_CASES: Record<string, IsolationCase> = {
  async createDomain(c) {
    const d = await aDomainOf(c);
    const own = await c.asB('POST', '/domains', { domain: `b-${randomUUID().slice(0, 8)}.example.test` });
    expectStatus(own, 200, "createDomain of B's own");
    assert.equal(own.json.userId, c.b.userId);
    expectStatus(await c.asB('DELETE', `/domains/${own.json.id}`), 200, "deleting B's domain");
    // Domain names are unique on the server (mail is routed by them): B learns that the name is
    // taken, and nothing else (not whose, no id); the answer names only what B sent.
    expectStatus(await c.asB('POST', '/domains', { domain: d.domain }), 409, "createDomain with A's domain name");
    await domainUnchanged(c);
  },
  async getDomains(c) {
    await aDomainOf(c);
    const reply = await c.asB('GET', '/domains');
    expectStatus(reply, 200, 'getDomains');
    assert.deepEqual(reply.json, [], "B lists none of A's domains");
  },
  async getDomainIssues(c) {
    await aDomainOf(c);
    const reply = await c.asB('GET', '/domains/issues');
    expectStatus(reply, 200, 'getDomainIssues');
    assert.equal(reply.json.hasIssues, false, "A's unverified domain is no issue of B's");
  },
  getDomain: (c) => expectDomainNotFound(c, 'GET', (id) => `/domains/${id}?checkForErrors=true`),
  updateDomain: async (c) => {
    await expectDomainNotFound(c, 'PUT', (id) => `/domains/${id}`, { catchAllInboxId: null });
    // B's own domain cannot take A's inbox as its catch-all: as for an inbox that does not exist.
    const own = await c.asB('POST', '/domains', { domain: `b-${randomUUID().slice(0, 8)}.example.test` });
    expectStatus(own, 200, "createDomain of B's own");
    const missing = await c.asB('PUT', `/domains/${own.json.id}`, { catchAllInboxId: randomUUID() });
    const foreign = await c.asB('PUT', `/domains/${own.json.id}`, { catchAllInboxId: c.target.id });
    expectStatus(missing, 400, 'a missing catch-all inbox');
    expectStatus(foreign, 400, "A's inbox as B's catch-all");
    assert.equal(String(foreign.json.message).replaceAll(c.target.id, '<id>'), String(missing.json.message).replace(/[0-9a-f-]{36}/, '<id>'));
    expectStatus(await c.asB('DELETE', `/domains/${own.json.id}`), 200, "deleting B's domain");
    await domainUnchanged(c);
  },
  deleteDomain: (c) => expectDomainNotFound(c, 'DELETE', (id) => `/domains/${id}`),
  getDomainHealthEvents: (c) => expectDomainNotFound(c, 'GET', (id) => `/domains/${id}/health-events`),
  addDomainWildcardCatchAll: (c) => expectDomainNotFound(c, 'POST', (id) => `/domains/${id}/wildcard`),
  getDomainWildcardCatchAllInbox: (c) => expectDomainNotFound(c, 'GET', (id) => `/domains/${id}/wildcard`),
  getAvailableDomains: (c) => expectNoCustomDomains(c, '/domains/available-domains'),
  getMailSlurpDomains: (c) => expectNoCustomDomains(c, '/domains/mailslurp-domains'),
  getAvailableDomainRegions: (c) => expectNoCustomDomains(c, '/domains/available-domain-regions'),
};
Object.assign(ISOLATION_CASES, DOMAIN_CASES);
async function orgUnchanged(c: Ctx): Promise<void> {
  assert.deepEqual(await c.aOrgNow(), c.aOrgMade, "A's organisation's members and keys are unchanged");
}

/** An organisation ADMIN's routes (src/modules/organization): B is an ADMIN of another organisation. */
const ORG_CASES: Record<string, IsolationCase> = {
  listOrganizationMembers: async (c) => {
    const reply = await c.asB('GET', '/organization/members');
    expectStatus(reply, 200, 'GET /organization/members');
    assert.deepEqual((reply.json as Array<{ userId: string }>).map((m) => m.userId), [c.b.userId], "B sees its own organisation's members only");
    await orgUnchanged(c);
  },
  createOrganizationMemberApiKey: async (c) => {
    for (const id of [c.aOrgMember.id, c.a.userId]) await expectIdNotFound(c, id, 'POST', (x) => `/organization/members/${x}/api-keys`);
    await orgUnchanged(c);
  },
  listOrganizationMemberApiKeys: async (c) => {
    for (const id of [c.aOrgMember.id, c.a.userId]) await expectIdNotFound(c, id, 'GET', (x) => `/organization/members/${x}/api-keys`);
    await orgUnchanged(c);
  },
  revokeOrganizationMemberApiKey: async (c) => {
    await expectIdNotFound(c, c.aOrgMember.id, 'DELETE', (x) => `/organization/members/${x}/api-keys/${c.aOrgMemberKey.id}`);
    await orgUnchanged(c);
  },
};

Object.assign(ISOLATION_CASES, ORG_CASES);
/** A's guest portal with a guest (on A's first inbox, so A's inboxes stay as they were) and A's draft warmup program, made once per A. */
interface PortalFixture {
  portalId: string;
  guestId: string;
  programId: string;
  /** A's portals, guests, program, seats and usage as A sees them */
  view(): Promise<unknown>;
}
const portalFixtures = new Map<string, Promise<PortalFixture>>();
function portalFixture(c: Ctx): Promise<PortalFixture> {
  let fixture = portalFixtures.get(c.a.userId);
  if (!fixture) {
    fixture = (async () => {
      const asA = async (method: string, path: string, body?: unknown) => {
        const response = await c.a.fetch(path, {
          method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        });
        const text = await response.text();
        assert.ok(response.status < 300, `A's ${method} ${path}: ${response.status} ${text}`);
        return JSON.parse(text);
      };
      const portal = await asA('POST', '/guest-portal', { name: 'alpha-portal' });
      const guest = await asA('POST', `/guest-portal/${portal.id}/user`, { username: 'alpha-guest', inboxId: c.target.id });
      const program = await asA('POST', '/email-warmup/programs', {
        name: 'alpha-warmup', senderInboxIds: [c.target.id], seedAddresses: ['alpha-seed@example.com'], startVolume: 1, dailyIncrease: 1, maxDailyVolume: 2, durationDays: 2,
      });
      return {
        portalId: portal.id,
        guestId: guest.guest.id,
        programId: program.id,
        view: async () => ({
          portals: await asA('GET', '/guest-portal'),
          guests: await asA('GET', '/guest-portal/user'),
          program: await asA('GET', `/email-warmup/programs/${program.id}`),
          seats: await asA('GET', '/sending-connections/sender-seats'),
          usage: await asA('GET', '/email-warmup/usage'),
        }),
      };
    })();
    portalFixtures.set(c.a.userId, fixture);
  }
  return fixture;
}

/**
 * Domain monitors (src/modules/domain-monitor, DomainMonitorController): A's monitor with two runs,
 * an alert sink and an observed sample (of mail A sent to its verification address), made on first
 * use; every route aimed at A's ids answers as for ids that do not exist, and A's data stays as it was.
 */
interface AMonitorFixture { monitorId: string; runIds: [string, string]; sinkId: string; sampleId: string; snapshot: string }
const aMonitorFixtures = new WeakMap<Tenant, Promise<AMonitorFixture>>();
/** the running server's domain monitor storage (set by the suite's before): A's sample is written there, so no mail changes A's inboxes */
let monitorRepo: DomainMonitorRepository | undefined;

async function aJson(c: Ctx, method: string, path: string, body?: unknown): Promise<any> {
  const response = await c.a.fetch(path, {
    method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  assert.ok(response.status < 300, `A's ${method} ${path}: ${response.status}`);
  return response.status === 204 ? undefined : response.json();
}

/** What A sees of its monitor, runs, sinks and samples, as one string. */
async function aMonitorState(c: Ctx, monitorId: string): Promise<string> {
  const base = `/domain-monitor/monitors/${monitorId}`;
  const verification = await c.a.fetch(`${base}/email-verification`);
  return JSON.stringify([
    ...(await Promise.all([
      aJson(c, 'GET', base), aJson(c, 'GET', `${base}/runs`), aJson(c, 'GET', `${base}/alert-sinks`), aJson(c, 'GET', `${base}/observed-auth-samples`),
    ])),
    verification.status,
  ]);
}

function aMonitor(c: Ctx): Promise<AMonitorFixture> {
  let fixture = aMonitorFixtures.get(c.a);
  if (!fixture) {
    fixture = (async () => {
      const monitor = await aJson(c, 'POST', '/domain-monitor/monitors', { domain: 'shared-monitor.test', name: A_NAME, dkimSelectors: ['alpha'] });
      const first = await aJson(c, 'POST', `/domain-monitor/monitors/${monitor.id}/run-now`);
      const second = await aJson(c, 'POST', `/domain-monitor/monitors/${monitor.id}/run-now`);
      const sink = await aJson(c, 'POST', `/domain-monitor/monitors/${monitor.id}/alert-sinks`, { type: 'WEBHOOK', target: 'https://alpha.example/alerts' });
      const sampleId = randomUUID();
      await monitorRepo!.addSample({
        id: sampleId, tenantId: c.a.userId, monitorId: monitor.id, recipientAddress: c.target.emailAddress, emailId: null,
        sample: {
          domain: 'shared-monitor.test', sourceMessageId: null, fromAddress: 'a@shared-monitor.test', fromDomain: 'shared-monitor.test', returnPath: null,
          returnPathDomain: null, spfStatus: 'PASS', spfEvaluatedDomain: null, spfSourceIp: null, dkimStatus: 'PASS', dkimSignatures: [],
          dmarcStatus: 'PASS', dmarcAlignedIdentifier: null, trustedAuthenticationResultsSource: null, providerHints: [], accepted: true, validationError: null,
        },
        receivedAt: new Date(), createdAt: new Date(),
      });
      return {
        monitorId: monitor.id, runIds: [first.run.id, second.run.id], sinkId: sink.id, sampleId,
        snapshot: await aMonitorState(c, monitor.id),
      };
    })();
    aMonitorFixtures.set(c.a, fixture);
  }
  return fixture;
}

/** Runs `check` against A's portal fixture, then checks A's portal, guests, program, seats and usage are as before. */
function withPortals(check: (c: Ctx, f: PortalFixture) => Promise<void>): IsolationCase {
  return async (c) => {
    const f = await portalFixture(c);
    const before = await f.view();
    await check(c, f);
    assert.deepEqual(await f.view(), before, "A's portals, guests, warmup program and seats are unchanged");
  };
}

const WARMUP_BODY = { senderInboxIds: [] as string[], seedAddresses: ['b-seed@example.com'], startVolume: 1, dailyIncrease: 0, maxDailyVolume: 1, durationDays: 1 };

/** GuestPortalController, SendingConnectionsController's sender seats and EmailWarmupController (src/modules/guest-portal, sender-seats, warmup). */
const PORTAL_CASES: Record<string, IsolationCase> = {
  createGuestPortal: withPortals(async (c) => {
    const own = await c.asB('POST', '/guest-portal', { name: 'b-portal' });
    expectStatus(own, 201, 'createGuestPortal');
    assert.equal(own.json.userId, c.b.userId);
  }),
  getGuestPortals: withPortals(async (c, f) => {
    const reply = await c.asB('GET', '/guest-portal');
    expectStatus(reply, 200, 'getGuestPortals');
    assert.ok(!reply.json.some((p: { id: string }) => p.id === f.portalId));
  }),
  getGuestPortal: withPortals((c, f) => expectIdNotFound(c, f.portalId, 'GET', (id) => `/guest-portal/${id}`)),
  createGuestPortalUser: withPortals(async (c, f) => {
    await expectIdNotFound(c, f.portalId, 'POST', (id) => `/guest-portal/${id}/user`, () => ({ username: 'b-guest', skipInboxCreation: true }));
    const own = await c.asB('POST', '/guest-portal', {});
    expectStatus(own, 201, "B's own portal");
    // A's inbox given to B's guest: exactly as an inbox that does not exist
    await expectIdNotFound(c, c.target.id, 'POST', () => `/guest-portal/${own.json.id}/user`, (id) => ({ inboxId: id }));
  }),
  getGuestPortalUsers: withPortals((c, f) => expectIdNotFound(c, f.portalId, 'GET', (id) => `/guest-portal/${id}/user`)),
  getAllGuestPortalUsers: withPortals(async (c, f) => {
    for (const filter of ['', `portalId=${f.portalId}`, 'search=alpha-guest']) {
      const reply = await c.asB('GET', `/guest-portal/user?${filter}`);
      expectStatus(reply, 200, `getAllGuestPortalUsers?${filter}`);
      assert.ok(!reply.json.content.some((g: { id: string }) => g.id === f.guestId), `getAllGuestPortalUsers?${filter}`);
    }
  }),
  getGuestPortalUser: withPortals(async (c, f) => {
    await expectIdNotFound(c, f.portalId, 'GET', (id) => `/guest-portal/${id}/user/${f.guestId}`);
    const own = await c.asB('POST', '/guest-portal', {});
    await expectIdNotFound(c, f.guestId, 'GET', (id) => `/guest-portal/${own.json.id}/user/${id}`);
  }),
  getGuestPortalUserById: withPortals((c, f) => expectIdNotFound(c, f.guestId, 'GET', (id) => `/guest-portal/user/${id}`)),

  getDeliverySenderSeats: withPortals(async (c) => {
    const reply = await c.asB('GET', '/sending-connections/sender-seats');
    expectStatus(reply, 200, 'getDeliverySenderSeats');
    assert.deepEqual(reply.json, { seats: null, used: 0, available: null, inboxIds: [] });
  }),
  updateDeliverySenderSeats: withPortals(async (c) => {
    expectStatus(await c.asB('PUT', '/sending-connections/sender-seats', { seats: 0 }), 200, 'updateDeliverySenderSeats');
    expectStatus(await c.asB('DELETE', '/sending-connections/sender-seats'), 200, "lifting B's cap again");
  }),
  deleteDeliverySenderSeats: withPortals(async (c) => {
    expectStatus(await c.asB('DELETE', '/sending-connections/sender-seats'), 200, 'deleteDeliverySenderSeats');
  }),

  createEmailWarmupProgram: withPortals(async (c) => {
    const unknown = randomUUID();
    const baseline = await c.asB('POST', '/email-warmup/programs', { ...WARMUP_BODY, senderInboxIds: [unknown] });
    const reply = await c.asB('POST', '/email-warmup/programs', { ...WARMUP_BODY, senderInboxIds: [c.target.id] });
    expectStatus(reply, 400, "a program sending from A's inbox");
    assert.equal(reply.json.message.replaceAll(c.target.id, '<id>'), baseline.json.message.replaceAll(unknown, '<id>'));
  }),
  getEmailWarmupPrograms: withPortals(async (c) => expectOnly(await c.asB('GET', '/email-warmup/programs'), [], 'getEmailWarmupPrograms')),
  getEmailWarmupUsage: withPortals(async (c) => {
    const reply = await c.asB('GET', '/email-warmup/usage');
    expectStatus(reply, 200, 'getEmailWarmupUsage');
    assert.deepEqual([reply.json.programs, reply.json.senderInboxIds, reply.json.perProgram, reply.json.sentTotal], [0, [], [], 0]);
  }),
  updateEmailWarmupSenderSeats: withPortals(async (c) => {
    expectStatus(await c.asB('PUT', '/email-warmup/programs/sender-seats', { seats: 0 }), 200, 'updateEmailWarmupSenderSeats');
    expectStatus(await c.asB('DELETE', '/email-warmup/programs/sender-seats'), 200, "lifting B's warmup cap again");
  }),
  deleteEmailWarmupSenderSeats: withPortals(async (c) => {
    expectStatus(await c.asB('DELETE', '/email-warmup/programs/sender-seats'), 200, 'deleteEmailWarmupSenderSeats');
  }),
  getEmailWarmupProgram: withPortals((c, f) => expectIdNotFound(c, f.programId, 'GET', (id) => `/email-warmup/programs/${id}`)),
  updateEmailWarmupProgram: withPortals((c, f) => expectIdNotFound(c, f.programId, 'PUT', (id) => `/email-warmup/programs/${id}`, () => ({ startVolume: 2 }))),
  deleteEmailWarmupProgram: withPortals((c, f) => expectIdNotFound(c, f.programId, 'DELETE', (id) => `/email-warmup/programs/${id}`, () => ({ confirm: true }))),
  startEmailWarmupProgram: withPortals((c, f) => expectIdNotFound(c, f.programId, 'POST', (id) => `/email-warmup/programs/${id}/start`)),
  pauseEmailWarmupProgram: withPortals((c, f) => expectIdNotFound(c, f.programId, 'POST', (id) => `/email-warmup/programs/${id}/pause`)),
  resumeEmailWarmupProgram: withPortals((c, f) => expectIdNotFound(c, f.programId, 'POST', (id) => `/email-warmup/programs/${id}/resume`)),
  completeEmailWarmupProgram: withPortals((c, f) => expectIdNotFound(c, f.programId, 'POST', (id) => `/email-warmup/programs/${id}/complete`)),
};
Object.assign(ISOLATION_CASES, PORTAL_CASES);

/** A's account retention policy, made for one case (365 days: A's inboxes are far younger) and removed after it. */
async function withAPolicy(c: Ctx, run: (policyId: string) => Promise<void>): Promise<void> {
  const made = await c.a.fetch('/user/inbox-retention-policies/account', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ retentionDays: 365 }),
  });
  assert.equal(made.status, 200, "creating A's retention policy");
  const policy = (await made.json()) as { id: string };
  try {
    await run(policy.id);
    const after = (await (await c.a.fetch(`/user/inbox-retention-policies/${policy.id}`)).json()) as { retentionDays: number };
    assert.equal(after.retentionDays, 365, "A's policy is unchanged");
  } finally {
    await c.a.fetch('/user/inbox-retention-policies/account', { method: 'DELETE' });
  }
}

/** B's page of one of the account-wide lists holds nothing of A's (asB also checks no A secret is in the text). */
async function expectEmptyList(c: Ctx, path: string): Promise<void> {
  const reply = await c.asB('GET', path);
  expectStatus(reply, 200, `GET ${path}`);
  assert.deepEqual(reply.json.content, [], `GET ${path} lists nothing of A's`);
}

/** UserController's account-wide views, retention policies, exports, spam records and forms (src/modules/user, retention, export, spam, forms). */
const USER_REST_CASES: Record<string, IsolationCase> = {
  async getUserInfo(c) {
    const reply = await c.asB('GET', '/user/info');
    expectStatus(reply, 200, 'getUserInfo');
    assert.equal(reply.json.id, c.b.userId);
  },
  async getEntityAutomations(c) {
    await expectEmptyList(c, '/user/automations');
    await expectIdNotFound(c, c.target.id, 'GET', (id) => `/user/automations?inboxId=${id}`);
  },
  async getEntityEvents(c) {
    await expectEmptyList(c, '/user/events');
    await expectIdNotFound(c, c.target.id, 'GET', (id) => `/user/events?inboxId=${id}`);
    expectStatus(await c.asB('GET', `/user/events?emailId=${c.aForwarderEvent.emailId}`), 200, "getEntityEvents by A's email id");
    assert.deepEqual((await c.asB('GET', `/user/events?emailId=${c.aForwarderEvent.emailId}`)).json.content, []);
  },
  async getEntityFavorites(c) {
    await expectEmptyList(c, '/user/favorites');
  },
  async getJsonPropertyAsString(c) {
    const reply = await c.asB('POST', '/user/json/pluck?property=a', { a: 'b-value' });
    expectStatus(reply, 200, 'getJsonPropertyAsString');
    assert.equal(reply.text, 'b-value');
  },
  async getInboxRetentionPolicyForAccount(c) {
    await withAPolicy(c, async () => {
      const reply = await c.asB('GET', '/user/inbox-retention-policies/account');
      expectStatus(reply, 200, 'getInboxRetentionPolicyForAccount');
      assert.equal(reply.json.policy ?? null, null, "B has no policy: A's is not B's");
    });
  },
  async createOrUpdateInboxRetentionPolicyForAccount(c) {
    await withAPolicy(c, async (aPolicyId) => {
      const reply = await c.asB('POST', '/user/inbox-retention-policies/account', { retentionDays: 1 });
      expectStatus(reply, 200, 'createOrUpdateInboxRetentionPolicyForAccount');
      assert.notEqual(reply.json.id, aPolicyId, "B's policy is its own, not A's changed");
      const run = await c.asB('POST', '/user/inbox-retention-policies/account/run');
      expectStatus(run, 200, "running B's policy");
      assert.deepEqual(run.json.deletedInboxIds, []);
      expectStatus(await c.asB('DELETE', '/user/inbox-retention-policies/account'), 200, "deleting B's policy");
    });
  },
  async deleteInboxRetentionPolicyForAccount(c) {
    await withAPolicy(c, async () => {
      expectStatus(await c.asB('DELETE', '/user/inbox-retention-policies/account'), 200, 'deleteInboxRetentionPolicyForAccount');
    });
  },
  getInboxRetentionPolicy: (c) => withAPolicy(c, (id) => expectIdNotFound(c, id, 'GET', (p) => `/user/inbox-retention-policies/${p}`)),
  updateInboxRetentionPolicy: (c) => withAPolicy(c, (id) =>
    expectIdNotFound(c, id, 'PUT', (p) => `/user/inbox-retention-policies/${p}`, () => ({ retentionDays: 1 }))),
  deleteInboxRetentionPolicy: (c) => withAPolicy(c, (id) => expectIdNotFound(c, id, 'DELETE', (p) => `/user/inbox-retention-policies/${p}`)),
  async createInboxRetentionPolicyRun(c) {
    await withAPolicy(c, async () => {
      const run = await c.asB('POST', '/user/inbox-retention-policies/account/run');
      expectStatus(run, 200, 'createInboxRetentionPolicyRun');
      assert.deepEqual([run.json.matchedPolicies, run.json.deletedInboxIds], [0, []], "A's policy is not run for B");
    });
  },
  async getInboxRetentionPolicyRuns(c) {
    await withAPolicy(c, async () => {
      const aRun = (await (await c.a.fetch('/user/inbox-retention-policies/account/run', { method: 'POST' })).json()) as { id: string };
      const reply = await c.asB('GET', '/user/inbox-retention-policies/runs?size=100');
      expectStatus(reply, 200, 'getInboxRetentionPolicyRuns');
      assert.ok(!reply.json.content.some((r: { id: string }) => r.id === aRun.id), 'no run of A listed');
    });
  },
  async getInboxRetentionPolicyRun(c) {
    await withAPolicy(c, async () => {
      const aRun = (await (await c.a.fetch('/user/inbox-retention-policies/account/run', { method: 'POST' })).json()) as { id: string };
      await expectIdNotFound(c, aRun.id, 'GET', (id) => `/user/inbox-retention-policies/runs/${id}`);
    });
  },
  async exportEntities(c) {
    for (const type of ['INBOXES', 'EMAILS', 'CONTACTS', 'ATTACHMENTS']) {
      const reply = await c.asB('GET', `/export?exportType=${type}&outputFormat=CSV_DEFAULT`);
      expectStatus(reply, 200, `exportEntities ${type}`);
      const ids = reply.text.trim().split('\r\n').slice(1).map((line) => line.split(',')[0]);
      assert.ok(ids.every((id) => !c.aIds.has(id!)), `B's ${type} export holds nothing of A's`);
    }
  },
  async getExportLink(c) {
    const reply = await c.asB('POST', '/export?exportType=INBOXES', { outputFormat: 'CSV_DEFAULT' });
    expectStatus(reply, 200, 'getExportLink');
    const download = await fetch(reply.json.downloadLink as string);
    assert.equal(download.status, 200);
    const text = await download.text();
    for (const id of c.aIds) assert.ok(!text.includes(id), "B's link opens B's export only");
  },
  async getAllSpamEmails(c) {
    await expectEmptyList(c, '/spam-emails');
    await expectEmptyList(c, `/spam-emails?inboxId=${c.target.id}`);
  },
  async submitForm(c) {
    // Public: it reaches inboxes of this server by address and nothing else. An outside
    // address, an inbox id or an address that is no inbox is a 400 and nothing is sent.
    for (const to of ['someone@example.com', c.target.id, `nobody-${randomUUID()}@${c.target.emailAddress.split('@')[1]}`]) {
      const reply = await fetch(`${c.serverUrl}/forms`, { method: 'POST', body: new URLSearchParams({ _to: to, message: 'hi' }) });
      assert.equal(reply.status, 400, `submitForm to ${to}`);
    }
  },
};
Object.assign(ISOLATION_CASES, USER_REST_CASES);

/** Agent-scoped API keys and the audit log (src/modules/api-keys, src/modules/audit): A's keys and events by id. */
async function replyOf(response: Response): Promise<Reply> {
  const text = await response.text();
  return { status: response.status, text, json: text ? JSON.parse(text) : undefined };
}
async function aKeyId(c: Ctx): Promise<string> {
  const keys = await replyOf(await c.a.fetch('/api-keys'));
  return keys.json[0].id as string;
}
async function aEventId(c: Ctx): Promise<string> {
  // A state-changing call of A's, so A has an event of its own.
  await replyOf(await c.a.fetch(`/inboxes/${c.target.id}/favourite`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ state: c.target.favourite }) }));
  const page = await replyOf(await c.a.fetch('/audit-logs?pageSize=1'));
  return page.json.items[0].eventId as string;
}
const ACCESS_CASES: Record<string, IsolationCase> = {
  async getApiKeys(c) {
    const keyId = await aKeyId(c);
    const reply = await c.asB('GET', '/api-keys');
    expectStatus(reply, 200, 'getApiKeys');
    assert.ok(reply.json.every((k: { id: string; userId: string }) => k.id !== keyId && k.userId === c.b.userId), "B lists none of A's keys");
  },
  createApiKey: (c) => expectIdNotFound(c, c.target.id, 'POST', () => '/api-keys', (id) => ({ permissions: ['EMAIL_READ'], inboxIds: [id] })),
  async getApiKeyPermissions(c) {
    expectStatus(await c.asB('GET', '/api-keys/permissions'), 200, 'getApiKeyPermissions');
  },
  getApiKey: async (c) => expectIdNotFound(c, await aKeyId(c), 'GET', (id) => `/api-keys/${id}`),
  async revokeApiKey(c) {
    const keyId = await aKeyId(c);
    await expectIdNotFound(c, keyId, 'DELETE', (id) => `/api-keys/${id}`);
    const still = await replyOf(await c.a.fetch(`/api-keys/${keyId}`));
    expectStatus(still, 200, "A's key after B's revoke");
    assert.equal(still.json.revokedAt, null, "A's key is not revoked");
  },
  async getAuditLogs(c) {
    const eventId = await aEventId(c);
    for (const filter of ['', `resourceId=${c.target.id}`, `userId=${c.a.userId}`, 'action=setInboxFavourited']) {
      const reply = await c.asB('GET', `/audit-logs?${filter}`);
      expectStatus(reply, 200, `getAuditLogs?${filter}`);
      assert.ok(reply.json.items.every((e: { tenantId: string; eventId: string }) => e.tenantId === c.b.userId && e.eventId !== eventId), `getAuditLogs?${filter} shows none of A's events`);
    }
  },
  async searchAuditLogs(c) {
    const eventId = await aEventId(c);
    for (const body of [{ eventId }, { resourceId: c.target.id }, { userId: c.a.userId }]) {
      const reply = await c.asB('POST', '/audit-logs/search', body);
      expectStatus(reply, 200, `searchAuditLogs ${JSON.stringify(body)}`);
      assert.deepEqual(reply.json.items, [], `searchAuditLogs ${JSON.stringify(body)} finds none of A's events`);
    }
  },
  getAuditLogByEventId: async (c) => expectIdNotFound(c, await aEventId(c), 'GET', (id) => `/audit-logs/${id}`),
};
Object.assign(ISOLATION_CASES, ACCESS_CASES);

/**
 * Google Postmaster Tools connections (src/modules/postmaster, DomainMonitorPostmasterController):
 * A holds a connection URL (its single-use state, its login hint); B must not see it, use A's
 * state, or remove it. The server's OAuth client points at an endpoint never reached here: every
 * B call fails or answers before talking to Google.
 */
const A_POSTMASTER_EMAIL = 'alpha-postmaster@example.com';
let aPostmaster: { state: string; connection: unknown } | undefined;

async function aPostmasterConnection(c: Ctx): Promise<{ state: string; connection: unknown }> {
  if (!aPostmaster) {
    const created = await c.a.fetch('/domain-monitor/postmaster/connect', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ emailAddress: A_POSTMASTER_EMAIL }),
    });
    assert.equal(created.status, 200, `A's connection URL: ${await created.clone().text()}`);
    const { state } = (await created.json()) as { state: string };
    aPostmaster = { state, connection: await (await c.a.fetch('/domain-monitor/postmaster/connection')).json() };
  }
  return aPostmaster;
}

async function postmasterUnchanged(c: Ctx): Promise<void> {
  const made = await aPostmasterConnection(c);
  const now = await (await c.a.fetch('/domain-monitor/postmaster/connection')).json();
  assert.deepEqual(now, made.connection, "A's Postmaster connection is unchanged");
}

const POSTMASTER_CASES: Record<string, IsolationCase> = {
  async createDomainMonitorPostmasterConnection(c) {
    const a = await aPostmasterConnection(c);
    const own = await c.asB('POST', '/domain-monitor/postmaster/connect', {});
    expectStatus(own, 200, "createDomainMonitorPostmasterConnection: B's own URL");
    assert.notEqual(own.json.state, a.state);
    await c.asB('DELETE', '/domain-monitor/postmaster/connection');
    await postmasterUnchanged(c);
  },
  async exchangeDomainMonitorPostmasterCode(c) {
    const a = await aPostmasterConnection(c);
    const body = (state: string) => ({ authorizationCode: 'code', redirectUri: 'https://isolation.example/callback', state });
    const withA = await c.asB('POST', '/domain-monitor/postmaster/oauth-exchange', body(a.state));
    const withNone = await c.asB('POST', '/domain-monitor/postmaster/oauth-exchange', body('no-such-state'));
    expectStatus(withA, 400, "exchange with A's state");
    assert.deepEqual([withA.status, withA.json.message], [withNone.status, withNone.json.message], "A's state reads like a state that does not exist");
    await postmasterUnchanged(c);
  },
  async getDomainMonitorPostmasterConnection(c) {
    await aPostmasterConnection(c);
    const reply = await c.asB('GET', '/domain-monitor/postmaster/connection');
    expectStatus(reply, 200, 'getDomainMonitorPostmasterConnection');
    assert.deepEqual([reply.json.connected, reply.json.connection], [false, null], "B has no connection and sees none of A's");
  },
  async deleteDomainMonitorPostmasterConnection(c) {
    await aPostmasterConnection(c);
    expectStatus(await c.asB('DELETE', '/domain-monitor/postmaster/connection'), 204, 'deleteDomainMonitorPostmasterConnection');
    await postmasterUnchanged(c);
  },
  async getDomainMonitorPostmasterDomains(c) {
    await aPostmasterConnection(c);
    const reply = await c.asB('GET', '/domain-monitor/postmaster/domains');
    expectStatus(reply, 200, 'getDomainMonitorPostmasterDomains');
    assert.deepEqual(reply.json, []);
  },
  async syncDomainMonitorPostmasterDomains(c) {
    await aPostmasterConnection(c);
    const reply = await c.asB('POST', '/domain-monitor/postmaster/domains/sync');
    expectStatus(reply, 400, "syncDomainMonitorPostmasterDomains without a connection of B's own");
    assert.match(reply.json.message, /No Postmaster connection/);
    await postmasterUnchanged(c);
  },
  async getDomainMonitorPostmasterTrafficStats(c) {
    await aPostmasterConnection(c);
    const reply = await c.asB('GET', '/domain-monitor/postmaster/domains/example.com/traffic-stats');
    expectStatus(reply, 200, 'getDomainMonitorPostmasterTrafficStats');
    assert.deepEqual(reply.json.stats, []);
  },
  async syncDomainMonitorPostmasterTrafficStats(c) {
    await aPostmasterConnection(c);
    const reply = await c.asB('POST', '/domain-monitor/postmaster/domains/example.com/traffic-stats/sync');
    expectStatus(reply, 400, "syncDomainMonitorPostmasterTrafficStats without a connection of B's own");
    assert.match(reply.json.message, /No Postmaster connection/);
    await postmasterUnchanged(c);
  },
};
Object.assign(ISOLATION_CASES, POSTMASTER_CASES);

async function monitorUnchanged(c: Ctx): Promise<void> {
  const fixture = await aMonitor(c);
  assert.equal(await aMonitorState(c, fixture.monitorId), fixture.snapshot, "A's domain monitor is unchanged");
}

/** A's monitor id in the path reads like a missing one; A's monitor is unchanged. */
async function expectMonitorNotFound(c: Ctx, method: string, pathFor: (monitorId: string) => string, body?: unknown): Promise<void> {
  const fixture = await aMonitor(c);
  await expectIdNotFound(c, fixture.monitorId, method, pathFor, () => body);
  await monitorUnchanged(c);
}

/** Runs `check` with a monitor of B's own (deleted after), then checks A's is unchanged. */
async function withOwnMonitor(c: Ctx, check: (ownId: string, fixture: AMonitorFixture) => Promise<void>): Promise<void> {
  const fixture = await aMonitor(c);
  const own = await c.asB('POST', '/domain-monitor/monitors', { domain: 'shared-monitor.test', name: 'bravo-monitor', schedulingEnabled: false });
  expectStatus(own, 200, "creating B's own monitor of A's domain");
  try {
    await check(own.json.id, fixture);
  } finally {
    expectStatus(await c.asB('DELETE', `/domain-monitor/monitors/${own.json.id}`), 204, "deleting B's monitor");
  }
  await monitorUnchanged(c);
}

const MONITOR_CASES: Record<string, IsolationCase> = {
  createDomainMonitor: (c) => withOwnMonitor(c, async (ownId, fixture) => {
    assert.notEqual(ownId, fixture.monitorId);
    const own = await c.asB('GET', `/domain-monitor/monitors/${ownId}`);
    assert.deepEqual([own.json.userId, own.json.lastStatus, own.json.healthScore], [c.b.userId, undefined, null], 'B\'s monitor starts empty');
  }),
  async getDomainMonitors(c) {
    await aMonitor(c);
    const reply = await c.asB('GET', '/domain-monitor/monitors');
    expectStatus(reply, 200, 'getDomainMonitors');
    assert.deepEqual(reply.json, [], 'B sees none of A\'s monitors');
    await withOwnMonitor(c, async (ownId) => {
      assert.deepEqual(((await c.asB('GET', '/domain-monitor/monitors')).json as Array<{ id: string }>).map((m) => m.id), [ownId]);
    });
  },
  getDomainMonitor: (c) => expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}`),
  updateDomainMonitor: (c) => expectMonitorNotFound(c, 'PUT', (id) => `/domain-monitor/monitors/${id}`, { name: 'taken over', schedulingEnabled: false }),
  deleteDomainMonitor: (c) => expectMonitorNotFound(c, 'DELETE', (id) => `/domain-monitor/monitors/${id}`),
  runDomainMonitorNow: (c) => expectMonitorNotFound(c, 'POST', (id) => `/domain-monitor/monitors/${id}/run-now`),
  async runDueDomainMonitors(c) {
    await aMonitor(c);
    const reply = await c.asB('POST', '/domain-monitor/monitors/run-due?maxRuns=100');
    expectStatus(reply, 200, 'runDueDomainMonitors');
    assert.equal(reply.json.runCount, 0, 'B runs none of A\'s monitors');
    await monitorUnchanged(c);
  },
  getDomainMonitorRuns: (c) => expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}/runs`),
  async getDomainMonitorRun(c) {
    const fixture = await aMonitor(c);
    await expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}/runs/${fixture.runIds[0]}`);
    await withOwnMonitor(c, (ownId) => expectIdNotFound(c, fixture.runIds[0], 'GET', (id) => `/domain-monitor/monitors/${ownId}/runs/${id}`));
  },
  async compareDomainMonitorRuns(c) {
    const [first, second] = (await aMonitor(c)).runIds;
    await expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}/runs/${first}/compare/${second}`);
    await withOwnMonitor(c, (ownId) => expectIdNotFound(c, first, 'GET', (id) => `/domain-monitor/monitors/${ownId}/runs/${id}/compare/${second}`));
  },
  async exportDomainMonitorRunResults(c) {
    const fixture = await aMonitor(c);
    await expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}/runs/${fixture.runIds[1]}/results/export`);
    await withOwnMonitor(c, (ownId) => expectIdNotFound(c, fixture.runIds[1], 'GET', (id) => `/domain-monitor/monitors/${ownId}/runs/${id}/results/export`));
  },
  getDomainMonitorSeries: (c) => expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}/series?bucket=HOUR`),
  getDomainMonitorInsights: (c) => expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}/insights`),
  getDomainMonitorSummary: (c) => expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}/summary`),
  getDomainMonitorAuthStack: (c) => expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}/auth-stack`),
  createDomainMonitorAlertSink: (c) => expectMonitorNotFound(c, 'POST', (id) => `/domain-monitor/monitors/${id}/alert-sinks`,
    { type: 'WEBHOOK', target: 'https://b.example/hook' }),
  getDomainMonitorAlertSinks: (c) => expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}/alert-sinks`),
  async deleteDomainMonitorAlertSink(c) {
    const fixture = await aMonitor(c);
    await expectMonitorNotFound(c, 'DELETE', (id) => `/domain-monitor/monitors/${id}/alert-sinks/${fixture.sinkId}`);
    await withOwnMonitor(c, (ownId) => expectIdNotFound(c, fixture.sinkId, 'DELETE', (id) => `/domain-monitor/monitors/${ownId}/alert-sinks/${id}`));
  },
  getDomainMonitorObservedAuthSamples: (c) => expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}/observed-auth-samples`),
  async deleteDomainMonitorObservedAuthSample(c) {
    const fixture = await aMonitor(c);
    await expectMonitorNotFound(c, 'DELETE', (id) => `/domain-monitor/monitors/${id}/observed-auth-samples/${fixture.sampleId}`);
    await withOwnMonitor(c, (ownId) => expectIdNotFound(c, fixture.sampleId, 'DELETE', (id) => `/domain-monitor/monitors/${ownId}/observed-auth-samples/${id}`));
  },
  createDomainMonitorEmailVerificationAddress: (c) => expectMonitorNotFound(c, 'POST', (id) => `/domain-monitor/monitors/${id}/email-verification-address`),
  getDomainMonitorEmailVerification: (c) => expectMonitorNotFound(c, 'GET', (id) => `/domain-monitor/monitors/${id}/email-verification`),
};
/** Chaos per inbox (src/modules/chaos): A's rules on A's inbox, unreadable and unchangeable by B. */
const aChaosRules = [{ mode: 'FAIL', stage: 'RCPT', code: 451, enhancedStatus: '4.3.2', message: 'alpha chaos' }];
const withAChaos = async (c: Ctx, run: () => Promise<void>): Promise<void> => {
  const put = await c.a.fetch(`/inboxes/${c.target.id}/chaos`, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules: aChaosRules }),
  });
  assert.equal(put.status, 200, "setting A's chaos rules");
  const made = await put.json();
  try {
    await run();
    assert.deepEqual(await (await c.a.fetch(`/inboxes/${c.target.id}/chaos`)).json(), made, "A's chaos rules are unchanged");
  } finally {
    await c.a.fetch(`/inboxes/${c.target.id}/chaos`, { method: 'DELETE' });
  }
};
const CHAOS_CASES: Record<string, IsolationCase> = {
  getInboxChaos: (c) => withAChaos(c, () => expectNotFound(c, 'GET', (id) => `/inboxes/${id}/chaos`)),
  setInboxChaos: (c) => withAChaos(c, () => expectNotFound(c, 'PUT', (id) => `/inboxes/${id}/chaos`, { rules: [{ mode: 'BOUNCE' }] })),
  deleteInboxChaos: (c) => withAChaos(c, () => expectNotFound(c, 'DELETE', (id) => `/inboxes/${id}/chaos`)),
};
Object.assign(ISOLATION_CASES, CHAOS_CASES);
// Email retention by count and age (src/modules/retention/email-retention.service.ts): one policy per account.
const A_EMAIL_RETENTION = { maxEmailsPerInbox: 999_999, maxEmailsPerAccount: 888_888, maxAgeSeconds: 777_777 };
/** Runs `check` while A has an email retention policy (loose: it prunes nothing), then checks A's policy and mail are as they were. */
async function withAEmailRetention(c: Ctx, check: () => Promise<void>): Promise<void> {
  const put = await c.a.fetch('/user/email-retention', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(A_EMAIL_RETENTION) });
  assert.equal(put.status, 200, "setting A's email retention policy");
  const countBefore = await (await c.a.fetch('/emails/emails/count')).json();
  try {
    await check();
    const mine = (await (await c.a.fetch('/user/email-retention')).json()) as Record<string, unknown>;
    assert.deepEqual([mine.maxEmailsPerInbox, mine.maxEmailsPerAccount, mine.maxAgeSeconds], Object.values(A_EMAIL_RETENTION), "A's policy is unchanged");
    assert.deepEqual(await (await c.a.fetch('/emails/emails/count')).json(), countBefore, "A's mail is all there");
  } finally {
    await c.a.fetch('/user/email-retention', { method: 'DELETE' });
  }
}
const EMAIL_RETENTION_CASES: Record<string, IsolationCase> = {
  getEmailRetentionPolicy: (c) => withAEmailRetention(c, async () => {
    const reply = await c.asB('GET', '/user/email-retention');
    expectStatus(reply, 200, 'getEmailRetentionPolicy');
    assert.deepEqual([reply.json.maxEmailsPerInbox, reply.json.maxEmailsPerAccount, reply.json.maxAgeSeconds], [null, null, null], "B has no policy: A's is not B's");
  }),
  updateEmailRetentionPolicy: (c) => withAEmailRetention(c, async () => {
    const reply = await c.asB('PUT', '/user/email-retention', { maxEmailsPerInbox: 1 });
    expectStatus(reply, 200, 'updateEmailRetentionPolicy');
    assert.equal(reply.json.effective.maxEmailsPerInbox, 1, "B's own policy");
    expectStatus(await c.asB('DELETE', '/user/email-retention'), 200, "deleting B's policy");
  }),
  deleteEmailRetentionPolicy: (c) => withAEmailRetention(c, async () => {
    expectStatus(await c.asB('DELETE', '/user/email-retention'), 200, 'deleteEmailRetentionPolicy');
  }),
  runEmailRetention: (c) => withAEmailRetention(c, async () => {
    expectStatus(await c.asB('PUT', '/user/email-retention', { maxEmailsPerInbox: 1, maxEmailsPerAccount: 1, maxAgeSeconds: 1 }), 200, "B's strictest policy");
    try {
      const reply = await c.asB('POST', '/user/email-retention/run');
      expectStatus(reply, 200, 'runEmailRetention');
    } finally {
      await c.asB('DELETE', '/user/email-retention');
    }
  }),
};
Object.assign(ISOLATION_CASES, EMAIL_RETENTION_CASES);
Object.assign(ISOLATION_CASES, PHONE_CASES);
Object.assign(ISOLATION_CASES, MONITOR_CASES);
Object.assign(ISOLATION_CASES, SMS_CASES);
Object.assign(ISOLATION_CASES, SENT_SMS_CASES);
Object.assign(ISOLATION_CASES, POOL_CASES);
const B_RULESET = { scope: 'RECEIVING_EMAILS', action: 'BLOCK', target: 'b-ruleset@b.example' };

/** Runs `check` while B has one ruleset of its own (on its own inbox), then checks A's are unchanged. */
async function withOwnRuleset(c: Ctx, check: (ownId: string) => Promise<void>): Promise<void> {
  const own = await c.asB('POST', `/inboxes/${c.bOwn.id}/rulesets`, B_RULESET);
  expectStatus(own, 201, "creating B's own ruleset");
  try {
    await check(own.json.id);
  } finally {
    await c.asB('DELETE', `/rulesets/${own.json.id}`);
  }
  assert.deepEqual(await c.aRulesetsNow(), c.aRulesets, "A's rulesets are unchanged");
}

/** Runs `check`, then checks A's rulesets are unchanged. */
async function rulesetsKept(c: Ctx, check: () => Promise<void>): Promise<void> {
  await check();
  assert.deepEqual(await c.aRulesetsNow(), c.aRulesets, "A's rulesets are unchanged");
}

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

/** B creates its own device with A's labels and secret: B's, never A's; A's is unchanged. B's is deleted after. */
async function totpDeviceOfB(c: Ctx, path: string, body: unknown): Promise<void> {
  const before = await c.aTotpDeviceNow();
  const own = await c.asB('POST', path, body);
  expectStatus(own, 200, `POST ${path}`);
  assert.notEqual(own.json.id, c.aTotpDevice.id);
  expectStatus(await c.asB('DELETE', `/mfa/totp/device/${own.json.id}`), 204, "deleting B's own TOTP device");
  assert.deepEqual(await c.aTotpDeviceNow(), before, "A's TOTP device is unchanged");
}

/** B's request for A's TOTP device answers exactly as for a device that does not exist, and changes nothing. */
async function expectTotpDeviceNotFound(c: Ctx, method: string, pathFor: (id: string) => string, body?: unknown): Promise<void> {
  const before = await c.aTotpDeviceNow();
  const unknown = randomUUID();
  const baseline = await c.asB(method, pathFor(unknown), body);
  expectStatus(baseline, 404, `${method} ${pathFor('<unknown>')}`);
  const reply = await c.asB(method, pathFor(c.aTotpDevice.id), body);
  expectStatus(reply, 404, `${method} ${pathFor("<A's TOTP device>")}`);
  assert.equal(String(reply.json.message).replaceAll(c.aTotpDevice.id, '<id>'), String(baseline.json.message).replaceAll(unknown, '<id>'));
  assert.deepEqual(await c.aTotpDeviceNow(), before, "A's TOTP device is unchanged");
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
      forwarders: await get('/forwarders?size=100'),
      forwarderEvents: await get('/forwarders/events?size=100'),
      repliers: await get('/repliers?size=100'),
      replierEvents: await get('/repliers/events?size=100'),
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

  // Serves A's MMS media; the one loopback target the server may fetch from (two users refuse the rest).
  let mediaServer: http.Server;
  // An empty zone: domain monitor runs get their answers (no records) at once, from loopback.
  let monitorDns: LoopbackDns;
  before(async () => {
    monitorDns = await startLoopbackDns();
    mediaServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.from('alpha-png-bytes'));
    });
    await new Promise<void>((resolve) => mediaServer.listen(0, '127.0.0.1', resolve));
    const mediaPort = (mediaServer.address() as AddressInfo).port;
    server = await startTestServer(dialect, {
      env: {
        PIGEONHOLE_WEBHOOK_ALLOW: `127.0.0.1:${mediaPort}`, PIGEONHOLE_DNS_SERVERS: monitorDns.server,
        // an OAuth client for the Postmaster cases; its token endpoint is never reached by them
        PIGEONHOLE_POSTMASTER_CLIENT_ID: 'isolation-client', PIGEONHOLE_POSTMASTER_CLIENT_SECRET: 'isolation-secret',
        PIGEONHOLE_POSTMASTER_REDIRECT_URI: 'https://isolation.example/callback', PIGEONHOLE_POSTMASTER_TOKEN_URL: 'http://127.0.0.1:9/token',
      },
    });
    aPostmaster = undefined; // made again on this server by the first Postmaster case
    a = await server.createTenant();
    monitorRepo = server.server.store.repos.domainMonitors;
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
    // A's alias receives at A's plain inbox (no new inbox: the inbox views stay as they are)
    const aAlias = await a.mailslurp.aliasController.createAlias({
      createAliasOptions: { emailAddress: A_ALIAS_HIDDEN, useThreads: true, name: A_ALIAS_NAME, inboxId: plain.id },
    });
    const aThreadId = randomUUID();
    await server.server.store.repos.aliases.createThread({
      id: aThreadId, tenantId: a.userId, aliasId: aAlias.id, inboxId: twin.id!, sender: A_THREAD_PARTNER, name: A_THREAD_PARTNER,
      subject: 'alpha thread', messageId: null, to: [A_THREAD_PARTNER], cc: [], bcc: [], createdAt: new Date(), updatedAt: new Date(),
    });
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
    const aForwarder = await a.mailslurp.inboxForwarderController.createNewInboxForwarder({
      inboxId: target.id!, createInboxForwarderOptions: { match: A_FORWARD_PATTERN, forwardToRecipients: [A_FORWARD_TO] },
    });
    const aReplier = await a.mailslurp.inboxReplierController.createNewInboxReplier({ createInboxReplierOptions: { inboxId: target.id!, match: A_REPLY_MATCH, body: A_REPLY_BODY } });
    // their events as the automation jobs record them (written directly: no mail needs to flow for this test)
    const { forwarders, repliers } = server.server.store.repos;
    const aForwarderEvent = { id: randomUUID(), emailId: randomUUID(), sentId: randomUUID() };
    await forwarders.addEvent({
      ...aForwarderEvent, tenantId: a.userId, forwarderId: aForwarder.id, inboxId: target.id!, status: 'SUCCESS', message: 'forwarded', createdAt: new Date(),
    });
    const aReplierEvent = { id: randomUUID(), emailId: randomUUID(), sentId: randomUUID() };
    await repliers.addEvent({
      ...aReplierEvent, tenantId: a.userId, replierId: aReplier.id, inboxId: target.id!, status: 'SUCCESS', message: 'replied', recipients: [A_FORWARD_TO], createdAt: new Date(),
    });
    snapshotOfA = await viewOfA();
    const aPhoneMade = await a.mailslurp.phoneController.createPhoneNumber({
      createPhoneNumberOptions: { phoneCountry: 'US' as never, name: A_PHONE_NAME, description: A_PHONE_DESCRIPTION, tags: [A_PHONE_TAG] },
    });
    const aPhoneNow = async () => (await jsonOf(await a.fetch(`/phone/numbers/${aPhoneMade.id}`))).json;
    const aPhoneJson = await aPhoneNow();
    await a.mailslurp.phoneController.testPhoneNumberSendSms({ phoneNumberId: aPhoneMade.id, testPhoneNumberOptions: { message: A_SMS_BODY } });
    const aSmsListed = (await jsonOf(await a.fetch(`/sms?phoneNumber=${aPhoneMade.id}`))).json.content[0] as { id: string };
    // the list never marks read (getSmsMessage would): A's view is taken from it
    const aSmsNow = async () => (await jsonOf(await a.fetch(`/sms?include=${aSmsListed.id}`))).json.content;
    const aSmsJson = await aSmsNow();
    const aSentSmsMade = await a.mailslurp.smsController.replyToSmsMessage({ smsId: aSmsListed.id, smsReplyOptions: { body: A_SENT_SMS_BODY } });
    const aSentSmsNow = async () => (await jsonOf(await a.fetch(`/sms/sent/${aSentSmsMade.id}`))).json;
    const aSentSmsJson = await aSentSmsNow();
    // A's inventory: a job that takes one GB number, whose deletion is A's release (A's numbers end as they were)
    const aJob = await a.mailslurp.phoneController.createPhoneProvisioningJob({
      createPhoneProvisioningJobOptions: { phoneCountry: 'GB' as never, items: [{ phoneNumber: '+447700900999' }] },
    });
    assert.equal(aJob.status, 'COMPLETED');
    await a.mailslurp.phoneController.updatePhoneNumber({ phoneNumberId: aJob.items[0]!.phoneNumberId!, updatePhoneNumberOptions: { name: A_RELEASED_NAME } });
    await a.mailslurp.phoneController.deletePhoneNumber({ phoneNumberId: aJob.items[0]!.phoneNumberId! });
    const aRelease = (await a.mailslurp.phoneController.getAllPhoneNumberReleases({})).content![0]!;
    const aEmergencyAddress = await a.mailslurp.phoneController.createEmergencyAddress({ createEmergencyAddressOptions: A_ADDRESS as never });
    await a.mailslurp.phoneController.setConsentStatus({ agree: true });
    const aPlanIds = (await a.mailslurp.phoneController.getPhonePlans()).map((p) => p.id);
    const aInventoryNow = async () => ({
      job: (await jsonOf(await a.fetch(`/phone/provisioning/jobs/${aJob.id}`))).json,
      releases: (await jsonOf(await a.fetch('/phone/releases?size=100'))).json,
      address: (await jsonOf(await a.fetch(`/phone/emergency-addresses/${aEmergencyAddress.id}`))).json,
      addresses: (await jsonOf(await a.fetch('/phone/emergency-addresses'))).json,
      consent: (await jsonOf(await a.fetch('/phone/consent'))).json,
    });
    const aInventoryJson = await aInventoryNow();
    // A's app sends an MMS through the sink to A's own number: its media are A's
    const sinkReply = await fetch(`${server.url}/2010-04-01/Accounts/${A_SINK_ACCOUNT}/Messages.json`, {
      method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${A_SINK_ACCOUNT}:${a.apiKey}`).toString('base64')}` },
      body: new URLSearchParams({ To: aPhoneMade.phoneNumber, From: 'AlphaApp', Body: A_MMS_BODY, MediaUrl: `http://127.0.0.1:${mediaPort}/alpha.png` }),
    });
    assert.equal(sinkReply.status, 201, await sinkReply.clone().text());
    const aSinkSid = ((await sinkReply.json()) as { sid: string }).sid;
    const aMmsSms = (await jsonOf(await a.fetch(`/sms?phoneNumber=${aPhoneMade.id}&search=${enc(A_MMS_BODY)}`))).json.content[0] as { id: string };
    const aMediaItem = ((await jsonOf(await a.fetch(`/sms/${aMmsSms.id}/media`))).json as Array<{ id: string }>)[0]!;
    const aMediaNow = async () => [
      (await jsonOf(await a.fetch(`/sms/media/${aMediaItem.id}`))).json,
      (await jsonOf(await a.fetch(`/sms/media/${aMediaItem.id}/base64`))).json,
    ];
    const aMediaJson = await aMediaNow();
    const aPool = await a.mailslurp.phoneController.createPhonePool({ createPhonePoolOptions: { name: A_POOL_NAME, description: A_POOL_DESCRIPTION } });
    await a.mailslurp.phoneController.addPhoneNumbersToPhonePool({ poolId: aPool.id, addPhonePoolNumbersOptions: { phoneNumberIds: [aPhoneMade.id] } });
    // a week: the longest lease, so it is still active when the last case runs
    const aLease = await a.mailslurp.phoneController.acquirePhonePoolLease({
      poolId: aPool.id, acquirePhonePoolLeaseOptions: { leaseOwner: A_LEASE_OWNER, leaseDurationMillis: 7 * 24 * 3600 * 1000 },
    });
    const aPoolsNow = async () => ({
      pools: (await jsonOf(await a.fetch('/phone/pools'))).json,
      pool: (await jsonOf(await a.fetch(`/phone/pools/${aPool.id}`))).json,
      threads: (await jsonOf(await a.fetch('/phone/numbers/message-threads'))).json,
      items: (await jsonOf(await a.fetch(`/phone/numbers/${aPhoneMade.id}/message-threads/${enc(CARRIER_TEST_SENDER)}`))).json,
    });
    const aPoolsJson = await aPoolsNow();
    assert.equal((aPoolsJson.items as { totalElements: number }).totalElements, 2, "A's thread with the carrier's test sender: its SMS and A's reply");
    const aTemplate = (await jsonOf(await a.fetch('/templates', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'alpha-template-name', content: 'alpha-template-content {{alphaSecretVar}}' }),
    }))).json as { id: string; name: string; content: string; createdAt: string };

    const aRuleset = await a.mailslurp.inboxController.createInboxRuleset({
      inboxId: target.id!, createRulesetOptions: { scope: 'RECEIVING_EMAILS' as never, action: 'BLOCK' as never, target: A_RULESET_TARGET },
    });
    const aAccountRuleset = await a.mailslurp.rulesetController.createNewRuleset({
      createRulesetOptions: { scope: 'SENDING_EMAILS' as never, action: 'BLOCK' as never, target: A_ACCOUNT_RULESET_TARGET },
    });
    const aSmsRuleset = await a.mailslurp.rulesetController.createNewRuleset({
      phoneId: aPhoneMade.id, createRulesetOptions: { scope: 'RECEIVING_SMS' as never, action: 'BLOCK' as never, target: A_SMS_RULESET_TARGET },
    });
    const aRulesetsNow = async () => (await jsonOf(await a.fetch('/rulesets?size=100'))).json;
    const aRulesets = await aRulesetsNow();
    // A's NEW_SMS webhook on its number (a public name: nothing is sent unless A's number gets an SMS)
    const aPhoneWebhook = await a.mailslurp.webhookController.createWebhookForPhoneNumber({
      phoneNumberId: aPhoneMade.id, createWebhookOptions: { url: 'https://hooks.example.com/alpha-phone', name: 'alpha-phone-hook' },
    });
    // what B could change; the health moves on its own (A's fixture SMS may still be dispatched to it)
    const aPhoneWebhooksNow = async () => ((await jsonOf(await a.fetch(`/phone/numbers/${aPhoneMade.id}/webhooks/paginated`))).json.content as Array<Record<string, unknown>>)
      .map(({ id, name, url, phoneNumberId, eventName }) => ({ id, name, url, phoneNumberId, eventName }));
    const aPhoneWebhooks = await aPhoneWebhooksNow();
    // A's missed SMS: this server has no SMS cap, so the record is written as the cap step would
    const aMissedSms = { id: randomUUID() };
    const missedAt = new Date();
    await server.server.store.repos.missedSms.create({
      id: aMissedSms.id, tenantId: a.userId, phoneId: aPhoneMade.id, fromNumber: '+12125550100', toNumber: aPhoneMade.phoneNumber,
      body: A_MISSED_SMS_BODY, createdAt: missedAt, updatedAt: missedAt,
    });
    const aMissedSmsNow = async () => [
      (await jsonOf(await a.fetch('/missed-sms?size=100'))).json, (await jsonOf(await a.fetch(`/missed-sms/${aMissedSms.id}`))).json,
    ];
    const aMissedSmsMade = await aMissedSmsNow();

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

    const aTotpDevice = await a.mailslurp.mfaController.createTotpDeviceForBase32SecretKey({ createTotpDeviceBase32SecretKeyOptions: A_TOTP });
    const aTotpDeviceNow = async () => ({
      device: (await jsonOf(await a.fetch(`/mfa/totp/device/${aTotpDevice.id}`))).json,
      code: (await jsonOf(await a.fetch(`/mfa/totp/device/${aTotpDevice.id}/code?at=2030-01-01T00:00:00.000Z`))).json,
    });

    // A is an ADMIN of one organisation (with another member, holding a key A issued it), B of another.
    const adminJson = async (path: string, method: string, body: unknown) => {
      const reply = await jsonOf(await server.fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
      assert.ok(reply.status < 300, `${method} ${path}: ${reply.text}`);
      return reply.json;
    };
    const aOrg = await adminJson('/admin/organizations', 'POST', { slug: 'alpha-org', name: 'Alpha Org' });
    const bOrg = await adminJson('/admin/organizations', 'POST', { slug: 'bravo-org', name: 'Bravo Org' });
    const aOrgMemberTenant = await server.createTenant('alpha-member@example.com');
    await adminJson(`/admin/organizations/${aOrg.id}/members/${a.userId}`, 'PUT', { role: 'ADMIN' });
    await adminJson(`/admin/organizations/${aOrg.id}/members/${aOrgMemberTenant.userId}`, 'PUT', { role: 'MEMBER' });
    await adminJson(`/admin/organizations/${bOrg.id}/members/${b.userId}`, 'PUT', { role: 'ADMIN' });
    const aOrgMemberKeyReply = await jsonOf(await a.fetch(`/organization/members/${aOrgMemberTenant.userId}/api-keys`, { method: 'POST' }));
    expectStatus(aOrgMemberKeyReply, 201, "A issuing its member's key");
    const aOrgMemberKey = { id: aOrgMemberKeyReply.json.id as string };
    const aOrgNow = async () => ({
      members: (await jsonOf(await a.fetch('/organization/members'))).json,
      keys: (await jsonOf(await a.fetch(`/organization/members/${aOrgMemberTenant.userId}/api-keys`))).json,
    });
    const aOrgMade = await aOrgNow();

    // Everything that is A's and that B must never be told.
    const secrets = [
      aOrg.id, 'alpha-org', 'Alpha Org', aOrgMemberTenant.userId, aOrgMemberTenant.email, aOrgMemberKey.id, aOrgMemberKeyReply.json.apiKey,
      aRuleset.id, aAccountRuleset.id, A_RULESET_TARGET, A_ACCOUNT_RULESET_TARGET,
      aScheduledJob.id, aPlusAddress.id, aConsentId,
      aTotpDevice.id, A_TOTP.name, A_TOTP.issuer, A_TOTP.username, A_TOTP.base32SecretKey,
      aJob.id, aJob.items[0]!.id, aJob.items[0]!.phoneNumberId!, aRelease.id, A_RELEASED_NAME, aEmergencyAddress.id, aEmergencyAddress.sid,
      aEmergencyAddress.accountSid, A_ADDRESS.customerName, A_ADDRESS.address1, A_ADDRESS.city, A_ADDRESS.region, ...aPlanIds,
      aSmsRuleset.id, A_SMS_RULESET_TARGET, aPhoneWebhook.id, 'alpha-phone-hook', aMissedSms.id, A_MISSED_SMS_BODY,
      aPhoneMade.id, aPhoneMade.phoneNumber, A_PHONE_NAME, A_PHONE_DESCRIPTION, A_PHONE_TAG, aSmsListed.id, A_SMS_BODY, aSentSmsMade.id, A_SENT_SMS_BODY,
      aPool.id, aLease.id, A_POOL_NAME, A_POOL_DESCRIPTION, A_LEASE_OWNER,
      aMmsSms.id, aMediaItem.id, A_MMS_BODY, aSinkSid, 'AlphaApp', 'alpha.png',
      a.userId, a.email, A_NAME, A_DESCRIPTION, A_TAG, aTemplate.id, aTemplate.name, aTemplate.content, 'alphaSecretVar',
      aGroup.id, aContact.id, A_CONTACT_NAME, A_CONTACT_ADDRESS, A_GROUP_NAME,
      aAlias.id, aThreadId, A_ALIAS_NAME, A_ALIAS_HIDDEN, A_THREAD_PARTNER,
      aForwarder.id, aReplier.id, aForwarderEvent.id, aForwarderEvent.emailId, aForwarderEvent.sentId, aReplierEvent.id,
      aReplierEvent.emailId, aReplierEvent.sentId, A_FORWARD_PATTERN, A_FORWARD_TO, A_REPLY_BODY, A_REPLY_MATCH,
      ...aInboxes.flatMap((i) => [i.id, i.emailAddress, i.emailAddress.split('@')[0]!]),
    ];
    ctx = {
      a,
      b,
      aInboxes,
      aIds: new Set(aInboxes.map((i) => i.id)),
      aContact: { id: aContact.id },
      aGroup: { id: aGroup.id },
      aForwarder: { id: aForwarder.id },
      aForwarderEvent,
      aReplier: { id: aReplier.id },
      aReplierEvent,
      target: aInboxes[0]!,
      twin: aInboxes[1]!,
      bOwn: undefined as unknown as InboxJson,
      afterAllExpiries: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      beforeA,
      serverUrl: server.url,
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
      aRuleset: { id: aRuleset.id },
      aAccountRuleset: { id: aAccountRuleset.id },
      aRulesetsNow,
      aRulesets,
      async aTemplateNow() {
        return (await jsonOf(await a.fetch(`/templates/${aTemplate.id}`))).json;
      },
      aAlias: { id: aAlias.id },
      aThread: { id: aThreadId },
      async aAliasNow() {
        return [(await jsonOf(await a.fetch(`/aliases/${aAlias.id}`))).json, (await jsonOf(await a.fetch(`/aliases/threads/${aThreadId}`))).json];
      },
      aScheduledJob: { id: aScheduledJob.id },
      aPlusAddress: { id: aPlusAddress.id, fullAddress: aPlusAddress.fullAddress },
      aPlusAddressesNow,
      aConsentAddress,
      aConsentNow,
      aTotpDevice: { id: aTotpDevice.id },
      aTotpDeviceNow,
      aPhone: { id: aPhoneMade.id, phoneNumber: aPhoneMade.phoneNumber },
      aPhoneNow,
      aPhoneMade: aPhoneJson,
      aSms: { id: aSmsListed.id },
      aSmsNow,
      aSmsMade: aSmsJson,
      aSentSms: { id: aSentSmsMade.id },
      aSentSmsNow,
      aSentSmsMade: aSentSmsJson,
      aJob: { id: aJob.id },
      aRelease: { id: aRelease.id },
      aEmergencyAddress: { id: aEmergencyAddress.id },
      aInventoryNow,
      aInventoryMade: aInventoryJson,
      aPool: { id: aPool.id },
      aLease: { id: aLease.id },
      aPoolsNow,
      aPoolsMade: aPoolsJson,
      aMedia: { id: aMediaItem.id, smsId: aMmsSms.id },
      aMediaNow,
      aMediaMade: aMediaJson,
      aSinkSid,
      aSinkAccount: A_SINK_ACCOUNT,
      aPhoneWebhook: { id: aPhoneWebhook.id },
      aPhoneWebhooksNow,
      aPhoneWebhooks,
      aSmsRuleset: { id: aSmsRuleset.id },
      aMissedSms,
      aMissedSmsNow,
      aMissedSmsMade,
      aOrgMember: { id: aOrgMemberTenant.userId },
      aOrgMemberKey,
      aOrgNow,
      aOrgMade,
      async aScheduledJobNow() {
        return (await jsonOf(await a.fetch(`/inboxes/scheduled-jobs/${aScheduledJob.id}`))).json;
      },
    };
  });
  after(async () => {
    await server.close();
    mediaServer.closeAllConnections();
    await new Promise((resolve) => mediaServer.close(resolve));
    await monitorDns.close();
  });

  test("SMS sink: B's key cannot read A's message by its Sid (with A's account SID or its own), nor list it", async () => {
    const asB = (account: string, path: string) => fetch(`${server.url}/2010-04-01/Accounts/${account}${path}`, {
      headers: { authorization: `Basic ${Buffer.from(`${account}:${ctx.b.apiKey}`).toString('base64')}` },
    });
    for (const account of [ctx.aSinkAccount, 'AC000000000000000000000000000b0b']) {
      const one = await asB(account, `/Messages/${ctx.aSinkSid}.json`);
      assert.equal(one.status, 404);
      const text = await one.text();
      assert.equal(JSON.parse(text).code, 20404);
      assert.ok(!text.includes(A_MMS_BODY));
      const list = await asB(account, '/Messages.json');
      assert.equal(list.status, 200);
      assert.deepEqual(((await list.json()) as { messages: unknown[] }).messages, []);
    }
    assert.deepEqual(await ctx.aMediaNow(), ctx.aMediaMade);
  });

  test('every InboxController, CommonActionsController, BulkActionsController and TemplateController operation in the OpenAPI document has an isolation case', async () => {
    const doc = (await (await server.fetch('/v3/api-docs', { key: null })).json()) as {
      paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
    };
    const served = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => op.tags?.some((tag) => CONTROLLERS.includes(tag)) || (op.operationId !== undefined && (op.operationId in SMS_CASES || op.operationId in PIPELINE_CASES)))
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
