import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pngSize, runStatus } from './run-status.js';
import { checkTargets } from './profiles.service.js';
import { AppError } from '../../core/errors.js';

const of = (...statuses: string[]) => statuses.map((status) => ({ status }));

test('a run\'s status follows its targets', () => {
  assert.equal(runStatus(of('WAITING', 'WAITING')), 'CREATED');
  assert.equal(runStatus(of('CAPTURING', 'WAITING')), 'CAPTURING');
  assert.equal(runStatus(of('READY', 'WAITING')), 'CAPTURING');
  assert.equal(runStatus(of('READY', 'READY')), 'COMPLETE');
  assert.equal(runStatus(of('READY', 'FAILED')), 'PARTIAL_COMPLETE');
  assert.equal(runStatus(of('READY', 'SETUP_REQUIRED')), 'PARTIAL_COMPLETE');
  assert.equal(runStatus(of('SETUP_REQUIRED')), 'FAILED');
  assert.equal(runStatus(of('TIMED_OUT', 'FAILED')), 'FAILED');
});

test('the size of a PNG is read from its header; other bytes have none', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000004a7000004e60806000000', 'hex');
  assert.deepEqual(pngSize(png), { width: 1191, height: 1254 });
  assert.equal(pngSize(Buffer.from('GIF89a not a png at all, long enough')), undefined);
});

test('targets are checked: device and native keys pass, unknown ones and empty lists are refused, repeats dropped', () => {
  assert.deepEqual(checkTargets(['iphone-15-dark', 'gmail-web', 'iphone-15-dark']), ['iphone-15-dark', 'gmail-web']);
  assert.throws(() => checkTargets(['iphone-99']), (err: unknown) => err instanceof AppError && /iphone-99/.test(err.message));
  assert.throws(() => checkTargets([]), AppError);
});
