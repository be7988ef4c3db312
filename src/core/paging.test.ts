import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_PAGE_SIZE, pageRequest, toPage } from './paging.js';

test('pageRequest fills defaults and clamps size to 1..100', () => {
  assert.deepEqual(pageRequest({}), { page: 0, size: 20, sort: 'ASC' });
  assert.equal(pageRequest({ size: 1000 }).size, MAX_PAGE_SIZE);
  assert.equal(pageRequest({ size: 0 }).size, 1);
  assert.equal(pageRequest({ page: -3 }).page, 0);
  assert.equal(pageRequest({}, { sort: 'DESC' }).sort, 'DESC');
});

test('toPage computes the Spring page fields', () => {
  const page = toPage(['c', 'd'], 5, { page: 1, size: 2, sort: 'ASC' });
  assert.equal(page.totalPages, 3);
  assert.equal(page.totalElements, 5);
  assert.equal(page.number, 1);
  assert.equal(page.first, false);
  assert.equal(page.last, false);
  assert.equal(page.numberOfElements, 2);
  assert.equal(page.pageable.offset, 2);
  assert.equal(page.empty, false);
  const lastPage = toPage(['e'], 5, { page: 2, size: 2, sort: 'ASC' });
  assert.equal(lastPage.last, true);
  const none = toPage([], 0, { page: 0, size: 20, sort: 'ASC' });
  assert.equal(none.totalPages, 0);
  assert.equal(none.empty, true);
  assert.equal(none.first, true);
  assert.equal(none.last, true);
});
