import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from './config.js';

test('defaults apply when nothing is set', () => {
  const config = loadConfig({});
  assert.equal(config.httpPort, 7080);
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.domain, 'pigeonhole.test');
  assert.equal(config.inboxQuota, 0);
  assert.ok(config.domainPool.length >= 2);
  assert.ok(Object.isFrozen(config));
});

test('flags win over the environment', () => {
  const config = loadConfig({ PIGEONHOLE_HTTP_PORT: '9000' }, { httpPort: '9100' });
  assert.equal(config.httpPort, 9100);
});

test('every invalid value is reported in one error', () => {
  assert.throws(
    () =>
      loadConfig({
        PIGEONHOLE_HTTP_PORT: 'eighty',
        PIGEONHOLE_DATABASE_URL: 'mysql://x',
        PIGEONHOLE_LOG_LEVEL: 'loud',
        PIGEONHOLE_INBOX_QUOTA: '-1',
        PIGEONHOLE_DOMAIN_POOL: 'ok.test,not a domain',
        PIGEONHOLE_API_KEY: 'short',
      }),
    (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.equal(err.problems.length, 6);
      assert.match(err.message, /PIGEONHOLE_HTTP_PORT/);
      assert.match(err.message, /PIGEONHOLE_DOMAIN_POOL .*not a domain/);
      assert.doesNotMatch(err.message, /short/, 'secret values are never echoed');
      return true;
    },
  );
});

test('PIGEONHOLE_MAX_WAIT defaults to five minutes and must be at least 1 ms', () => {
  assert.equal(loadConfig({}).maxWait, 300_000);
  assert.equal(loadConfig({ PIGEONHOLE_MAX_WAIT: '1500' }).maxWait, 1500);
  assert.throws(() => loadConfig({ PIGEONHOLE_MAX_WAIT: '0' }), (err: ConfigError) => err.problems.some((p) => p.includes('PIGEONHOLE_MAX_WAIT must be at least 1')));
});

test('SMTP ports and STARTTLS: submission on 2587, STARTTLS on the plain port unset (= only with a configured certificate)', () => {
  const defaults = loadConfig({});
  assert.deepEqual([defaults.smtpPort, defaults.smtpSubmissionPort, defaults.smtpsPort, defaults.smtpStarttls], [2525, 2587, 2465, undefined]);
  const set = loadConfig({ PIGEONHOLE_SMTP_SUBMISSION_PORT: '1587', PIGEONHOLE_SMTP_STARTTLS: 'true' }, { smtpStarttls: 'off' });
  assert.equal(set.smtpSubmissionPort, 1587);
  assert.equal(set.smtpStarttls, false, 'the flag wins');
  assert.throws(() => loadConfig({ PIGEONHOLE_SMTP_STARTTLS: 'sometimes' }), /PIGEONHOLE_SMTP_STARTTLS .*true or false/);
});

test('PIGEONHOLE_CORS_ORIGINS is * by default, else a list of origins as browsers send them', () => {
  assert.equal(loadConfig({}).corsOrigins, '*');
  assert.deepEqual(
    loadConfig({ PIGEONHOLE_CORS_ORIGINS: 'https://App.Example.com, http://localhost:3000/,http://127.0.0.1:80' }).corsOrigins,
    ['https://app.example.com', 'http://localhost:3000', 'http://127.0.0.1'],
  );
  assert.deepEqual(loadConfig({}, { corsOrigins: 'http://localhost:5173' }).corsOrigins, ['http://localhost:5173']);
  assert.throws(
    () => loadConfig({ PIGEONHOLE_CORS_ORIGINS: 'https://ok.example,https://app.example.com/path,ftp://files.example' }),
    (err: ConfigError) => err.problems.some((p) => /PIGEONHOLE_CORS_ORIGINS .*not origins: https:\/\/app\.example\.com\/path, ftp:\/\/files\.example/.test(p)),
  );
});

test('request limits: defaults, at least 1, and list items capped by the databases\' bound-value limits', () => {
  const config = loadConfig({});
  assert.deepEqual([config.maxJsonDepth, config.maxListItems, config.maxRecipients, config.maxHeaderLength], [32, 1000, 100, 16384]);
  assert.equal(loadConfig({ PIGEONHOLE_MAX_LIST_ITEMS: '10000' }).maxListItems, 10000);
  assert.throws(() => loadConfig({ PIGEONHOLE_MAX_LIST_ITEMS: '10001', PIGEONHOLE_MAX_RECIPIENTS: '0' }), (err: ConfigError) =>
    err.problems.some((p) => p.includes('PIGEONHOLE_MAX_LIST_ITEMS must be at most 10000')) && err.problems.some((p) => p.includes('PIGEONHOLE_MAX_RECIPIENTS must be at least 1')));
});

test('login lockouts, connection caps and the rate limit: defaults a busy test suite never reaches; 0 turns a limit off, not a duration', () => {
  const defaults = loadConfig({});
  assert.deepEqual(
    [defaults.authFailureLimit, defaults.authFailureWindow, defaults.authLockout, defaults.connectionsPerIp, defaults.rateLimit],
    [20, 60_000, 1000, 500, 0],
  );
  assert.deepEqual([defaults.httpMaxConnections, defaults.httpIdleTimeout, defaults.imapMaxConnections, defaults.imapLoginTimeout], [5000, 60_000, 1000, 60_000]);
  const off = loadConfig({ PIGEONHOLE_AUTH_FAILURE_LIMIT: '0', PIGEONHOLE_CONNECTIONS_PER_IP: '0' });
  assert.deepEqual([off.authFailureLimit, off.connectionsPerIp], [0, 0]);
  assert.throws(
    () => loadConfig({ PIGEONHOLE_AUTH_LOCKOUT: '0', PIGEONHOLE_HTTP_IDLE_TIMEOUT: '0', PIGEONHOLE_RATE_LIMIT: 'lots' }),
    (err: ConfigError) => err.problems.length === 3
      && err.problems.some((p) => p.includes('PIGEONHOLE_AUTH_LOCKOUT must be at least 1'))
      && err.problems.some((p) => p.includes('PIGEONHOLE_HTTP_IDLE_TIMEOUT must be at least 1'))
      && err.problems.some((p) => /PIGEONHOLE_RATE_LIMIT .*whole number/.test(p)),
  );
});

test('PIGEONHOLE_SMS_FAIL_NUMBERS: E.164 numbers or prefixes, comma-separated; none by default', () => {
  assert.deepEqual(loadConfig({}).smsFailNumbers, []);
  assert.deepEqual(loadConfig({ PIGEONHOLE_SMS_FAIL_NUMBERS: '+12025550188, +4477009009 ,' }).smsFailNumbers, ['+12025550188', '+4477009009']);
  assert.throws(() => loadConfig({ PIGEONHOLE_SMS_FAIL_NUMBERS: '+1202,12025550188' }), /PIGEONHOLE_SMS_FAIL_NUMBERS.*12025550188/);
  assert.throws(() => loadConfig({ PIGEONHOLE_SMS_FAIL_NUMBERS: '+0123' }), /PIGEONHOLE_SMS_FAIL_NUMBERS/);
});

test('PIGEONHOLE_SMS_RELAY_URL: a base URL carrying the account SID and auth token, split; never echoed when wrong', () => {
  assert.equal(loadConfig({}).smsRelay, undefined);
  assert.deepEqual(loadConfig({ PIGEONHOLE_SMS_RELAY_URL: 'https://AC123abc:s3cr%40t@api.twilio.com/', PIGEONHOLE_SMS_RELAY_FROM: '+15005550006' }).smsRelay,
    { baseUrl: 'https://api.twilio.com', accountSid: 'AC123abc', authToken: 's3cr@t', from: '+15005550006' });
  assert.equal(loadConfig({ PIGEONHOLE_SMS_RELAY_URL: 'http://AC1:k@127.0.0.1:7081' }).smsRelay?.from, undefined);
  for (const bad of ['https://api.twilio.com', 'https://AC123@api.twilio.com', 'https://XY123:tok3n-9@api.twilio.com', 'ftp://AC1:tok3n-9@x', 'https://AC1:tok3n-9@x/?q=1']) {
    assert.throws(() => loadConfig({ PIGEONHOLE_SMS_RELAY_URL: bad }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /PIGEONHOLE_SMS_RELAY_URL/);
      assert.doesNotMatch(err.message, /tok3n/, 'the token is never echoed');
      return true;
    });
  }
  assert.throws(() => loadConfig({ PIGEONHOLE_SMS_RELAY_FROM: '+15005550006' }), /PIGEONHOLE_SMS_RELAY_FROM needs PIGEONHOLE_SMS_RELAY_URL/);
  assert.throws(() => loadConfig({ PIGEONHOLE_SMS_RELAY_URL: 'https://AC1:t@x', PIGEONHOLE_SMS_RELAY_FROM: 'x'.repeat(65) }), /PIGEONHOLE_SMS_RELAY_FROM/);
});

test('PIGEONHOLE_DNS_SERVERS takes addresses with optional ports, as dns.setServers does', () => {
  assert.deepEqual(loadConfig({}).dnsServers, []);
  const config = loadConfig({ PIGEONHOLE_DNS_SERVERS: '127.0.0.1:5353, [::1]:53,9.9.9.9,::1' });
  assert.deepEqual(config.dnsServers, ['127.0.0.1:5353', '[::1]:53', '9.9.9.9', '::1']);
  assert.throws(() => loadConfig({ PIGEONHOLE_DNS_SERVERS: 'dns.example.com,127.0.0.1:99999' }), (err: unknown) => {
    assert.ok(err instanceof ConfigError);
    assert.match(err.message, /PIGEONHOLE_DNS_SERVERS .*not: dns\.example\.com, 127\.0\.0\.1:99999/);
    return true;
  });
});

test('PIGEONHOLE_MAIL_AUTH is on unless turned off, with a time budget of at least 1 ms', () => {
  assert.deepEqual([loadConfig({}).mailAuth, loadConfig({}).mailAuthTimeout], [true, 2000]);
  assert.equal(loadConfig({ PIGEONHOLE_MAIL_AUTH: 'off' }).mailAuth, false);
  assert.throws(() => loadConfig({ PIGEONHOLE_MAIL_AUTH_TIMEOUT: '0' }), /PIGEONHOLE_MAIL_AUTH_TIMEOUT must be at least 1/);
});

test('PIGEONHOLE_MAIL_AUTH_DNS_CACHE: 30 s unless set, in milliseconds or with a unit; 0 = answers never reused', () => {
  assert.equal(loadConfig({}).mailAuthDnsCache, 30_000);
  assert.equal(loadConfig({ PIGEONHOLE_MAIL_AUTH_DNS_CACHE: '5m' }).mailAuthDnsCache, 300_000);
  assert.equal(loadConfig({ PIGEONHOLE_MAIL_AUTH_DNS_CACHE: '0' }).mailAuthDnsCache, 0);
  assert.throws(() => loadConfig({ PIGEONHOLE_MAIL_AUTH_DNS_CACHE: 'soon' }), /PIGEONHOLE_MAIL_AUTH_DNS_CACHE/);
});

test('the Postmaster OAuth client needs its id, secret and redirect URI together; the secret is never echoed', () => {
  assert.equal(loadConfig({}).postmaster, undefined);
  const all = { PIGEONHOLE_POSTMASTER_CLIENT_ID: 'id', PIGEONHOLE_POSTMASTER_CLIENT_SECRET: 's3cret', PIGEONHOLE_POSTMASTER_REDIRECT_URI: 'https://app.example/cb' };
  assert.deepEqual(loadConfig(all).postmaster, {
    clientId: 'id', clientSecret: 's3cret', redirectUri: 'https://app.example/cb',
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth', tokenUrl: 'https://oauth2.googleapis.com/token', apiUrl: 'https://gmailpostmastertools.googleapis.com',
  });
  assert.throws(() => loadConfig({ PIGEONHOLE_POSTMASTER_CLIENT_SECRET: 's3cret' }), (err: unknown) => {
    assert.ok(err instanceof Error);
    assert.match(err.message, /set all three or none/);
    assert.ok(!err.message.includes('s3cret'));
    return true;
  });
  assert.throws(() => loadConfig({ ...all, PIGEONHOLE_POSTMASTER_TOKEN_URL: 'ftp://x' }), /PIGEONHOLE_POSTMASTER_TOKEN_URL/);
});
