import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { parsePhoneRanges } from '../../core/phone-ranges.js';
import { FakePhoneInventory } from '../../../test/fakes/phone-inventory.js';
import { PhoneService } from '../phone/phone.service.js';
import { PhoneInventoryService, planId, SEARCH_SCAN_BUDGET } from './phone-inventory.service.js';
import { PhoneReleaseService } from './phone-releases.service.js';
import { PhoneAccountService } from './phone-account.service.js';
import { csvField, csvLine } from './phone-inventory.dto.js';
import { inSpans, numbersOf, spansOf } from './spans.js';
import { lineTypeOf, variantOf } from './line-types.js';

const RANGES = parsePhoneRanges('US:+12025550100-+12025550104,US:+12025550103-+12025550106,GB:+447700900000-+447700900002');

function setup(ranges = RANGES) {
  const fake = new FakePhoneInventory();
  const clock = new ManualClock();
  const inventory = new PhoneInventoryService(fake.phones, fake.inventory, fake.jobs, fake.users, ranges, clock);
  const releases = new PhoneReleaseService(fake.releases, fake.phones, clock);
  const phones = new PhoneService(fake.phones, ranges, clock, releases);
  const accounts = new PhoneAccountService(fake.accounts, clock);
  return { fake, clock, inventory, releases, phones, accounts };
}

const code = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'OK';
};

test('spans merge overlapping ranges of a country and walk every number once', () => {
  const spans = spansOf(RANGES, 'US');
  assert.deepEqual(spans, [{ first: '+12025550100', last: '+12025550106' }]);
  assert.deepEqual([...numbersOf(spans, 3)].map((c) => c.length), [3, 3, 1]);
  assert.equal([...numbersOf(spans, 3)].flat().at(-1), '+12025550106');
  assert.ok(inSpans(spans, '+12025550105'));
  assert.ok(!inSpans(spans, '+12025550107'));
  assert.ok(!inSpans(spans, '+1202555010'), 'a shorter number is not in the span');
  assert.deepEqual(spansOf(parsePhoneRanges('GB:+447700900005-+447700900009,GB:+447700900000-+447700900004'), 'GB'), [{ first: '+447700900000', last: '+447700900009' }], 'touching ranges merge');
  // leading zeros are kept
  assert.deepEqual([...numbersOf([{ first: '+0001', last: '+0002' }], 10)].flat(), ['+0001', '+0002']);
});

test('line types come from libphonenumber-js and only known ones have a variant', () => {
  assert.equal(lineTypeOf('+447911123456'), 'MOBILE');
  assert.equal(lineTypeOf('+447700900000'), undefined, 'the drama range is unknown to it');
  assert.deepEqual(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE', 'TOLL_FREE', 'VOIP', undefined].map(variantOf), ['MOBILE', 'LOCAL', 'LOCAL', 'TOLL_FREE', undefined, undefined]);
});

test('plans: one per configured country with a stable id; availability counts free numbers', async () => {
  const { fake, inventory, phones } = setup();
  fake.usersList.push({ id: 'u1', email: 'a@example.com', name: null, isAdmin: false, createdAt: new Date('2025-05-05T00:00:00Z'), organizationId: null, orgRole: null, active: true });
  const plans = await inventory.plans('u1');
  assert.deepEqual(plans.map((p) => [p.phoneCountry, p.createdAt.toISOString()]), [['US', '2025-05-05T00:00:00.000Z'], ['GB', '2025-05-05T00:00:00.000Z']]);
  assert.equal(plans[0]!.id, planId('u1', 'US'));
  assert.match(plans[0]!.id, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.notEqual(planId('u1', 'US'), planId('u2', 'US'));

  let { available, disabled } = await inventory.availability();
  assert.deepEqual(available.map((a) => [a.phoneCountry, a.freeNumbers, a.variants]), [['US', 7, ['LOCAL']], ['GB', 3, []]]);
  assert.ok(disabled.includes('AU') && !disabled.includes('US'));
  for (let i = 0; i < 3; i++) await phones.create('u1', { phoneCountry: 'GB' });
  ({ available, disabled } = await inventory.availability());
  assert.deepEqual(available.map((a) => a.phoneCountry), ['US']);
  assert.ok(disabled.includes('GB'));
});

test('search: free numbers in order, filters that cannot match say so', async () => {
  const { fake, inventory } = setup();
  await fake.phones.create({ id: 'x', tenantId: 'other', phoneNumber: '+12025550101', phoneCountry: 'US', name: null, description: null, tags: [], favourite: false, createdAt: new Date(), updatedAt: new Date() });
  const found = await inventory.search({ phoneCountry: 'US', limit: 2 });
  assert.deepEqual(found.items, [
    { phoneNumber: '+12025550100', phoneCountry: 'US', phoneVariant: 'LOCAL' },
    { phoneNumber: '+12025550102', phoneCountry: 'US', phoneVariant: 'LOCAL' },
  ]);
  assert.equal(found.warning, null);
  assert.equal((await inventory.search({ phoneCountry: 'US', limit: 100 })).items.length, 6);
  assert.equal((await inventory.search({ phoneCountry: 'US', phoneVariant: 'TOLL_FREE' })).items.length, 0);
  assert.match((await inventory.search({ phoneCountry: 'US', lineType: 'mobile' })).warning!, /no carrier intelligence/);
  assert.match((await inventory.search({ phoneCountry: 'US', providerLabels: ['T2'] })).warning!, /only one/);
  assert.equal((await inventory.search({ phoneCountry: 'US', providerLabels: ['simulated'] })).items.length, 6);
  assert.match((await inventory.search({ phoneCountry: 'US', qualityFilter: 'OTP' })).warning!, /OTP was not applied/);
  assert.match((await inventory.search({ phoneCountry: 'CA' })).warning!, /No phone number range is configured for CA/);
});

test('search stops at its scan budget and says how far it looked', async () => {
  const { inventory } = setup(parsePhoneRanges('US:+12025500000-+12025599999'));
  const result = await inventory.search({ phoneCountry: 'US', phoneVariant: 'TOLL_FREE' });
  assert.equal(result.items.length, 0);
  assert.match(result.warning!, new RegExp(`first ${SEARCH_SCAN_BUDGET} numbers`));
});

test('a provisioning job allocates each free number of the ranges and records the rest', async () => {
  const { fake, inventory, clock } = setup();
  const job = await inventory.createJob('u1', {
    phoneCountry: 'US',
    items: [{ phoneNumber: '+1 202 555 0100' }, { phoneNumber: '+12025550100' }, { phoneNumber: '+447700900000' }, { phoneNumber: 'nope' }, { phoneNumber: '+12025550101', providerLabel: 'T1' }],
  });
  assert.equal(job.status, 'PARTIAL');
  assert.deepEqual(job.items.map((i) => i.status), ['PROVISIONED', 'UNAVAILABLE', 'FAILED', 'FAILED', 'FAILED']);
  assert.equal(fake.numbers.find((p) => p.id === job.items[0]!.phoneId)?.phoneNumber, '+12025550100');
  assert.deepEqual(await inventory.getJob('u1', job.id), job);
  assert.equal(await code(inventory.getJob('u2', job.id)), 'NOT_FOUND');
  clock.advance(1000);
  const failed = await inventory.createJob('u1', { phoneCountry: 'US', phoneVariant: 'MOBILE', items: [{ phoneNumber: '+12025550102' }] });
  assert.equal(failed.status, 'FAILED');
  const done = await inventory.createJob('u1', { phoneCountry: 'US', phoneVariant: 'LOCAL', items: [{ phoneNumber: '+12025550102' }] });
  assert.equal(done.status, 'COMPLETED');
});

test('deleting a number records its release; reassigning gives it back once, and never a number someone took', async () => {
  const { fake, phones, releases, clock } = setup();
  const phone = await phones.create('u1', { phoneCountry: 'GB', name: 'Line' });
  clock.advance(5000);
  await phones.delete('u1', phone.id);
  assert.equal(await code(phones.delete('u1', phone.id)), 'NOT_FOUND');
  const [release] = (await releases.page('u1', {})).slice.items;
  assert.deepEqual([release!.phoneNumber, release!.name, release!.phoneId, release!.createdAt.toISOString()], [phone.phoneNumber, 'Line', phone.id, clock.now().toISOString()]);
  assert.equal(await code(releases.get('u2', release!.id)), 'NOT_FOUND');
  const back = await releases.reassign('u1', release!.id);
  assert.deepEqual([back.phoneNumber, back.name, back.tenantId], [phone.phoneNumber, 'Line', 'u1']);
  assert.equal(await code(releases.get('u1', release!.id)), 'NOT_FOUND');

  await phones.delete('u1', back.id);
  const [again] = (await releases.page('u1', {})).slice.items;
  await fake.phones.create({ ...back, id: 'theirs', tenantId: 'u2' });
  assert.equal(await code(releases.reassign('u1', again!.id)), 'CONFLICT');
  assert.equal((await releases.get('u1', again!.id)).id, again!.id, 'a refused reassignment keeps the release');

  await phones.create('u1', { phoneCountry: 'US' });
  await phones.create('u1', { phoneCountry: 'US' });
  await phones.deleteAll('u1');
  assert.equal((await releases.page('u1', {})).slice.total, 3);
  assert.equal(fake.numbers.filter((p) => p.tenantId === 'u1').length, 0);
});

test('summary counts per country; numbers of a country no longer configured are a missing plan', async () => {
  const { fake, inventory, phones } = setup();
  await phones.create('u1', { phoneCountry: 'US' });
  await fake.phones.create({ id: 'old', tenantId: 'u1', phoneNumber: '+61491570006', phoneCountry: 'AU', name: null, description: null, tags: [], favourite: false, createdAt: new Date(), updatedAt: new Date() });
  const summary = await inventory.summary('u1');
  assert.deepEqual(summary.countries, [
    { phoneCountry: 'US', count: 1, hasPlan: true }, { phoneCountry: 'GB', count: 0, hasPlan: true }, { phoneCountry: 'AU', count: 1, hasPlan: false },
  ]);
  assert.deepEqual([summary.totalPhones, summary.plans], [2, ['US', 'GB']]);
});

test('every number is exported, in chunks, in creation order', async () => {
  const { fake, inventory, clock } = setup(parsePhoneRanges('GB:+447700900000-+447700901999'));
  for (let i = 0; i < 1203; i++) {
    clock.advance(1);
    await fake.phones.create({ id: `id-${String(i).padStart(5, '0')}`, tenantId: 'u1', phoneNumber: `+4477009${String(i).padStart(5, '0')}`, phoneCountry: 'GB', name: null, description: null, tags: [], favourite: false, createdAt: clock.now(), updatedAt: clock.now() });
  }
  const ids: string[] = [];
  for await (const p of inventory.allNumbers('u1')) ids.push(p.id);
  assert.equal(ids.length, 1203);
  assert.deepEqual(ids, [...ids].sort());
});

test('CSV fields are quoted as RFC 4180 asks', () => {
  assert.equal(csvField(null), '');
  assert.equal(csvField('plain'), 'plain');
  assert.equal(csvField('+12025550100'), '+12025550100');
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField('two\nlines'), '"two\nlines"');
  assert.equal(csvField(' edge'), '" edge"');
  assert.equal(csvLine(['a', null, 'b,c']), 'a,,"b,c"\r\n');
});

test('consent defaults to false and is stored per account; emergency addresses are validated', async () => {
  const { accounts } = setup();
  assert.equal(await accounts.consent('u1'), false);
  await accounts.setConsent('u1', true);
  assert.deepEqual([await accounts.consent('u1'), await accounts.consent('u2')], [true, false]);

  const base = { customerName: ' Ada  Lovelace ', address1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701-1234', isoCountryCode: 'US' };
  const made = await accounts.createEmergencyAddress('u1', base);
  assert.deepEqual([made.customerName, made.displayName, made.postalCode], ['Ada Lovelace', 'Ada Lovelace', '62701-1234']);
  assert.equal(await code(accounts.createEmergencyAddress('u1', { ...base, postalCode: '6270' })), 'BAD_REQUEST');
  assert.equal(await code(accounts.createEmergencyAddress('u1', { ...base, address1: ' ' })), 'BAD_REQUEST');
  assert.equal((await accounts.createEmergencyAddress('u1', { ...base, isoCountryCode: 'CA', postalCode: 'k1a 0b1' })).postalCode, 'K1A 0B1');
  assert.equal((await accounts.createEmergencyAddress('u1', { ...base, isoCountryCode: 'HK', postalCode: 'n/a' })).postalCode, 'N/A', 'Hong Kong has no postal code shape');
  assert.equal(await code(accounts.emergencyAddress('u2', made.id)), 'NOT_FOUND');
  assert.equal(await code(accounts.deleteEmergencyAddress('u2', made.id)), 'NOT_FOUND');
  await accounts.deleteEmergencyAddress('u1', made.id);
  assert.equal((await accounts.emergencyAddresses('u1')).length, 2);
});
