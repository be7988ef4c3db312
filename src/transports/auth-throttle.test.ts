import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../core/clock.js';
import { AuthThrottle, sourceKey } from './auth-throttle.js';
import { ConnectionCounter } from './connection-limits.js';

const settings = { limit: 3, windowMs: 60_000, lockoutMs: 1000 };

test('a source is locked out at the limit, for lockoutMs, and each failure after the lockout doubles the next one', () => {
  const clock = new ManualClock();
  const throttle = new AuthThrottle(settings, clock);
  assert.equal(throttle.failed('203.0.113.7'), 0);
  assert.equal(throttle.failed('203.0.113.7'), 0);
  assert.equal(throttle.lockedFor('203.0.113.7'), 0, 'under the limit, nothing waits');
  assert.equal(throttle.failed('203.0.113.7'), 1000, 'the third failure starts the first lockout');
  assert.equal(throttle.lockedFor('203.0.113.7'), 1000);
  clock.advance(400);
  assert.equal(throttle.lockedFor('203.0.113.7'), 600);
  assert.equal(throttle.lockedFor('203.0.113.8'), 0, 'another address is not affected');
  clock.advance(600);
  assert.equal(throttle.lockedFor('203.0.113.7'), 0, 'the lockout ends');
  assert.equal(throttle.failed('203.0.113.7'), 2000, 'the next failure doubles it');
  clock.advance(2000);
  assert.equal(throttle.failed('203.0.113.7'), 4000);
});

test('lockouts stop growing at maxLockoutMs', () => {
  const clock = new ManualClock();
  const throttle = new AuthThrottle({ ...settings, maxLockoutMs: 5000 }, clock);
  let last = 0;
  for (let i = 0; i < 60; i++) {
    last = throttle.failed('198.51.100.1');
    clock.advance(last);
  }
  assert.equal(last, 5000);
});

test('failures are forgotten a window after the last failure or lockout', () => {
  const clock = new ManualClock();
  const throttle = new AuthThrottle(settings, clock);
  throttle.failed('192.0.2.1');
  throttle.failed('192.0.2.1');
  clock.advance(60_000);
  assert.equal(throttle.failed('192.0.2.1'), 0, 'a fresh count: one failure');
  assert.equal(throttle.size, 1);
  throttle.failed('192.0.2.1');
  assert.equal(throttle.failed('192.0.2.1'), 1000);
  clock.advance(1000 + 60_000);
  assert.equal(throttle.lockedFor('192.0.2.1'), 0);
  assert.equal(throttle.size, 0, 'the stale source is dropped');
});

test('memory is bounded: beyond maxSources the least recently failing source is forgotten', () => {
  const throttle = new AuthThrottle({ ...settings, maxSources: 100 }, new ManualClock());
  for (let i = 0; i < 1000; i++) throttle.failed(`10.0.${i >> 8}.${i & 255}`);
  assert.equal(throttle.size, 100);
});

test('0 as the limit turns lockouts off', () => {
  const throttle = new AuthThrottle({ ...settings, limit: 0 }, new ManualClock());
  for (let i = 0; i < 100; i++) assert.equal(throttle.failed('192.0.2.9'), 0);
  assert.equal(throttle.lockedFor('192.0.2.9'), 0);
  assert.equal(throttle.size, 0);
});

test('sources: IPv4-mapped IPv6 is the IPv4 address, IPv6 counts by /64', () => {
  assert.equal(sourceKey('::ffff:192.0.2.1'), '192.0.2.1');
  assert.equal(sourceKey('2001:db8:1:2:aaaa::1'), sourceKey('2001:db8:1:2:bbbb::2'));
  assert.notEqual(sourceKey('2001:db8:1:2::1'), sourceKey('2001:db8:1:3::1'));
  const throttle = new AuthThrottle(settings, new ManualClock());
  for (let i = 1; i <= 3; i++) throttle.failed(`2001:db8::${i}`);
  assert.equal(throttle.lockedFor('2001:db8::ffff'), 1000, 'stepping through the /64 does not escape');
});

test('connection counter: per source and in all, places given back once', () => {
  const counter = new ConnectionCounter({ perSource: 2, total: 3 });
  const a1 = counter.admit('192.0.2.1');
  const a2 = counter.admit('192.0.2.1');
  assert.ok('release' in a1 && 'release' in a2);
  const a3 = counter.admit('192.0.2.1');
  assert.ok('reason' in a3 && /your address \(at most 2\)/.test(a3.reason));
  const b1 = counter.admit('192.0.2.2');
  assert.ok('release' in b1);
  const c1 = counter.admit('192.0.2.3');
  assert.ok('reason' in c1 && /at most 3\)/.test(c1.reason));
  a1.release();
  a1.release();
  assert.equal(counter.size, 2);
  assert.ok('release' in counter.admit('192.0.2.1'));
});
