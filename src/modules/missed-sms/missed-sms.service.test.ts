import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import type { PageRequest } from '../../core/paging.js';
import type { MissedSmsFilter, MissedSmsRecord, MissedSmsRepository, PhoneNumberRecord } from '../../storage/ports.js';
import { rejectsWith } from '../../../test/fakes/index.js';
import { MissedSmsService } from './missed-sms.service.js';
import { TenantSmsCapStep } from './sms-cap.step.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';
const PHONE_ID = '0b7e2c1a-3f1d-4c55-9a57-6d3c2e1f0a11';
const phone = { id: PHONE_ID, tenantId: ALICE, phoneNumber: '+15005550006' } as PhoneNumberRecord;

/** MissedSmsRepository in memory, with the filters the service uses. */
function memoryMissed(): MissedSmsRepository & { rows: MissedSmsRecord[] } {
  const rows: MissedSmsRecord[] = [];
  const matching = (tenantId: string, f: MissedSmsFilter) => rows.filter((r) => r.tenantId === tenantId
    && (!f.phoneId || r.phoneId === f.phoneId) && (!f.toNumber || r.toNumber === f.toNumber)
    && (!f.search || [r.body, r.fromNumber, r.id].some((v) => v.toLowerCase().includes(f.search!.toLowerCase()))));
  return {
    rows,
    async create(record) { rows.push({ ...record }); },
    async findById(tenantId, id) { return rows.find((r) => r.tenantId === tenantId && r.id === id); },
    async page(tenantId, filter, page: PageRequest) {
      const all = matching(tenantId, filter);
      return { items: all.slice(page.page * page.size, (page.page + 1) * page.size), total: all.length };
    },
    async count(tenantId) { return rows.filter((r) => r.tenantId === tenantId).length; },
  };
}

test('the SMS cap step delivers under the cap and records a missed SMS at it; 0 means no cap', async () => {
  const missed = memoryMissed();
  let held = 1;
  const sms = { count: async () => held };
  const clock = new ManualClock(new Date('2026-03-04T05:06:07.000Z'));
  const step = new TenantSmsCapStep(sms, missed, clock, 2);
  assert.equal(await step.apply(phone, { fromNumber: '+12125550100', body: 'one' }), 'deliver');
  held = 2;
  assert.equal(await step.apply(phone, { fromNumber: '+12125550100', body: 'over' }), 'drop');
  assert.equal(missed.rows.length, 1);
  const [record] = missed.rows;
  assert.deepEqual({ ...record, id: undefined }, {
    id: undefined, tenantId: ALICE, phoneId: PHONE_ID, fromNumber: '+12125550100', toNumber: '+15005550006', body: 'over',
    createdAt: clock.now(), updatedAt: clock.now(),
  });
  assert.equal(await new TenantSmsCapStep(sms, missed, clock, 0).apply(phone, { fromNumber: '+1', body: 'x' }), 'deliver');
});

test('the service pages, filters by number id or E.164 form, gets and counts, per tenant; another tenant\'s number is 404', async () => {
  const missed = memoryMissed();
  const phones = { findById: async (tenantId: string, id: string) => (tenantId === phone.tenantId && id === phone.id ? phone : undefined) };
  const service = new MissedSmsService(missed, phones);
  const at = new Date();
  await missed.create({ id: 'm-1', tenantId: ALICE, phoneId: PHONE_ID, fromNumber: '+12125550100', toNumber: phone.phoneNumber, body: 'code 4242', createdAt: at, updatedAt: at });
  await missed.create({ id: 'm-2', tenantId: ALICE, phoneId: 'gone-phone', fromNumber: '+447700900123', toNumber: '+447700900999', body: 'hello', createdAt: at, updatedAt: at });
  assert.equal((await service.page(ALICE, {})).slice.total, 2);
  assert.deepEqual((await service.page(ALICE, { phoneNumber: PHONE_ID })).slice.items.map((r) => r.id), ['m-1']);
  assert.deepEqual((await service.page(ALICE, { phoneNumber: '+1 500 555 0006' })).slice.items.map((r) => r.id), ['m-1']);
  assert.deepEqual((await service.page(ALICE, { search: '4242' })).slice.items.map((r) => r.id), ['m-1']);
  assert.equal((await service.get(ALICE, 'm-2')).body, 'hello');
  assert.equal(await service.count(ALICE), 2);
  assert.equal(await service.count(BOB), 0);
  await rejectsWith(service.get(BOB, 'm-1'), 'NOT_FOUND');
  await rejectsWith(service.page(BOB, { phoneNumber: PHONE_ID }), 'NOT_FOUND', /phone number/);
});
