import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { EventBus } from '../../events/bus.js';
import type { InboxRecord, MailAddress } from '../../storage/ports.js';
import { FakeOptInIdentityRepository } from '../../../test/fakes/opt-in-identity-repository.js';
import type { InboxService } from '../inbox/inbox.service.js';
import type { SendingService } from '../sending/sending.service.js';
import { ConsentService, type ConsentRequirement } from './consent.service.js';

const TENANT = 'tenant-1';
const inbox = { tenantId: TENANT } as InboxRecord;
const to = (...addresses: string[]) => ({
  to: addresses.map((a): MailAddress => ({ rawValue: a, emailAddress: a, name: null })), cc: [], bcc: [],
});

/** A ConsentService whose status and guard run for real on an in-memory repository; it sends nothing in these tests. */
function consentService(requirement: ConsentRequirement = 'none') {
  const repo = new FakeOptInIdentityRepository();
  const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
  const service = new ConsentService(repo, {} as SendingService, {} as InboxService,
    async (address) => address.endsWith('@here.test'), new EventBus(), clock, requirement);
  const put = (emailAddress: string, state: 'pending' | 'verified' | 'revoked') => repo.upsert({
    id: emailAddress, tenantId: TENANT, emailAddress, state, tokenHash: null, requestedAt: clock.now(), verifiedAt: null, createdAt: clock.now(), updatedAt: clock.now(),
  });
  return { service, put };
}

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof AppError && err.code === 'BAD_REQUEST');
    return err.message;
  }
  return undefined;
};

test('by default only pending and revoked opt-ins need consent; the refusal names the address', async () => {
  const { service, put } = consentService();
  await put('pending@example.com', 'pending');
  await put('revoked@example.com', 'revoked');
  await put('ok@example.com', 'verified');
  assert.equal(await refusalOf(service.guard.check(inbox, to('anyone@example.com', 'ok@example.com'))), undefined);
  assert.match((await refusalOf(service.guard.check(inbox, to('ok@example.com', 'Pending@example.com'))))!, /^Cannot send to pending@example\.com: .*confirmation link/);
  assert.match((await refusalOf(service.guard.check(inbox, to('revoked@example.com'))))!, /revoked/);
  assert.deepEqual(await service.status(TENANT, 'pending@example.com'), { verificationCodeSent: true, userHasConsented: false, canSend: false });
  assert.deepEqual(await service.status(TENANT, 'OK@example.com'), { verificationCodeSent: true, userHasConsented: true, canSend: true });
  // another user's records are not this one's
  assert.equal(await refusalOf(service.guard.check({ tenantId: 'other' } as InboxRecord, to('pending@example.com'))), undefined);
});

test('relay: every outside address needs consent, inboxes here only when asked or revoked', async () => {
  const { service, put } = consentService('relay');
  await put('ok@example.com', 'verified');
  await put('asked@here.test', 'pending');
  assert.match((await refusalOf(service.guard.check(inbox, to('someone@example.com'))))!, /PIGEONHOLE_REQUIRE_CONSENT=relay/);
  assert.equal(await refusalOf(service.guard.check(inbox, to('ok@example.com', 'box@here.test'))), undefined);
  assert.match((await refusalOf(service.guard.check(inbox, to('asked@here.test'))))!, /asked@here\.test/);
});

test('revoke: an address never asked is refused from then on', async () => {
  const { service } = consentService();
  assert.deepEqual(await service.revoke(TENANT, 'Never@Example.com'), { verificationCodeSent: false, userHasConsented: false, canSend: false });
  assert.match((await refusalOf(service.guard.check(inbox, to('never@example.com'))))!, /revoked/);
});
