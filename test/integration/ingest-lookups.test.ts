/**
 * An SMTP transaction reads an inbox's chaos settings and receiving rules once: at RCPT, where
 * they answer first, and its DATA step judges the message by the same answer. Every other
 * delivery (the next transaction, an API send) reads them afresh, so a rule made in between
 * applies to it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { systemClock } from '../../src/core/clock.js';
import { EventBus } from '../../src/events/bus.js';
import { RecipientRefused, type InboundEnvelope } from '../../src/modules/email/ingest.service.js';
import { createServices, type Services } from '../../src/services.js';
import { freshDatabase, type TestDatabase } from '../helpers/databases.js';
import { describeEachDialect } from '../helpers/server.js';

const TENANT = randomUUID();

describeEachDialect('lookups of one SMTP transaction', (dialect) => {
  let db: TestDatabase;
  let services: Services;
  const reads = { chaos: 0, rules: 0 };
  before(async () => {
    db = await freshDatabase(dialect);
    const { chaos, rulesets } = db.store.repos;
    const findByInbox = chaos.findByInbox.bind(chaos);
    chaos.findByInbox = (...args) => { reads.chaos++; return findByInbox(...args); };
    const applicable = rulesets.applicable.bind(rulesets);
    rulesets.applicable = (...args) => { reads.rules++; return applicable(...args); };
    await db.store.repos.users.create({ id: TENANT, email: `${TENANT}@tenants.test`, name: null, isAdmin: false, createdAt: new Date() });
    services = createServices({
      store: db.store, clock: systemClock, bus: new EventBus(),
      settings: { domain: 'pigeonhole.test', domainPool: ['pigeonhole.test'], inboxQuota: 0 },
    });
  });
  after(() => db.cleanup());

  const envelope: InboundEnvelope = { mailFrom: 'sender@outside.test', smtp: true, remoteAddress: '127.0.0.1', helo: 'outside.test' };
  const raw = (subject: string) => Buffer.from(`From: sender@outside.test\r\nTo: box@pigeonhole.test\r\nSubject: ${subject}\r\n\r\nhello\r\n`);

  test('reads them once per transaction, and afresh for the next one', async () => {
    const { ingest, inboxes, rulesets } = services;
    const inbox = await inboxes.create(TENANT, { emailAddress: 'box@pigeonhole.test' });

    reads.chaos = reads.rules = 0;
    const recipient = await ingest.acceptRecipient(inbox.emailAddress, envelope);
    const first = await ingest.receive(raw('first'), [recipient], envelope);
    assert.equal(first.stored.length, 1);
    assert.deepEqual(reads, { chaos: 1, rules: 1 }, 'RCPT read them; DATA used what RCPT read');

    // a rule made after that transaction refuses the next one at RCPT
    await rulesets.create(TENANT, { scope: 'RECEIVING_EMAILS', action: 'BLOCK', target: 'sender@outside.test' }, { inboxId: inbox.id });
    await assert.rejects(ingest.acceptRecipient(inbox.emailAddress, envelope), RecipientRefused);

    // a delivery without an RCPT before it (an API send's local copy) reads them itself, and is blocked
    reads.chaos = reads.rules = 0;
    const delivered = await ingest.deliver(raw('second'), [(await inboxes.get(TENANT, inbox.id))], { mailFrom: 'sender@outside.test' });
    assert.deepEqual(delivered, []);
    assert.equal(reads.rules, 1);
  });
});
