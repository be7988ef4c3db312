import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../core/errors.js';
import { fires, normalizeRule, replyText, seededDraw } from './chaos.rules.js';

test('normalizeRule fills in the defaults of each mode', () => {
  assert.deepEqual(normalizeRule({ mode: 'FAIL' }, 0), {
    mode: 'FAIL', stage: 'RCPT', code: 451, enhancedStatus: '4.0.0', message: 'Failure injected by chaos rule',
    probability: 1, delaySeconds: 0, greylistSeconds: 60, bounceAfterSeconds: 0,
  });
  const greylist = normalizeRule({ mode: 'GREYLIST', greylistSeconds: 5 }, 0);
  assert.equal(greylist.stage, 'RCPT');
  assert.equal(replyText(greylist), '4.7.1 Greylisted, please try again later');
  const bounce = normalizeRule({ mode: 'BOUNCE', seed: 3 }, 0);
  assert.deepEqual([bounce.stage, bounce.code, bounce.enhancedStatus, bounce.seed], ['DATA', 550, '5.0.0', 3]);
});

test('normalizeRule refuses what the schema cannot see, naming the rule and field', () => {
  const refused = (rule: Parameters<typeof normalizeRule>[0]) => {
    try {
      normalizeRule(rule, 2);
    } catch (err) {
      assert.ok(err instanceof AppError && err.code === 'BAD_REQUEST');
      return err.message;
    }
    assert.fail('accepted');
  };
  assert.match(refused({ mode: 'FAIL', code: 421, enhancedStatus: '5.1.1' }), /rules\[2\]\.enhancedStatus 5\.1\.1 is not of the class of code 421/);
  assert.match(refused({ mode: 'BOUNCE', code: 450 }), /rules\[2\]\.code/);
  assert.match(refused({ mode: 'DELAY' }), /rules\[2\]\.delaySeconds is required/);
});

test('seeded draws are reproducible, in [0, 1), and spread', () => {
  const draws = Array.from({ length: 1000 }, (_, n) => seededDraw(42, n));
  assert.deepEqual(draws, Array.from({ length: 1000 }, (_, n) => seededDraw(42, n)));
  assert.ok(draws.every((d) => d >= 0 && d < 1));
  const below = draws.filter((d) => d < 0.3).length;
  assert.ok(below > 230 && below < 370, `about 30 % below 0.3 (${below})`);
  assert.notDeepEqual(draws.slice(0, 10), Array.from({ length: 10 }, (_, n) => seededDraw(43, n)));
});

test('fires: probability 1 always, 0 never, otherwise below the draw', () => {
  const rule = normalizeRule({ mode: 'FAIL', probability: 0.5 }, 0);
  assert.equal(fires(rule, 0.49), true);
  assert.equal(fires(rule, 0.5), false);
  assert.equal(fires(normalizeRule({ mode: 'FAIL' }, 0), 0.999), true);
  assert.equal(fires(normalizeRule({ mode: 'FAIL', probability: 0 }, 0), 0), false);
});
