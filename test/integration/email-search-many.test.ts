import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { EmailControllerApi, Configuration, SearchEmailsOptionsSortDirectionEnum, type InboxDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { inspect } from '../helpers/databases.js';
import { storeIncomingGroup } from '../../src/storage/kysely/store-incoming.js';
import { SEARCH_EXACT_COUNT_LIMIT } from '../../src/storage/kysely/email-search-page.js';
import type { IncomingEmail } from '../../src/storage/ports.js';

/**
 * Searches matching more emails than are counted exactly (README "Search"): the page is still
 * the newest (or oldest) in creation order, the total a lower bound that grows as pages go
 * deeper and is exact on the last, and paging until `last` sees every match once, also when
 * some mail was stored out of its creation order.
 */
describeEachDialect('searches matching many emails', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let api: EmailControllerApi;
  let inboxA: InboxDto;
  let inboxB: InboxDto;
  const MANY = SEARCH_EXACT_COUNT_LIMIT + 250;
  const base = Date.UTC(2026, 0, 1);
  /** every stored email, oldest first by creation time */
  const stored: Array<{ id: string; at: number; inboxId: string; words: string }> = [];

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
    api = new EmailControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url }));
    inboxA = await alice.mailslurp.createInbox();
    inboxB = await alice.mailslurp.createInbox();
    const db = inspect(server.db);
    try {
      // Stored out of order first: the newest email of all, and one from the middle of the run.
      const first = [mail(inboxA, base + (MANY + 10) * 1000, 'common latest'), mail(inboxB, base + 500_500, 'common middle')];
      const rest: IncomingEmail[] = [];
      for (let i = 0; i < MANY; i++) rest.push(mail(i % 3 === 0 ? inboxB : inboxA, base + i * 1000, i % 50 === 0 ? 'common rare' : 'common'));
      for (const group of [first, ...chunks(rest, 200)]) await db.transaction().execute((trx) => storeIncomingGroup(trx, group));
      // and one stored last, dated before most of the others
      await db.transaction().execute((trx) => storeIncomingGroup(trx, [mail(inboxA, base + 100_500, 'common imported')]));
    } finally {
      await db.destroy();
    }
    stored.sort((a, b) => a.at - b.at);
  });
  after(async () => {
    await server?.close();
  });

  function mail(inbox: InboxDto, at: number, words: string): IncomingEmail {
    const id = randomUUID();
    stored.push({ id, at, inboxId: inbox.id, words });
    const raw = Buffer.from(`From: sender@example.com\r\nTo: ${inbox.emailAddress}\r\nSubject: ${words}\r\n\r\n${words} body\r\n`);
    const sender = { emailAddress: 'sender@example.com', name: null, rawValue: 'sender@example.com' };
    return {
      email: {
        id, tenantId: alice.userId, inboxId: inbox.id, messageId: `${id}@example.com`, inReplyTo: null, subject: words,
        from: sender.emailAddress, sender, recipients: { to: [{ emailAddress: inbox.emailAddress!, name: null, rawValue: inbox.emailAddress! }], cc: [], bcc: [] },
        replyTo: null, charset: 'utf-8', bodyMd5: createHash('md5').update(words).digest('hex'), bodyPartContentTypes: ['text/plain'],
        sizeBytes: raw.length, rawSha256: createHash('sha256').update(raw).digest('hex'), attachmentIds: [], read: false, favourite: false,
        createdAt: new Date(at), updatedAt: new Date(at), headers: [['Subject', words]], textBody: `${words} body`, htmlBody: null,
      },
      raw,
      attachments: [],
    } as unknown as IncomingEmail;
  }

  const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

  const search = (searchFilter: string, page: number, size: number, sortDirection = SearchEmailsOptionsSortDirectionEnum.DESC, inboxIds?: string[]) =>
    api.searchEmails({ searchEmailsOptions: { searchFilter, pageIndex: page, pageSize: size, sortDirection, inboxIds } });

  const idsOf = (filter: (e: (typeof stored)[number]) => boolean, newestFirst = true) => {
    const ids = stored.filter(filter).map((e) => e.id);
    return newestFirst ? ids.reverse() : ids;
  };

  test('the first page is the newest matches and the total a lower bound past the exact limit', async () => {
    const page = await search('common', 0, 20);
    assert.deepEqual(page.content!.map((e) => e.id), idsOf(() => true).slice(0, 20));
    assert.equal(page.content![0]!.subject, 'common latest', 'an email stored first but created last still leads');
    assert.equal(page.totalElements, SEARCH_EXACT_COUNT_LIMIT + 1);
    assert.equal(page.last, false);
  });

  test('oldest first, the other end of the same order', async () => {
    const page = await search('common', 0, 20, SearchEmailsOptionsSortDirectionEnum.ASC);
    assert.deepEqual(page.content!.map((e) => e.id), idsOf(() => true, false).slice(0, 20));
  });

  test('paging until last sees every match once, in order, and the last page tells the exact total', async () => {
    for (const sort of [SearchEmailsOptionsSortDirectionEnum.DESC, SearchEmailsOptionsSortDirectionEnum.ASC]) {
      const seen: string[] = [];
      let page;
      for (let index = 0; ; index++) {
        page = await search('common', index, 200, sort);
        seen.push(...page.content!.map((e) => e.id));
        assert.ok(page.totalElements! >= seen.length + (page.last ? 0 : 1), `page ${index}: the total covers what was seen and what follows`);
        if (page.last) break;
      }
      assert.deepEqual(seen, idsOf(() => true, sort === SearchEmailsOptionsSortDirectionEnum.DESC), `every email once, ${sort}`);
      assert.equal(page.totalElements, stored.length);
    }
  });

  test('the other filters of the request still hold, and fewer matches are counted exactly', async () => {
    const inB = await search('common', 0, 30, SearchEmailsOptionsSortDirectionEnum.DESC, [inboxB.id]);
    assert.deepEqual(inB.content!.map((e) => e.id), idsOf((e) => e.inboxId === inboxB.id).slice(0, 30));
    const rare = await search('rare', 1, 10);
    const rareIds = idsOf((e) => e.words.includes('rare'));
    assert.equal(rare.totalElements, rareIds.length);
    assert.deepEqual(rare.content!.map((e) => e.id), rareIds.slice(10, 20));
    const negated = await search('common -rare', 0, 20);
    assert.deepEqual(negated.content!.map((e) => e.id), idsOf((e) => !e.words.includes('rare')).slice(0, 20));
  });
});
