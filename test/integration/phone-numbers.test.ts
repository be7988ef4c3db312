import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { CreatePhoneNumberOptionsPhoneCountryEnum as Country, GetPhoneNumbersPhoneCountryEnum, GetPhoneNumbersSortEnum } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';

describeEachDialect('phone numbers', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;

  before(async () => {
    // two tiny ranges: allocation is unique service-wide and runs out visibly
    server = await startTestServer(dialect, { env: { PIGEONHOLE_PHONE_RANGES: 'US:+12025550100-+12025550102,GB:+447700900000-+447700900999' } });
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(() => server?.close());

  test('create allocates distinct numbers from the ranges, service-wide, and says when they run out', async () => {
    const phone = alice.mailslurp.phoneController;
    const a = await phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US, name: 'Checkout', tags: ['ci', 'ci', ' otp '] } });
    assert.match(a.phoneNumber, /^\+1202555010[0-2]$/);
    assert.deepEqual([a.phoneCountry, a.name, a.tags, a.favourite, a.userId, a.phonePlan], ['US', 'Checkout', ['ci', 'otp'], false, alice.userId, 'SIMULATED']);
    const b = await bob.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    const c = await phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    assert.equal(new Set([a.phoneNumber, b.phoneNumber, c.phoneNumber]).size, 3);
    const full = await refusal(phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } }));
    assert.equal(full.status, 400);
    assert.match(full.message, /taken.*PIGEONHOLE_PHONE_RANGES/);
    const none = await refusal(phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.AU } }));
    assert.deepEqual([none.status, /No phone number range is configured for AU/.test(none.message)], [400, true]);

    // a released number is free again
    await phone.deletePhoneNumber({ phoneNumberId: c.id });
    assert.equal((await refusal(phone.getPhoneNumber({ phoneNumberId: c.id }))).status, 404);
    const again = await phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    assert.equal(again.phoneNumber, c.phoneNumber);
  });

  test('get by id, name and number; update; favourite; tags', async () => {
    const phone = alice.mailslurp.phoneController;
    const gb = await phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.GB, name: 'UK line', description: 'for signups' } });
    assert.match(gb.phoneNumber, /^\+447700900\d{3}$/);
    assert.deepEqual(await phone.getPhoneNumber({ phoneNumberId: gb.id }), gb);
    assert.equal((await phone.getPhoneNumberByName({ name: 'UK line' })).id, gb.id);
    const formatted = `+44 7700 ${gb.phoneNumber.slice(7)}`;
    assert.equal((await phone.getPhoneNumberByPhoneNumber({ phoneNumber: formatted })).id, gb.id);
    assert.equal((await refusal(phone.getPhoneNumberByName({ name: 'nope' }))).status, 404);
    assert.equal((await refusal(phone.getPhoneNumberByPhoneNumber({ phoneNumber: 'abc' }))).status, 400);

    const updated = await phone.updatePhoneNumber({ phoneNumberId: gb.id, updatePhoneNumberOptions: { name: 'Renamed' } });
    assert.deepEqual([updated.name, updated.description], ['Renamed', 'for signups']);
    const cleared = await phone.updatePhoneNumber({ phoneNumberId: gb.id, updatePhoneNumberOptions: { description: null } });
    assert.equal(cleared.description ?? null, null, 'a null description reads back as absent');
    assert.equal((await phone.setPhoneFavourited({ phoneNumberId: gb.id, setPhoneFavouritedOptions: { state: true } })).favourite, true);

    assert.deepEqual((await phone.setPhoneNumberTags({ phoneNumberId: gb.id, phoneNumberTagsOptions: { tags: ['b', 'a'] } })).tags, ['b', 'a']);
    assert.deepEqual((await phone.addPhoneNumberTags({ phoneNumberId: gb.id, phoneNumberTagsOptions: { tags: ['a', 'c_1'] } })).tags, ['b', 'a', 'c_1']);
    assert.deepEqual((await phone.removePhoneNumberTags({ phoneNumberId: gb.id, phoneNumberTagsOptions: { tags: ['b'] } })).tags, ['a', 'c_1']);
    assert.deepEqual(await phone.getPhoneNumberTags({ phoneNumberId: gb.id }), ['a', 'c_1']);
    const tags = await phone.getPhoneTags({});
    assert.ok(['a', 'c_1', 'ci', 'otp'].every((t) => tags.includes(t)), tags.join());
    assert.deepEqual(await phone.getPhoneTags({ search: 'C_' }), ['c_1']);
  });

  test('the list pages and filters as the client asks', async () => {
    const phone = alice.mailslurp.phoneController;
    const all = await phone.getPhoneNumbers({ size: 100 });
    assert.ok(all.totalElements >= 3);
    assert.ok(all.content!.every((p) => p.userId === alice.userId));
    const gb = await phone.getPhoneNumbers({ phoneCountry: GetPhoneNumbersPhoneCountryEnum.GB });
    assert.ok(gb.content!.every((p) => p.phoneCountry === 'GB') && gb.totalElements >= 1);
    const tagged = await phone.getPhoneNumbers({ tag: ['c_1'] });
    assert.deepEqual(tagged.content!.map((p) => p.name), ['Renamed']);
    assert.equal((await phone.getPhoneNumbers({ tag: ['c%1'] })).totalElements, 0, 'tags match literally');
    assert.deepEqual((await phone.getPhoneNumbers({ favourite: true })).content!.map((p) => p.name), ['Renamed']);
    assert.deepEqual((await phone.getPhoneNumbers({ search: 'checkout' })).content!.map((p) => p.name), ['Checkout']);
    const first = all.content![0]!;
    assert.deepEqual((await phone.getPhoneNumbers({ include: [first.id] })).content!.map((p) => p.id), [first.id]);
    assert.equal((await phone.getPhoneNumbers({ lineType: 'MOBILE' })).totalElements, 0, 'simulated numbers have no line type');
    const desc = await phone.getPhoneNumbers({ size: 1, sort: GetPhoneNumbersSortEnum.DESC });
    assert.equal(desc.content![0]!.id, all.content![all.content!.length - 1]!.id);
    assert.equal((await phone.getPhoneNumbers({ since: new Date(Date.now() + 60_000) })).totalElements, 0);
  });

  test('validatePhoneNumber answers from libphonenumber', async () => {
    const phone = alice.mailslurp.phoneController;
    const valid = await phone.validatePhoneNumber({ validatePhoneNumberOptions: { phoneNumber: '+1 (202) 555-0123' } });
    assert.deepEqual([valid.isValid, valid.phoneNumber, valid.countryCode, valid.countryPrefix], [true, '+12025550123', 'US', '+1']);
    const invalid = await phone.validatePhoneNumber({ validatePhoneNumberOptions: { phoneNumber: '+1 202' } });
    assert.equal(invalid.isValid, false);
    assert.ok(invalid.validationErrors!.length > 0);
  });

  test("deleteAllPhoneNumber releases only the caller's numbers", async () => {
    await alice.mailslurp.phoneController.deleteAllPhoneNumber();
    assert.equal((await alice.mailslurp.phoneController.getPhoneNumbers({})).totalElements, 0);
    assert.equal((await bob.mailslurp.phoneController.getPhoneNumbers({})).totalElements, 1);
  });
});
