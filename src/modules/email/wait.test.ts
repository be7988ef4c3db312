import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EmailRecord } from '../../storage/ports.js';
import { newestArrival } from './wait.js';

const email = (id: string, at: string, fields: Partial<EmailRecord> = {}) =>
  ({ id, tenantId: 't1', inboxId: 'i1', read: false, createdAt: new Date(at), ...fields }) as EmailRecord;

test('the newest arrival is chosen in the store order: createdAt, then id', () => {
  const a = email('a', '2026-01-01T00:00:01Z');
  const b = email('b', '2026-01-01T00:00:02Z');
  const c = email('c', '2026-01-01T00:00:02Z');
  assert.equal(newestArrival([b, a, c], 't1', {})?.id, 'c');
  assert.equal(newestArrival([c, b, a], 't1', {})?.id, 'c');
  assert.equal(newestArrival([], 't1', {}), undefined);
});

test('only arrivals the filter selects count, as the store would select them', () => {
  const at = (s: string) => new Date(`2026-01-01T00:00:0${s}Z`);
  const arrivals = [
    email('other-tenant', '2026-01-01T00:00:09Z', { tenantId: 't2' }),
    email('other-inbox', '2026-01-01T00:00:08Z', { inboxId: 'i2' }),
    email('read', '2026-01-01T00:00:07Z', { read: true }),
    email('fits', '2026-01-01T00:00:05Z'),
  ];
  assert.equal(newestArrival(arrivals, 't1', { inboxIds: ['i1'], unreadOnly: true })?.id, 'fits');
  assert.equal(newestArrival(arrivals, 't1', { inboxIds: ['i1'] })?.id, 'read');
  assert.equal(newestArrival(arrivals, 't1', { since: at('5'), inboxIds: ['i1'] })?.id, 'read', 'since is exclusive');
  assert.equal(newestArrival(arrivals, 't1', { before: at('7'), inboxIds: ['i1'] })?.id, 'fits', 'before is exclusive');
  assert.equal(newestArrival(arrivals, 't1', { since: at('7'), inboxIds: ['i1'] }), undefined);
  assert.equal(newestArrival(arrivals, 't1', {})?.id, 'other-inbox', 'without inboxIds every inbox of the tenant, never another tenant');
});

test('filters only the store can answer (search, ids, favourite) leave the choice to the store', () => {
  const arrivals = [email('a', '2026-01-01T00:00:01Z')];
  assert.equal(newestArrival(arrivals, 't1', { search: { terms: [{ kind: 'words', field: 'any', words: ['a'], exact: false, negated: false }] } }), undefined);
  assert.equal(newestArrival(arrivals, 't1', { ids: ['a'] }), undefined);
  assert.equal(newestArrival(arrivals, 't1', { favourite: true }), undefined);
});
