import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeServices, rejectsWith } from '../../../test/fakes/index.js';
import { bulkCreateInboxes, bulkDeleteInboxes, bulkSendEmails } from './bulk-actions.js';
import { looksLikeHtml, sendSimple } from '../common-actions/simple-send.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('bulk actions', () => {
  test('bulkCreateInboxes makes count inboxes; over the inbox quota it keeps none of them', async () => {
    const { services } = fakeServices({ settings: { inboxQuota: 5 } });
    const made = await bulkCreateInboxes(services.inboxes, ALICE, 3);
    assert.equal(made.length, 3);
    assert.equal(await services.inboxes.count(ALICE), 3);
    await rejectsWith(bulkCreateInboxes(services.inboxes, ALICE, 3), 'QUOTA_EXCEEDED');
    assert.equal(await services.inboxes.count(ALICE), 3, 'the two made before the quota was reached were removed');
  });

  test("bulkDeleteInboxes deletes all listed inboxes, or none when one is not the caller's", async () => {
    const { services } = fakeServices();
    const [one, two, three] = await bulkCreateInboxes(services.inboxes, ALICE, 3);
    const bobs = await services.inboxes.create(BOB, {});
    for (const stranger of [UNKNOWN, bobs.id]) {
      await rejectsWith(bulkDeleteInboxes(services.inboxes, ALICE, [one!.id, stranger]), 'NOT_FOUND', new RegExp(stranger));
      assert.equal(await services.inboxes.count(ALICE), 3);
    }
    await bulkDeleteInboxes(services.inboxes, ALICE, [one!.id, two!.id, one!.id.toUpperCase()]);
    assert.deepEqual((await services.inboxes.ids(ALICE)).map((i) => i.id), [three!.id]);
    assert.equal(await services.inboxes.count(BOB), 1);
  });

  test('bulkSendEmails sends from each inbox once, after checking every send; a refusal sends nothing', async () => {
    const { services } = fakeServices();
    const [one, two] = await bulkCreateInboxes(services.inboxes, ALICE, 2);
    const smtp = await services.inboxes.create(ALICE, { inboxType: 'SMTP_INBOX' });
    const bobs = await services.inboxes.create(BOB, {});
    const input = { to: ['reader@example.com'], subject: 'bulk', body: 'hello' };
    await rejectsWith(bulkSendEmails(services.sending, ALICE, [one!.id, bobs.id], input), 'NOT_FOUND');
    await rejectsWith(bulkSendEmails(services.sending, ALICE, [one!.id, smtp.id], input), 'BAD_REQUEST', new RegExp(`Inbox ${smtp.id} cannot send this email: SMTP inboxes can only receive`));
    await rejectsWith(bulkSendEmails(services.sending, ALICE, [one!.id], { ...input, to: ['nope'] }), 'BAD_REQUEST', /invalid addresses: nope/);
    assert.equal((await services.sending.page(ALICE, {}, {})).slice.total, 0, 'nothing was sent');
    const outcomes = await bulkSendEmails(services.sending, ALICE, [one!.id, two!.id, one!.id], input);
    assert.deepEqual(outcomes.map((o) => o.sent.from).sort(), [one!.emailAddress, two!.emailAddress].sort());
  });
});

describe('simple sends (sendEmailSimple, sendEmailQuery)', () => {
  test('a body with tags is HTML, anything else text', () => {
    for (const html of ['<p>hi</p>', 'Hello <b>there</b>', '<br/>', '<!DOCTYPE html><html></html>', '<!-- note -->x', '<a href="x">y</a>']) {
      assert.equal(looksLikeHtml(html), true, html);
    }
    for (const text of ['a < b and c > d', 'x<3', '', 'email me at <someone at example.com', '1 <2> 3']) {
      assert.equal(looksLikeHtml(text), false, text);
    }
  });

  test('without senderId a new inbox sends it; a refused send removes that inbox again', async () => {
    const { services } = fakeServices();
    const outcome = await sendSimple(services, ALICE, { to: 'reader@example.com', subject: 'hi', body: '<p>hi</p>' });
    assert.equal(await services.inboxes.count(ALICE), 1);
    assert.equal(outcome.sent.isHtml, true);
    await rejectsWith(sendSimple(services, ALICE, { to: 'not an address' }), 'BAD_REQUEST');
    assert.equal(await services.inboxes.count(ALICE), 1, 'no inbox left by the refused send');
    await rejectsWith(sendSimple(services, ALICE, { senderId: UNKNOWN, to: 'reader@example.com' }), 'NOT_FOUND');
  });
});
