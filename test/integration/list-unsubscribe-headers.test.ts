import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MatchOptionFieldEnum, MatchOptionShouldEnum } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { bounceApi, oneClick } from '../helpers/reputation.js';

/** The value of a header of a received email, by case-insensitive name. */
function headerOf(email: { headers?: { [name: string]: string } | null }, name: string): string | undefined {
  return Object.entries(email.headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
}

describeEachDialect('List-Unsubscribe headers on sent mail', (dialect) => {
  describe('with PIGEONHOLE_LIST_UNSUBSCRIBE_HEADERS on', () => {
    let server: TestServer;
    let alice: Tenant;

    before(async () => {
      server = await startTestServer(dialect, { env: { PIGEONHOLE_LIST_UNSUBSCRIBE_HEADERS: 'true' } });
      alice = await server.createTenant();
    });
    after(() => server.close());

    test('a single-recipient send carries a one-click link that records its recipient when posted', async () => {
      const sender = await alice.mailslurp.createInbox();
      const reader = await alice.mailslurp.createInbox();
      await alice.mailslurp.sendEmail(sender.id, { to: [reader.emailAddress], subject: 'newsletter', body: 'hello' });
      const email = await alice.mailslurp.waitForLatestEmail(reader.id, 10_000);
      assert.equal(headerOf(email, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
      const link = /^<(.+)>$/.exec(headerOf(email, 'List-Unsubscribe') ?? '')?.[1];
      assert.ok(link?.startsWith(`${server.url}/unsubscribe?token=`), `a link to this server, got ${link}`);

      const api = bounceApi(server, alice);
      assert.equal((await api.getListUnsubscribeRecipients({})).totalElements, 0);
      assert.ok((await oneClick(link!)).ok);
      const page = await api.getListUnsubscribeRecipients({});
      assert.deepEqual(page.content!.map((r) => r.emailAddress), [reader.emailAddress.toLowerCase()]);
    });

    test('a send to several recipients, or with its own List-Unsubscribe, gets none added', async () => {
      const sender = await alice.mailslurp.createInbox();
      const one = await alice.mailslurp.createInbox();
      const two = await alice.mailslurp.createInbox();
      await alice.mailslurp.sendEmail(sender.id, { to: [one.emailAddress, two.emailAddress], subject: 'to two', body: 'x' });
      const shared = await alice.mailslurp.waitForLatestEmail(one.id, 10_000);
      assert.equal(headerOf(shared, 'List-Unsubscribe'), undefined);

      await alice.mailslurp.sendEmail(sender.id, {
        to: [one.emailAddress], subject: 'own header', body: 'x',
        customHeaders: { 'List-Unsubscribe': '<mailto:leave@example.com>' },
      });
      const own = await alice.mailslurp.waitController.waitForMatchingFirstEmail({
        inboxId: one.id, timeout: 10_000, matchOptions: { matches: [{ field: MatchOptionFieldEnum.SUBJECT, should: MatchOptionShouldEnum.CONTAIN, value: 'own header' }] },
      });
      assert.equal(headerOf(own, 'List-Unsubscribe'), '<mailto:leave@example.com>');
      assert.equal(headerOf(own, 'List-Unsubscribe-Post'), undefined);
    });
  });

  describe('by default', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(dialect);
    });
    after(() => server.close());

    test('sent mail gets no List-Unsubscribe header of ours', async () => {
      const alice = await server.createTenant();
      const sender = await alice.mailslurp.createInbox();
      const reader = await alice.mailslurp.createInbox();
      await alice.mailslurp.sendEmail(sender.id, { to: [reader.emailAddress], subject: 'plain', body: 'hello' });
      const email = await alice.mailslurp.waitForLatestEmail(reader.id, 10_000);
      assert.equal(headerOf(email, 'List-Unsubscribe'), undefined);
    });
  });
});
