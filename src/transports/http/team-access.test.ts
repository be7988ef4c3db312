import { test } from 'node:test';
import assert from 'node:assert/strict';
import { teamTargetsOf } from './team-access.js';

const request = (url: string, parts: { params?: object; query?: object; body?: unknown }) =>
  ({ routeOptions: { url }, params: parts.params ?? {}, query: parts.query ?? {}, body: parts.body }) as never;

test('the inboxes and emails a request names: path, single query values, a JSON body\'s inboxId, /sent/{id}', () => {
  assert.deepEqual(teamTargetsOf(request('/inboxes/:inboxId', { params: { inboxId: 'i1' }, body: { inboxId: 'i2', name: 'x' } })),
    { inboxIds: ['i1', 'i2'], emailIds: [], sentIds: [] });
  assert.deepEqual(teamTargetsOf(request('/emails/:emailId', { params: { emailId: 'e1' }, query: { inboxId: 'i1', emailId: 'e2' } })),
    { inboxIds: ['i1'], emailIds: ['e1', 'e2'], sentIds: [] });
  assert.deepEqual(teamTargetsOf(request('/sent/:id/html', { params: { id: 's1' } })), { inboxIds: [], emailIds: [], sentIds: ['s1'] });
  // an id of anything else, lists of ids, raw bodies and empty values name nothing
  assert.deepEqual(teamTargetsOf(request('/webhooks/:id', { params: { id: 'w1' } })), { inboxIds: [], emailIds: [], sentIds: [] });
  assert.deepEqual(teamTargetsOf(request('/emails', { query: { inboxId: ['i1', 'i2'] }, body: Buffer.from('{"inboxId":"i3"}') })),
    { inboxIds: [], emailIds: [], sentIds: [] });
  assert.deepEqual(teamTargetsOf(request('/waitFor', { query: { inboxId: '' }, body: [{ inboxId: 'i4' }] })), { inboxIds: [], emailIds: [], sentIds: [] });
});
