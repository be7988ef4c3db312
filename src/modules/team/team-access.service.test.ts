import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rejectsWith } from '../../../test/fakes/assert.js';
import { FakeTeamAccessRepository } from '../../../test/fakes/team-access.js';
import type { Principal } from '../../core/principal.js';
import type { OrgRole } from '../../storage/ports.js';
import { TeamAccessService, type TeamTargets } from './team-access.service.js';

const ORG = 'org-acme';
const OTHER_ORG = 'org-other';

function caller(tenantId: string, organizationId: string | null, orgRole: OrgRole | null): Principal {
  return { userId: tenantId, tenantId, email: `${tenantId}@x.test`, isAdmin: false, apiKeyId: `key-${tenantId}`, organizationId, orgRole };
}

function setup() {
  const owners = new FakeTeamAccessRepository();
  const own = (tenantId: string, organizationId: string | null, orgRole: OrgRole | null = organizationId ? 'MEMBER' : null) =>
    ({ tenantId, organizationId, orgRole });
  owners.inboxes.set('inbox-member', own('member', ORG));
  owners.inboxes.set('inbox-member2', own('member2', ORG));
  owners.inboxes.set('inbox-admin', own('admin', ORG, 'ADMIN'));
  owners.inboxes.set('inbox-stranger', own('stranger', null));
  owners.inboxes.set('inbox-rival', own('rival', OTHER_ORG));
  owners.emails.set('email-member', own('member', ORG));
  owners.sent.set('sent-member', own('member', ORG));
  return { owners, teams: new TeamAccessService(owners) };
}

const inbox = (...inboxIds: string[]): TeamTargets => ({ inboxIds, emailIds: [], sentIds: [] });

describe('team inboxes', () => {
  test("a member reads a team mate's inbox, email and sent email as their owner", async () => {
    const { teams } = setup();
    const member2 = caller('member2', ORG, 'MEMBER');
    assert.equal(await teams.tenantFor(member2, 'getInbox', inbox('inbox-member')), 'member');
    assert.equal(await teams.tenantFor(member2, 'waitForLatestEmail', inbox('inbox-member')), 'member');
    assert.equal(await teams.tenantFor(member2, 'getRawEmailContents', { inboxIds: [], emailIds: ['email-member'], sentIds: [] }), 'member');
    assert.equal(await teams.tenantFor(member2, 'getSentEmail', { inboxIds: [], emailIds: [], sentIds: ['sent-member'] }), 'member');
    // /sent/{emailId} routes name a sent email by emailId
    assert.equal(await teams.tenantFor(member2, 'getRawSentEmailContents', { inboxIds: [], emailIds: ['sent-member'], sentIds: [] }), 'member');
  });

  test("a member's change to a team mate's inbox or email is a 403 naming it; an organisation admin acts as the owner", async () => {
    const { teams } = setup();
    const member2 = caller('member2', ORG, 'MEMBER');
    await rejectsWith(teams.tenantFor(member2, 'deleteInbox', inbox('inbox-member')), 'FORBIDDEN',
      /^Inbox inbox-member is a team inbox of your organization; only organization admins may change it \(deleteInbox\)/);
    await rejectsWith(teams.tenantFor(member2, 'deleteEmail', { inboxIds: [], emailIds: ['email-member'], sentIds: [] }), 'FORBIDDEN',
      /^Email email-member belongs to a team inbox of your organization; only organization admins may change it/);
    // an organisation admin's inbox is a team inbox too
    await rejectsWith(teams.tenantFor(member2, 'sendEmail', inbox('inbox-admin')), 'FORBIDDEN', /Inbox inbox-admin is a team inbox/);
    // reads outside the set (credentials) are the owner's and its admins' too
    await rejectsWith(teams.tenantFor(member2, 'getImapAccess', inbox('inbox-member')), 'FORBIDDEN', /only organization admins/);
    const admin = caller('admin', ORG, 'ADMIN');
    assert.equal(await teams.tenantFor(admin, 'deleteInbox', inbox('inbox-member')), 'member');
    assert.equal(await teams.tenantFor(admin, 'getImapAccess', inbox('inbox-member')), 'member');
  });

  test("strangers' and other organisations' ids, unknown ids and the caller's own stay the caller's (404 as before)", async () => {
    const { teams } = setup();
    const member2 = caller('member2', ORG, 'MEMBER');
    for (const id of ['inbox-stranger', 'inbox-rival', 'inbox-missing', 'inbox-member2']) {
      assert.equal(await teams.tenantFor(member2, 'deleteInbox', inbox(id)), 'member2', id);
      assert.equal(await teams.tenantFor(member2, 'getInbox', inbox(id)), 'member2', id);
    }
    // one of the caller's own named with a team mate's: the caller's operation
    assert.equal(await teams.tenantFor(member2, 'deleteInbox', inbox('inbox-member2', 'inbox-member')), 'member2');
    // two team mates' at once: no one owner to act as
    assert.equal(await teams.tenantFor(caller('x', ORG, 'ADMIN'), 'getInbox', inbox('inbox-member', 'inbox-admin')), 'x');
    // the rival organisation's admin gets nothing of this one
    assert.equal(await teams.tenantFor(caller('rival-admin', OTHER_ORG, 'ADMIN'), 'deleteInbox', inbox('inbox-member')), 'rival-admin');
  });

  test('a caller outside any organisation is never looked up', async () => {
    const { teams, owners } = setup();
    assert.equal(await teams.tenantFor(caller('stranger', null, null), 'getInbox', inbox('inbox-member')), 'stranger');
    assert.equal(owners.lookUps, 0);
  });
});
