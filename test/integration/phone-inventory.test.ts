import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  CreateEmergencyAddressOptionsIsoCountryCodeEnum as AddressCountry,
  CreatePhoneNumberOptionsPhoneCountryEnum as Country,
  CreatePhoneProvisioningJobOptionsPhoneCountryEnum as JobCountry,
  GetPhoneProvisioningCapabilitiesPhoneCountryEnum as CapabilityCountry,
  SearchAvailablePhoneNumbersOptionsPhoneCountryEnum as SearchCountry,
  SearchAvailablePhoneNumbersOptionsPhoneVariantEnum as SearchVariant,
  SearchAvailablePhoneNumbersOptionsQualityFilterEnum as Quality,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';

/** RFC 4180 rows of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; }
    else if (ch === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; }
    else field += ch;
  }
  assert.equal(field + row.join(''), '', 'the CSV ends with a line break');
  return rows;
}

describeEachDialect('phone inventory', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  // ten US numbers (NANP 555-01xx: libphonenumber-js calls them FIXED_LINE_OR_MOBILE) and five of the GB drama range (unknown to it)
  const US = Array.from({ length: 10 }, (_, i) => `+1202555010${i}`);
  const GB = Array.from({ length: 5 }, (_, i) => `+44770090000${i}`);

  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_PHONE_RANGES: `US:${US[0]}-${US[9]},GB:${GB[0]}-${GB[4]}` } });
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(() => server?.close());

  test('plans: one per configured country, stable, free of charge; availability counts the free numbers', async () => {
    const phone = alice.mailslurp.phoneController;
    const plans = await phone.getPhonePlans();
    assert.deepEqual(plans.map((p) => p.phoneCountry), ['US', 'GB']);
    assert.ok(plans.every((p) => p.userId === alice.userId && p.createdAt instanceof Date));
    assert.deepEqual((await phone.getPhonePlans()).map((p) => p.id), plans.map((p) => p.id), 'plan ids are stable');
    const bobPlans = await bob.mailslurp.phoneController.getPhonePlans();
    assert.ok(bobPlans.every((p) => !plans.some((q) => q.id === p.id)), "each account has its own plans");

    const availability = await phone.getPhonePlansAvailability();
    assert.deepEqual(availability.items.map((i) => [i.phoneCountry, i.availabilityStatus, i.variants]), [['US', 'AVAILABLE', ['LOCAL']], ['GB', 'AVAILABLE', undefined]]);
    assert.ok(availability.disabledPhoneCountries.includes('AU' as never) && availability.disabledPhoneCountries.includes('CA' as never));
    assert.ok(!availability.disabledPhoneCountries.includes('US' as never));
    const free = async (country: string) =>
      ((await (await alice.fetch('/phone/plans/availability')).json()) as { items: Array<{ phoneCountry: string; freeNumbers: number }> }).items.find((i) => i.phoneCountry === country)?.freeNumbers;
    assert.equal(await free('US'), 10);
    const taken = await bob.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    assert.equal(await free('US'), 9, "another account's number is taken too");
    await bob.mailslurp.phoneController.deletePhoneNumber({ phoneNumberId: taken.id });
    assert.equal(await free('US'), 10);

    const caps = await phone.getPhoneProvisioningCapabilities({ phoneCountry: CapabilityCountry.US });
    assert.deepEqual([caps.providerLabel, caps.phoneCountry, caps.supportedVariants, caps.warning ?? null], ['SIMULATED', 'US', ['LOCAL'], null]);
    const gbCaps = await phone.getPhoneProvisioningCapabilities({ phoneCountry: CapabilityCountry.GB });
    assert.deepEqual(gbCaps.supportedVariants, []);
    assert.match(gbCaps.warning!, /libphonenumber-js knows no line type/);
    assert.match((await phone.getPhoneProvisioningCapabilities({ phoneCountry: CapabilityCountry.AU })).warning!, /No phone number range is configured for AU/);
    const other = await phone.getPhoneProvisioningCapabilities({ phoneCountry: CapabilityCountry.US, providerLabel: 'T1' });
    assert.deepEqual([other.providerLabel, other.supportedVariants], ['T1', []]);
  });

  test('search finds the free numbers in order, skipping taken ones; filters the carrier cannot answer match nothing', async () => {
    const phone = alice.mailslurp.phoneController;
    const job = await bob.mailslurp.phoneController.createPhoneProvisioningJob({
      createPhoneProvisioningJobOptions: { phoneCountry: JobCountry.US, items: [{ phoneNumber: US[1]! }] },
    });
    assert.equal(job.status, 'COMPLETED');
    const found = await phone.searchAvailablePhoneNumbers({ searchAvailablePhoneNumbersOptions: { phoneCountry: SearchCountry.US, limit: 3 } });
    assert.deepEqual(found.items.map((i) => i.phoneNumber), [US[0], US[2], US[3]]);
    assert.equal(found.count, 3);
    assert.ok(found.items.every((i) => i.phoneCountry === 'US' && i.phoneVariant === 'LOCAL' && i.providerLabel === 'SIMULATED' && (i.lineType ?? null) === null));
    const all = await phone.searchAvailablePhoneNumbers({ searchAvailablePhoneNumbersOptions: { phoneCountry: SearchCountry.US, limit: 50 } });
    assert.equal(all.count, 9);
    assert.match(all.warning!, /Only 9 free numbers/);
    const mobile = await phone.searchAvailablePhoneNumbers({ searchAvailablePhoneNumbersOptions: { phoneCountry: SearchCountry.US, phoneVariant: SearchVariant.MOBILE } });
    assert.equal(mobile.count, 0);
    const mobileOnly = await phone.searchAvailablePhoneNumbers({ searchAvailablePhoneNumbersOptions: { phoneCountry: SearchCountry.US, qualityFilter: Quality.MOBILE_ONLY } });
    assert.equal(mobileOnly.count, 0);
    const carrier = await phone.searchAvailablePhoneNumbers({ searchAvailablePhoneNumbersOptions: { phoneCountry: SearchCountry.US, carrierName: 'Verizon' } });
    assert.deepEqual([carrier.count, /no carrier intelligence/.test(carrier.warning!)], [0, true]);
    const gb = await phone.searchAvailablePhoneNumbers({ searchAvailablePhoneNumbersOptions: { phoneCountry: SearchCountry.GB } });
    assert.deepEqual(gb.items.map((i) => [i.phoneNumber, i.phoneVariant]), GB.map((n) => [n, undefined]));
    const none = await phone.searchAvailablePhoneNumbers({ searchAvailablePhoneNumbersOptions: { phoneCountry: SearchCountry.AU } });
    assert.deepEqual([none.count, /PIGEONHOLE_PHONE_RANGES/.test(none.warning!)], [0, true]);
    assert.equal((await refusal(phone.searchAvailablePhoneNumbers({ searchAvailablePhoneNumbersOptions: { phoneCountry: SearchCountry.US, limit: 0 } }))).status, 400);
    await bob.mailslurp.phoneController.deleteAllPhoneNumber();
  });

  test('a provisioning job allocates what it can and records why the rest failed', async () => {
    const phone = alice.mailslurp.phoneController;
    const bobs = await bob.mailslurp.phoneController.createPhoneProvisioningJob({
      createPhoneProvisioningJobOptions: { phoneCountry: JobCountry.GB, items: [{ phoneNumber: GB[4]! }] },
    });
    assert.equal(bobs.succeededCount, 1);
    const job = await phone.createPhoneProvisioningJob({
      createPhoneProvisioningJobOptions: {
        phoneCountry: JobCountry.GB,
        items: [{ phoneNumber: GB[0]! }, { phoneNumber: '+44 7700 900001' }, { phoneNumber: GB[4]! }, { phoneNumber: US[5]! }, { phoneNumber: 'abc' }, { phoneNumber: GB[0]! }],
      },
    });
    assert.equal(job.status, 'PARTIAL');
    assert.deepEqual(
      [job.requestedCount, job.attemptedCount, job.succeededCount, job.failedCount, job.unavailableCount],
      [6, 6, 2, 2, 2],
    );
    assert.deepEqual(job.items.map((i) => [i.phoneNumber, i.status]), [
      [GB[0], 'PROVISIONED'], [GB[1], 'PROVISIONED'], [GB[4], 'UNAVAILABLE'], [US[5], 'FAILED'], ['abc', 'FAILED'], [GB[0], 'UNAVAILABLE'],
    ]);
    assert.match(job.items[3]!.failureMessage!, /not in the GB ranges/);
    const provisioned = await phone.getPhoneNumber({ phoneNumberId: job.items[0]!.phoneNumberId! });
    assert.deepEqual([provisioned.phoneNumber, provisioned.phoneCountry, provisioned.userId], [GB[0], 'GB', alice.userId]);
    assert.deepEqual(await phone.getPhoneProvisioningJob({ jobId: job.id }), job);
    assert.equal((await refusal(bob.mailslurp.phoneController.getPhoneProvisioningJob({ jobId: job.id }))).status, 404);

    const variant = await phone.createPhoneProvisioningJob({
      createPhoneProvisioningJobOptions: { phoneCountry: JobCountry.US, phoneVariant: 'MOBILE' as never, items: [{ phoneNumber: US[9]! }] },
    });
    assert.equal(variant.status, 'FAILED');
    assert.match(variant.items[0]!.failureMessage!, /LOCAL by libphonenumber-js, not MOBILE/);
    assert.equal((await refusal(phone.createPhoneProvisioningJob({ createPhoneProvisioningJobOptions: { phoneCountry: JobCountry.US, items: [] } }))).status, 400);

    // GB is now all taken (alice 0, 1; bob 4) but for 2 and 3
    const gbLeft = await phone.createPhoneProvisioningJob({ createPhoneProvisioningJobOptions: { phoneCountry: JobCountry.GB, items: [{ phoneNumber: GB[2]! }, { phoneNumber: GB[3]! }] } });
    assert.equal(gbLeft.status, 'COMPLETED');
    const availability = await phone.getPhonePlansAvailability();
    assert.ok(availability.disabledPhoneCountries.includes('GB' as never), 'a country with no free number left is disabled');
    assert.deepEqual(availability.items.map((i) => i.phoneCountry), ['US']);
    await phone.deleteAllPhoneNumber();
    await bob.mailslurp.phoneController.deleteAllPhoneNumber();
  });

  test('deleting records a release; reassigning gives the number back unless someone took it', async () => {
    const phone = alice.mailslurp.phoneController;
    const before = (await phone.getAllPhoneNumberReleases({ size: 100 })).totalElements;
    const made = await phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US, name: 'Checkout line' } });
    const start = Date.now();
    await phone.deletePhoneNumber({ phoneNumberId: made.id });
    const releases = await phone.getAllPhoneNumberReleases({ size: 100, sort: 'DESC' as never });
    assert.equal(releases.totalElements, before + 1);
    const release = releases.content![0]!;
    assert.deepEqual([release.phoneNumber, release.name, release.phoneCountry, release.userId], [made.phoneNumber, 'Checkout line', 'US', alice.userId]);
    assert.ok(Math.abs(release.createdAt.getTime() - start) < 60_000);
    assert.deepEqual(await phone.getPhoneNumberRelease({ releaseId: release.id }), release);
    assert.equal((await refusal(bob.mailslurp.phoneController.getPhoneNumberRelease({ releaseId: release.id }))).status, 404);
    assert.equal((await bob.mailslurp.phoneController.getAllPhoneNumberReleases({})).content!.some((r) => r.id === release.id), false);

    const back = await phone.reassignPhoneNumberRelease({ releaseId: release.id });
    assert.deepEqual([back.phoneNumber, back.name, back.userId], [made.phoneNumber, 'Checkout line', alice.userId]);
    assert.notEqual(back.id, made.id);
    assert.equal((await refusal(phone.getPhoneNumberRelease({ releaseId: release.id }))).status, 404, 'a reassigned release is spent');

    // released again, then taken by bob: the release cannot be honoured
    await phone.deletePhoneNumber({ phoneNumberId: back.id });
    const second = (await phone.getAllPhoneNumberReleases({ size: 1, sort: 'DESC' as never })).content![0]!;
    assert.equal(second.phoneNumber, made.phoneNumber);
    await bob.mailslurp.phoneController.createPhoneProvisioningJob({
      createPhoneProvisioningJobOptions: { phoneCountry: JobCountry.US, items: [{ phoneNumber: made.phoneNumber }] },
    });
    const taken = await refusal(phone.reassignPhoneNumberRelease({ releaseId: second.id }));
    assert.equal(taken.status, 409);
    assert.match(taken.message, /taken by another account since it was released/);
    assert.equal((await phone.getPhoneNumberRelease({ releaseId: second.id })).id, second.id, 'the release is kept');
    assert.equal((await refusal(bob.mailslurp.phoneController.reassignPhoneNumberRelease({ releaseId: second.id }))).status, 404);

    // deleteAllPhoneNumber releases each number
    await phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    await phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.GB } });
    const count = (await phone.getAllPhoneNumberReleases({})).totalElements;
    await phone.deleteAllPhoneNumber();
    assert.equal((await phone.getAllPhoneNumberReleases({})).totalElements, count + 2);
    await bob.mailslurp.phoneController.deleteAllPhoneNumber();
  });

  test('summary counts the numbers per country; the CSV lists them with proper quoting', async () => {
    const phone = alice.mailslurp.phoneController;
    const empty = await phone.getPhoneSummary();
    assert.deepEqual([empty.totalPhones, empty.hasPhoneNumbers, empty.hasMissingPlans], [0, false, false]);
    assert.deepEqual(empty.plans.map((p) => p.phoneCountry), ['US', 'GB']);
    const tricky = await phone.createPhoneNumber({
      createPhoneNumberOptions: { phoneCountry: Country.US, name: 'Sales, "EU"', description: 'line one\nline two', tags: ['a,b', 'c'] },
    });
    await phone.setPhoneFavourited({ phoneNumberId: tricky.id, setPhoneFavouritedOptions: { state: true } });
    await phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    const gb = await phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.GB } });
    await bob.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.GB } });
    const summary = await phone.getPhoneSummary();
    assert.deepEqual([summary.totalPhones, summary.hasPhoneNumbers, summary.hasMissingPlans], [3, true, false]);
    assert.deepEqual(summary.phoneCountrySummaries.map((c) => [c.phoneCountryCode, c.totalCount, c.hasPlan]), [['US', 2, true], ['GB', 1, true]]);

    await phone.exportPhoneNumbersCsv(); // the official client's call succeeds (it ignores the body)
    const response = await alice.fetch('/phone/numbers/csv');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^text\/csv/);
    assert.match(response.headers.get('content-disposition')!, /attachment; filename="phone-numbers.csv"/);
    const rows = parseCsv(await response.text());
    assert.deepEqual(rows[0], ['id', 'phoneNumber', 'phoneCountry', 'name', 'description', 'tags', 'favourite', 'createdAt', 'updatedAt']);
    assert.equal(rows.length, 4, 'a header and the three numbers of the caller');
    const row = rows.find((r) => r[0] === tricky.id)!;
    assert.deepEqual(row.slice(1, 7), [tricky.phoneNumber, 'US', 'Sales, "EU"', 'line one\nline two', '["a,b","c"]', 'true']);
    assert.ok(rows.some((r) => r[0] === gb.id && r[3] === '' && r[6] === 'false'));
    const bobRows = parseCsv(await (await bob.fetch('/phone/numbers/csv')).text());
    assert.equal(bobRows.length, 2);
    await phone.deleteAllPhoneNumber();
    await bob.mailslurp.phoneController.deleteAllPhoneNumber();
  });

  test('line type intelligence answers from libphonenumber-js metadata only', async () => {
    const lookup = (phoneNumber: string) => alice.mailslurp.phoneController.getPhoneNumberLineTypeIntelligence({ validatePhoneNumberOptions: { phoneNumber } });
    const mobile = await lookup('+44 7911 123456');
    assert.deepEqual(
      [mobile.phoneNumber, mobile.isValid, mobile.countryPrefix, mobile.nationalFormat, mobile.lineTypeIntelligence?.type, mobile.lineTypeIntelligence?.carrierName ?? null, mobile.mailslurpPhoneNumber],
      ['+447911123456', true, '+44', '07911 123456', 'MOBILE', null, false],
    );
    const ours = await lookup(US[0]!);
    assert.deepEqual([ours.isValid, ours.countryCode, ours.lineTypeIntelligence?.type, ours.mailslurpPhoneNumber], [true, 'US', 'FIXED_LINE_OR_MOBILE', true]);
    const drama = await lookup(GB[0]!);
    assert.deepEqual([drama.isValid, drama.lineTypeIntelligence?.type ?? null, drama.mailslurpPhoneNumber], [false, null, true]);
    const tollFree = await lookup('+18005550100');
    assert.equal(tollFree.lineTypeIntelligence?.type, 'TOLL_FREE');
    const junk = await lookup('abc');
    assert.deepEqual([junk.isValid, junk.lineTypeIntelligence ?? null, junk.mailslurpPhoneNumber], [false, null, false]);
    assert.ok(junk.validationErrors!.length > 0);
  });

  test('SMS consent is stored per account', async () => {
    const phone = alice.mailslurp.phoneController;
    assert.equal((await phone.getConsentStatus()).consented, false);
    assert.equal((await phone.setConsentStatus({ agree: true })).consented, true);
    assert.equal((await phone.getConsentStatus()).consented, true);
    assert.equal((await bob.mailslurp.phoneController.getConsentStatus()).consented, false);
    assert.equal((await phone.setConsentStatus({ agree: false })).consented, false);
    assert.equal((await phone.getConsentStatus()).consented, false);
  });

  test('emergency addresses are validated and kept per account', async () => {
    const phone = alice.mailslurp.phoneController;
    const options = { customerName: 'Ada Lovelace', address1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', isoCountryCode: AddressCountry.US };
    const created = await phone.createEmergencyAddress({ createEmergencyAddressOptions: options });
    assert.deepEqual(
      [created.userId, created.displayName, created.customerName, created.address1, created.city, created.region, created.postalCode, created.phoneCountry],
      [alice.userId, 'Ada Lovelace', 'Ada Lovelace', '1 Main St', 'Springfield', 'IL', '62701', 'US'],
    );
    assert.match(created.sid, /^AD[0-9a-f]{32}$/);
    assert.match(created.accountSid, /^AC[0-9a-f]{32}$/);
    const gb = await phone.createEmergencyAddress({
      createEmergencyAddressOptions: { ...options, displayName: 'London office', postalCode: 'sw1a 1aa', isoCountryCode: AddressCountry.GB, region: 'London', city: 'London' },
    });
    assert.deepEqual([gb.displayName, gb.postalCode], ['London office', 'SW1A 1AA']);
    assert.deepEqual(await phone.getEmergencyAddresses(), [
      { id: created.id, address1: '1 Main St', phoneCountry: 'US' }, { id: gb.id, address1: '1 Main St', phoneCountry: 'GB' },
    ]);
    assert.deepEqual(await phone.getEmergencyAddress({ addressId: created.id }), created);

    const badPostal = await refusal(phone.createEmergencyAddress({ createEmergencyAddressOptions: { ...options, postalCode: 'ABC' } }));
    assert.deepEqual([badPostal.status, /postalCode ABC is not a US postal code/.test(badPostal.message)], [400, true]);
    const blank = await refusal(phone.createEmergencyAddress({ createEmergencyAddressOptions: { ...options, city: '   ' } }));
    assert.deepEqual([blank.status, /city must not be blank/.test(blank.message)], [400, true]);

    assert.deepEqual(await bob.mailslurp.phoneController.getEmergencyAddresses(), []);
    assert.equal((await refusal(bob.mailslurp.phoneController.getEmergencyAddress({ addressId: created.id }))).status, 404);
    assert.equal((await refusal(bob.mailslurp.phoneController.deleteEmergencyAddress({ addressId: created.id }))).status, 404);
    const deleted = await phone.deleteEmergencyAddress({ addressId: created.id });
    assert.match(deleted.message!, /Deleted/);
    assert.equal((await refusal(phone.getEmergencyAddress({ addressId: created.id }))).status, 404);
    assert.deepEqual((await phone.getEmergencyAddresses()).map((a) => a.id), [gb.id]);
  });

  test('prepaid SMS credits: the simulated carrier sells none', async () => {
    const phone = alice.mailslurp.phoneController;
    assert.deepEqual(await phone.getPhoneSmsPrepaidCredits(), { count: 0, totalRemainingCredits: 0, items: [] });
    const missing = await refusal(phone.getPhoneSmsPrepaidCredit({ creditId: randomUUID() }));
    assert.deepEqual([missing.status, /sells no credits/.test(missing.message)], [404, true]);
  });
});
