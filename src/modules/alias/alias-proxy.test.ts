import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import { EventBus } from '../../events/bus.js';
import type { AliasRecord, AliasRepository, AliasThreadRecord, EmailRecord, InboxRecord } from '../../storage/ports.js';
import type { EmailService } from '../email/email.service.js';
import type { ParsedMessage } from '../email/parse.js';
import type { InboxService } from '../inbox/inbox.service.js';
import type { SendingService } from '../sending/sending.service.js';
import { ALIAS_HOPS_HEADER } from './alias-mail.js';
import { AliasProxy } from './alias-proxy.js';

const T = 'tenant-1';
const at = new Date('2026-11-25T10:00:00Z');
const alias = (over: Partial<AliasRecord> = {}): AliasRecord => ({
  id: 'alias-1', tenantId: T, inboxId: 'alias-inbox', aliasAddress: 'al@mail.test', hiddenAddress: 'me@home.test', name: null,
  useThreads: true, verified: true, domainId: null, ownsInbox: true, createdAt: at, updatedAt: at, ...over,
});
const thread: AliasThreadRecord = {
  id: 'thread-1', tenantId: T, aliasId: 'alias-1', inboxId: 'thread-inbox', sender: 'them@away.test', name: null, subject: 'Hi',
  messageId: null, to: ['them@away.test'], cc: [], bcc: [], createdAt: at, updatedAt: at,
};

/** Only what plan() reads: the aliases an inbox leads to (its own, the owner of the one thread). */
function planner(aliases: AliasRecord[]): AliasProxy {
  const repo = {
    routesOfInbox: async (tenantId: string, inboxId: string) => [
      ...aliases.filter((a) => a.tenantId === tenantId && a.inboxId === inboxId).map((a) => ({ alias: a, threadId: null })),
      ...(tenantId === T && inboxId === thread.inboxId
        ? aliases.filter((a) => a.id === thread.aliasId).map((a) => ({ alias: a, threadId: thread.id }))
        : []),
    ],
  } as unknown as AliasRepository;
  const unused = {} as never;
  return new AliasProxy(repo, unused as InboxService, unused as EmailService, unused as SendingService, new EventBus(), new ManualClock(at));
}

const email = (inboxId: string, from: string, headers: Array<[string, string]> = []) =>
  ({ id: `email-${inboxId}`, tenantId: T, inboxId, from, headers, createdAt: at }) as unknown as EmailRecord;
const inbox = (id: string) => ({ id, tenantId: T }) as InboxRecord;
const message = {} as ParsedMessage;

test('mail to a verified alias plans one alias-proxy job to the hidden address, committed with the email', async () => {
  const jobs = await planner([alias()]).plan(message, email('alias-inbox', 'them@away.test'), inbox('alias-inbox'));
  assert.equal(jobs.length, 1);
  assert.equal(jobs[0]!.kind, 'alias-proxy');
  assert.equal(jobs[0]!.subjectId, 'alias-1');
  assert.equal(jobs[0]!.emailId, 'email-alias-inbox');
  assert.deepEqual(jobs[0]!.payload, { mode: 'to-hidden' });
  assert.equal(jobs[0]!.nextAttemptAt, at);
});

test('an unverified alias plans nothing', async () => {
  assert.deepEqual(await planner([alias({ verified: false })]).plan(message, email('alias-inbox', 'them@away.test'), inbox('alias-inbox')), []);
});

test('a copy the alias already proxied (its id in the hop header) is not proxied again', async () => {
  const looped = email('alias-inbox', 'x@y.test', [[ALIAS_HOPS_HEADER, 'other-alias, ALIAS-1']]);
  assert.deepEqual(await planner([alias()]).plan(message, looped, inbox('alias-inbox')), []);
  const elsewhere = email('alias-inbox', 'x@y.test', [[ALIAS_HOPS_HEADER, 'other-alias']]);
  assert.equal((await planner([alias()]).plan(message, elsewhere, inbox('alias-inbox'))).length, 1);
});

test("the hidden address's mail to a thread address plans a reply; anyone else's plans nothing", async () => {
  const reply = await planner([alias()]).plan(message, email('thread-inbox', 'Me <ME@home.test>'), inbox('thread-inbox'));
  assert.deepEqual(reply.map((j) => j.payload), [{ mode: 'reply', threadId: 'thread-1' }]);
  assert.deepEqual(await planner([alias()]).plan(message, email('thread-inbox', 'them@away.test'), inbox('thread-inbox')), []);
  assert.deepEqual(await planner([alias({ verified: false })]).plan(message, email('thread-inbox', 'me@home.test'), inbox('thread-inbox')), []);
});

test('mail to an inbox that is no alias and no thread plans nothing', async () => {
  assert.deepEqual(await planner([alias()]).plan(message, email('plain', 'me@home.test'), inbox('plain')), []);
});
