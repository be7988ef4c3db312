/**
 * doesInboxHaveAutomations (InboxController): what acts on an inbox, through the official
 * client (which reads no body) and the JSON answer, on both databases.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

describeEachDialect('inbox automations', (dialect) => {
  let server: TestServer;
  let alice: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
  });
  after(() => server?.close());

  const automations = async (inboxId?: string) => {
    const reply = await alice.fetch(`/inboxes/automations${inboxId ? `?inboxId=${inboxId}` : ''}`);
    return { status: reply.status, json: await reply.json() as Record<string, unknown> };
  };

  test('an inbox has automations once something acts on it, and the client call succeeds', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const other = await alice.mailslurp.createInbox();
    // the official client's call: no parameters, no body read
    await alice.mailslurp.inboxController.doesInboxHaveAutomations();
    assert.deepEqual((await automations(inbox.id)).json, {
      inboxId: inbox.id, hasAutomations: false, rulesets: 0, forwarders: 0, repliers: 0, aliases: 0, scheduledSends: 0,
    });

    await alice.mailslurp.inboxForwarderController.createNewInboxForwarder({
      inboxId: inbox.id, createInboxForwarderOptions: { field: 'SENDER' as never, match: '*@example.com', forwardToRecipients: [other.emailAddress] },
    });
    await alice.mailslurp.inboxReplierController.createNewInboxReplier({ createInboxReplierOptions: { inboxId: inbox.id, match: '*', body: 'Away' } });
    await alice.mailslurp.inboxController.sendWithSchedule({
      inboxId: inbox.id, sendAtNowPlusSeconds: 86_400, sendEmailOptions: { to: [other.emailAddress], subject: 'later' },
    });
    const withSome = (await automations(inbox.id)).json;
    assert.equal(withSome.hasAutomations, true);
    assert.equal(withSome.forwarders, 1);
    assert.equal(withSome.repliers, 1);
    assert.equal(withSome.scheduledSends, 1);

    // an account ruleset acts on every inbox, the other one included
    assert.equal((await automations(other.id)).json.hasAutomations, false);
    const ruleset = await alice.mailslurp.rulesetController.createNewRuleset({
      createRulesetOptions: { scope: 'RECEIVING_EMAILS' as never, action: 'BLOCK' as never, target: '*@spam.example' },
    });
    assert.deepEqual({ ...(await automations(other.id)).json }, {
      inboxId: other.id, hasAutomations: true, rulesets: 1, forwarders: 0, repliers: 0, aliases: 0, scheduledSends: 0,
    });
    // a switched-off ruleset acts on nothing
    assert.equal((await alice.fetch(`/rulesets/${ruleset.id}`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ active: false }),
    })).status, 200);
    assert.equal((await automations(other.id)).json.hasAutomations, false);

    // without an inbox: the account
    const account = (await automations()).json;
    assert.equal(account.inboxId, null);
    assert.equal(account.hasAutomations, true);
    assert.equal(account.forwarders, 1);
  });

  test('an unknown inbox is a 404, a malformed id a 400', async () => {
    assert.equal((await automations('00000000-0000-4000-8000-000000000000')).status, 404);
    assert.equal((await automations('not-a-uuid')).status, 400);
  });
});
