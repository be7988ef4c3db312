import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { EmailControllerApi, GetEmailsSortEnum, Configuration, type InboxDto } from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { inspect } from '../helpers/databases.js';
import * as searchMigration from '../../src/storage/migrations/0049_email_search.js';

/**
 * The search language (README "Search") through the official client: searchEmails'
 * SearchEmailsOptions.searchFilter and getEmailsPaginated's searchFilter, over subject,
 * addresses, text and HTML-only bodies and attachment names, on each database.
 */
describeEachDialect('full-text email search', (dialect) => {
  let server: TestServer;
  let transport: Transporter;
  const clock = new ManualClock(new Date('2026-05-04T09:00:00.000Z'));
  let alice: Tenant;
  let api: EmailControllerApi;
  let inbox: InboxDto;
  const at: Date[] = [];
  let m1: string, m2: string, m3: string;

  before(async () => {
    server = await startTestServer(dialect, { clock, env: { PIGEONHOLE_EMAIL_RETENTION_INTERVAL: String(24 * 3600 * 1000) } });
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true, pool: true });
    alice = await server.createTenant();
    api = apiOf(alice);
    inbox = await alice.mailslurp.createInbox();
    m1 = await deliver(alice, inbox, {
      from: 'Alice Archer <alice@example.com>', to: inbox.emailAddress, cc: 'carol@cc.example', subject: 'Quarterly invoice March',
      text: 'Please pay the zebracorn amount', attachments: [{ filename: 'report-q3.pdf', content: 'pdf bytes' }],
    });
    m2 = await deliver(alice, inbox, {
      from: 'bob@example.org', to: inbox.emailAddress, subject: 'Welcome aboard', html: '<p>Visit the <b>lighthouse</b> museum</p>',
    });
    m3 = await deliver(alice, inbox, {
      from: 'alice@example.com', to: inbox.emailAddress, subject: 'Lunch plans', text: `tomorrow at noon ${'filler '.repeat(3000)}`,
    });
    await api.getEmail({ emailId: m1 }); // read
    await api.setEmailFavourited({ emailId: m2, favourited: true });
  });
  after(async () => {
    transport?.close();
    await server?.close();
  });

  function apiOf(t: Tenant) {
    return new EmailControllerApi(new Configuration({ apiKey: t.apiKey, basePath: server.url }));
  }

  async function deliver(t: Tenant, to: InboxDto, mail: SendMailOptions): Promise<string> {
    clock.advance(60_000);
    at.push(clock.now());
    const info = await transport.sendMail({ envelope: { from: 'sender@example.com', to: [to.emailAddress] }, ...mail });
    assert.match(String(info.response), /^250 /);
    const [newest] = await t.inboxApi.getEmails({ inboxId: to.id, sort: GetEmailsSortEnum.DESC, limit: 1 });
    return newest!.id;
  }

  /** The ids both operations answer for the filter (they must agree), oldest first. */
  async function found(searchFilter: string, t: Tenant = alice, extra: { unreadOnly?: boolean; inboxIds?: string[] } = {}): Promise<string[]> {
    const searched = await apiOf(t).searchEmails({ searchEmailsOptions: { searchFilter, ...extra } });
    const paged = await apiOf(t).getEmailsPaginated({ searchFilter, unreadOnly: extra.unreadOnly, inboxId: extra.inboxIds });
    const ids = (searched.content ?? []).map((e) => e.id);
    assert.deepEqual((paged.content ?? []).map((e) => e.id), ids, `getEmailsPaginated agrees with searchEmails for ${searchFilter}`);
    assert.equal(searched.totalElements, ids.length);
    assert.equal(paged.totalElements, ids.length);
    return ids;
  }

  test('free words: prefixes of words in subject, addresses, text and HTML-only bodies and attachment names', async () => {
    const cases: Array<[string, string[]]> = [
      ['invoice', [m1]], ['INV', [m1]], ['zebracorn', [m1]], ['lighthouse', [m2]], ['report-q3.pdf', [m1]], ['report', [m1]],
      ['alice@example.com', [m1, m3]], ['archer', [m1]], ['carol@cc.example', [m1]], [inbox.emailAddress, [m1, m2, m3]],
      ['"pay the zebracorn"', [m1]], ['"pay zebracorn"', []], ['"zebra"', []], ['invoice lunch', []], ['Re: lunch', []],
      ['nothing-like-this', []], ['', [m1, m2, m3]], [m1, [m1]], [m1.toUpperCase(), [m1]],
      // punctuation and FTS/tsquery syntax are only ever words
      [`') OR 1=1 -- "*`, []], ['NEAR(a b) AND * : ^ {subject}', []], ["'lighthouse' & | :* !", [m2]],
    ];
    for (const [query, expected] of cases) assert.deepEqual(await found(query), expected, query);
  });

  test('fields, flags, dates, sizes and negation', async () => {
    const mid = (a: Date, b: Date) => new Date((a.getTime() + b.getTime()) / 2).toISOString();
    const cases: Array<[string, string[]]> = [
      ['from:alice@example.com', [m1, m3]], ['from:alice', [m1, m3]],
      // a whole address is taken as typed (its last word no prefix); part of one still ends in a prefix
      ['from:alice@example.co', []], ['alice@example.co', []], ['from:alice@exam', [m1, m3]], ['from:alice@', [m1, m3]], ['from:archer', [m1]], ['from:lighthouse', []],
      ['to:carol', [m1]], [`to:${inbox.emailAddress}`, [m1, m2, m3]], ['to:alice', []],
      ['subject:lunch', [m3]], ['subject:"welcome aboard"', [m2]], ['subject:zebracorn', []],
      ['has:attachment', [m1]], ['-has:attachment', [m2, m3]],
      ['is:unread', [m2, m3]], ['is:read', [m1]], ['is:favourite', [m2]], ['-is:favourite', [m1, m3]],
      [`after:${mid(at[0]!, at[1]!)}`, [m2, m3]], [`before:${mid(at[0]!, at[1]!)}`, [m1]],
      ['before:2026-05-04', []], ['after:2026-05-04', [m1, m2, m3]], ['after:2026-05-05', []],
      ['larger:10k', [m3]], ['smaller:10k', [m1, m2]],
      ['-from:alice', [m2]], ['alice -lunch', [m1]], ['-invoice -lunch', [m2]], [`-${m1}`, [m2, m3]], ['-"welcome aboard" from:example', [m1, m3]],
      ['from:alice has:attachment is:read', [m1]],
    ];
    for (const [query, expected] of cases) assert.deepEqual(await found(query), expected, query);
  });

  test('the search combines with the other filters of the request', async () => {
    assert.deepEqual(await found('alice', alice, { unreadOnly: true }), [m3]);
    const other = await alice.mailslurp.createInbox();
    assert.deepEqual(await found('alice', alice, { inboxIds: [other.id] }), []);
    const org = await api.getOrganizationEmailsPaginated({ searchFilter: 'from:alice invoice' });
    assert.deepEqual(org.content?.map((e) => e.id), [m1], 'the organisation list (own mail outside one) searches alike');
    const offset = await api.getEmailsOffsetPaginated({ searchFilter: 'lighthouse' });
    assert.deepEqual(offset.content?.map((e) => e.id), [m2]);
  });

  test('a malformed term is a 400 naming it, on every operation', async () => {
    for (const bad of ['before:someday', 'larger:huge', 'has:wings', 'is:spam', 'after:2026-13-01']) {
      const searched = await alice.fetch('/emails/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ searchFilter: `invoice ${bad}` }) });
      assert.equal(searched.status, 400, bad);
      assert.ok(((await searched.json()) as { message: string }).message.includes(bad), `the 400 names ${bad}`);
      assert.equal(await statusOf(api.getEmailsPaginated({ searchFilter: bad })), 400, bad);
    }
  });

  test("another tenant never finds the tenant's mail", async () => {
    const bob = await server.createTenant();
    const bobInbox = await bob.mailslurp.createInbox();
    const own = await deliver(bob, bobInbox, { from: 'alice@example.com', to: bobInbox.emailAddress, subject: 'zebracorn of bob', text: 'x' });
    for (const query of ['zebracorn', 'invoice', 'lighthouse', m1, 'from:alice', 'has:attachment', '-nothing']) {
      assert.deepEqual(await found(query, bob), query === 'zebracorn' || query === 'from:alice' || query === '-nothing' ? [own] : [], query);
    }
    assert.deepEqual(await found('zebracorn'), [m1], "bob's mail is not alice's either");
  });

  test('deleted mail is never found and its words leave the index: deleteEmail and retention pruning', async () => {
    const carol = await server.createTenant();
    const box = await carol.mailslurp.createInbox();
    const ids = [];
    for (const word of ['quokka', 'wombat', 'platypus']) ids.push(await deliver(carol, box, { from: 'x@example.com', to: box.emailAddress, subject: word, text: `${word} body` }));
    assert.deepEqual(await found('quokka', carol), [ids[0]]);

    await apiOf(carol).deleteEmail({ emailId: ids[2]! });
    assert.deepEqual(await found('platypus', carol), []);

    // retention: an account cap of one email per inbox prunes the oldest
    const policy = await carol.fetch('/user/email-retention', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ maxEmailsPerInbox: 1 }) });
    assert.equal(policy.status, 200);
    assert.equal((await carol.fetch('/user/email-retention/run', { method: 'POST' })).status, 200);
    assert.deepEqual(await found('quokka', carol), []);
    assert.deepEqual(await found('wombat', carol), [ids[1]]);

    // the index keeps no entry for deleted rows (SQLite's FTS5 table is apart from the rows;
    // PostgreSQL's vector is a column of the row itself)
    if (dialect === 'sqlite') {
      const db = inspect(server.db);
      try {
        const left = await sql<{ n: number }>`select count(*) as n from emails_fts where emails_fts match ${'quokka OR platypus'}`.execute(db);
        assert.equal(Number(left.rows[0]!.n), 0);
        const kept = await sql<{ n: number }>`select count(*) as n from emails_fts where emails_fts match ${'wombat'}`.execute(db);
        assert.equal(Number(kept.rows[0]!.n), 1);
      } finally {
        await db.destroy();
      }
    }
  });

  test('migration 0049 indexes mail stored before it, attachment names included', async () => {
    const db = inspect(server.db);
    try {
      await searchMigration.down(db);
      await searchMigration.up(db); // the index rebuilt from the stored rows, in batches
    } finally {
      await db.destroy();
    }
    assert.deepEqual(await found('zebracorn'), [m1]);
    assert.deepEqual(await found('report-q3.pdf'), [m1]);
    assert.deepEqual(await found('from:alice -lunch'), [m1]);
    assert.deepEqual(await found('lighthouse'), [m2]);
  });

  test('deleting an inbox takes its mail out of the search', async () => {
    const dave = await server.createTenant();
    const box = await dave.mailslurp.createInbox();
    await deliver(dave, box, { from: 'x@example.com', to: box.emailAddress, subject: 'narwhal', text: 'n' });
    assert.equal((await found('narwhal', dave)).length, 1);
    await dave.mailslurp.deleteInbox(box.id);
    assert.deepEqual(await found('narwhal', dave), []);
  });
});
