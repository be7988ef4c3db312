import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, ConfigError } from './config.js';
import { parseDuration } from './duration.js';

test('a duration setting is milliseconds, or a whole number with a unit', () => {
  assert.equal(parseDuration('0'), 0);
  assert.equal(parseDuration('1500'), 1500);
  assert.equal(parseDuration('250ms'), 250);
  assert.equal(parseDuration('45s'), 45_000);
  assert.equal(parseDuration('90m'), 90 * 60_000);
  assert.equal(parseDuration('12h'), 12 * 3_600_000);
  assert.equal(parseDuration('30d'), 30 * 86_400_000);
  assert.equal(parseDuration(' 30D '), 30 * 86_400_000, 'any case, spaces around');
  for (const bad of ['', 'd', '1.5d', '-1d', '2w', '30 days', '1e3', '36501000d']) assert.equal(parseDuration(bad), undefined, bad);
});

test('email retention settings: unlimited by default; bad values stop the start naming the variable', () => {
  const config = loadConfig({});
  assert.deepEqual(
    [config.maxEmailsPerInbox, config.maxEmailsPerAccount, config.maxEmailAge, config.emailRetentionInterval, config.emailRetentionBatch],
    [0, 0, 0, 60_000, 50],
  );
  assert.equal(loadConfig({ PIGEONHOLE_MAX_EMAIL_AGE: '30d' }).maxEmailAge, 30 * 86_400_000);
  assert.equal(loadConfig({ PIGEONHOLE_MAX_EMAIL_AGE: '60000' }).maxEmailAge, 60_000);
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return '';
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      return err.message;
    }
  };
  assert.match(problems({ PIGEONHOLE_MAX_EMAIL_AGE: 'a month' }), /PIGEONHOLE_MAX_EMAIL_AGE \(--max-email-age\) must be milliseconds or a whole number with a unit/);
  assert.match(problems({ PIGEONHOLE_EMAIL_RETENTION_BATCH: '0' }), /PIGEONHOLE_EMAIL_RETENTION_BATCH must be 1 to 10000/);
  assert.match(problems({ PIGEONHOLE_EMAIL_RETENTION_BATCH: '10001' }), /PIGEONHOLE_EMAIL_RETENTION_BATCH must be 1 to 10000/);
  assert.match(problems({ PIGEONHOLE_EMAIL_RETENTION_INTERVAL: '0' }), /PIGEONHOLE_EMAIL_RETENTION_INTERVAL must be at least 1/);
  assert.match(problems({ PIGEONHOLE_MAX_EMAILS_PER_INBOX: '-3' }), /PIGEONHOLE_MAX_EMAILS_PER_INBOX/);
});
