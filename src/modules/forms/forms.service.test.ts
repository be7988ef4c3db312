import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import type { InboxRecord } from '../../storage/ports.js';
import { rejectsWith } from '../../../test/fakes/index.js';
import { RecipientRefused } from '../email/ingest.service.js';
import { FormService } from './forms.service.js';

const inbox = { id: 'inbox-1', tenantId: 't', emailAddress: 'desk@pigeonhole.test', domain: 'pigeonhole.test' } as InboxRecord;

function ingest() {
  const delivered: Array<{ raw: string; to: string[]; mailFrom: string | null | undefined }> = [];
  return {
    delivered,
    async localRecipient(address: string) {
      if (address === 'gone@pigeonhole.test') throw new RecipientRefused('Mailbox gone@pigeonhole.test has expired');
      return address.toLowerCase() === inbox.emailAddress ? inbox : undefined;
    },
    async acceptRecipient(address: string) {
      return (await this.localRecipient(address))!;
    },
    async deliver(raw: Buffer, recipients: InboxRecord[], envelope?: { mailFrom?: string | null }) {
      delivered.push({ raw: raw.toString(), to: recipients.map((r) => r.emailAddress), mailFrom: envelope?.mailFrom });
      return [{ id: 'email-1' }] as never;
    },
  };
}

test('fields become the body, meta fields the envelope; the query may carry them', async () => {
  const fake = ingest();
  const forms = new FormService(fake, new ManualClock());
  const outcome = await forms.submit({
    fields: [['_subject', 'Hello'], ['name', 'Ada'], ['_emailAddress', 'ada@example.com'], ['note', 'a & b']],
    files: [{ fieldName: 'f', fileName: 'f.txt', contentType: 'text/plain', content: Buffer.from('file body') }],
    query: { _to: 'desk@pigeonhole.test' },
  });
  assert.deepEqual(outcome, { message: 'Form submitted', emailId: 'email-1' });
  const [mail] = fake.delivered;
  assert.deepEqual(mail!.to, ['desk@pigeonhole.test']);
  assert.equal(mail!.mailFrom, 'ada@example.com');
  assert.match(mail!.raw, /^Subject: Hello/m);
  assert.match(mail!.raw, /^Reply-To: ada@example.com/m);
  assert.match(mail!.raw, /name: Ada/);
  assert.match(mail!.raw, /a &amp; b/);
  assert.match(mail!.raw, /filename=f\.txt/);
});

test('a redirect, a success message, and the honeypot that delivers nothing', async () => {
  const fake = ingest();
  const forms = new FormService(fake, new ManualClock());
  assert.deepEqual(await forms.submit({ fields: [['_to', inbox.emailAddress], ['_redirectTo', 'https://x.example/ok']], files: [], query: {} }),
    { redirectTo: 'https://x.example/ok', emailId: 'email-1' });
  assert.deepEqual(await forms.submit({ fields: [['_to', inbox.emailAddress], ['_successMessage', 'Merci']], files: [], query: {} }),
    { message: 'Merci', emailId: 'email-1' });
  assert.deepEqual(await forms.submit({ fields: [['_to', inbox.emailAddress], ['_spamCheck', 'x']], files: [], query: {} }),
    { message: 'Form submitted', emailId: null });
  assert.equal(fake.delivered.length, 2);
});

test('only inboxes of this server: other addresses, expired inboxes and bad fields are 400s', async () => {
  const forms = new FormService(ingest(), new ManualClock());
  const submit = (fields: Array<[string, string]>) => forms.submit({ fields, files: [], query: {} });
  await rejectsWith(submit([]), 'BAD_REQUEST', /_to is required/);
  await rejectsWith(submit([['_to', 'someone@example.com']]), 'BAD_REQUEST', /not an inbox of this server/);
  await rejectsWith(submit([['_to', 'gone@pigeonhole.test']]), 'BAD_REQUEST', /expired/);
  await rejectsWith(submit([['_to', inbox.emailAddress], ['_emailAddress', 'nope']]), 'BAD_REQUEST', /_emailAddress/);
  await rejectsWith(submit([['_to', inbox.emailAddress], ['_redirectTo', 'ftp://x']]), 'BAD_REQUEST', /_redirectTo/);
});
