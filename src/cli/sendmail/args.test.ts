import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSendmailArgs, UsageError } from './args.js';

test('PHP\'s default sendmail_path, -t -i, reads recipients from the headers and ignores lone dots', () => {
  const options = parseSendmailArgs(['-t', '-i']);
  assert.equal(options.extractRecipients, true);
  assert.equal(options.ignoreDots, true);
  assert.deepEqual(options.recipients, []);
});

test('clustered flags, values attached or apart, and -oi', () => {
  assert.deepEqual(
    { ...parseSendmailArgs(['-ti', '-fme@example.com']) },
    { ...parseSendmailArgs(['-t', '-i', '-f', 'me@example.com']) },
  );
  assert.equal(parseSendmailArgs(['-oi']).ignoreDots, true);
  assert.equal(parseSendmailArgs(['-O', 'IgnoreDots']).ignoreDots, true);
  assert.equal(parseSendmailArgs(['-odi']).ignoreDots, false, '-odi is a delivery mode, not -i');
  assert.equal(parseSendmailArgs(['-f<bounce@example.com>']).sender, 'bounce@example.com');
  assert.equal(parseSendmailArgs(['-r', 'x@example.com']).sender, 'x@example.com');
  assert.equal(parseSendmailArgs(['-f', '<>']).sender, '', 'the null sender');
  assert.equal(parseSendmailArgs(['-FCronDaemon']).fullName, 'CronDaemon');
});

test('what cron, mailx and PHP pass is accepted and ignored', () => {
  const options = parseSendmailArgs(['-FCronDaemon', '-i', '-B8BITMIME', '-oem', '-odi', '-oQ/var/spool/mqueue', '-bm', '-v', '-U', '-m', '-N', 'never', '-R', 'hdrs', '-V', 'env1', '-X', '/tmp/log', '-C', '/etc/mail/sendmail.cf', '-h', '17', 'root@example.com']);
  assert.deepEqual(options.recipients, ['root@example.com']);
  assert.equal(options.ignoreDots, true);
  assert.equal(options.fullName, 'CronDaemon');
});

test('recipients anywhere before --, and everything after it, even what looks like an option', () => {
  const options = parseSendmailArgs(['a@example.com', '-i', 'b@example.com', '--', '-c@example.com']);
  assert.deepEqual(options.recipients, ['a@example.com', 'b@example.com', '-c@example.com']);
  assert.equal(options.ignoreDots, true);
});

test('the server options are long options of our own, with = or apart', () => {
  const options = parseSendmailArgs(['--host=10.0.0.2', '--smtp-port', '2526', '--smtp-user', 'u', '--smtp-password=p', '--starttls', '--tls-ca', '/ca.pem', 'a@b.c']);
  assert.deepEqual(options.server, { host: '10.0.0.2', smtpPort: '2526', smtpUser: 'u', smtpPassword: 'p', starttls: true, tlsCa: '/ca.pem' });
});

test('usage errors: unknown options, missing values, modes other than delivering a message', () => {
  assert.throws(() => parseSendmailArgs(['-z']), (err: Error) => err instanceof UsageError && /-z/.test(err.message));
  assert.throws(() => parseSendmailArgs(['-f']), (err: Error) => err instanceof UsageError && /-f requires a value/.test(err.message));
  assert.throws(() => parseSendmailArgs(['-bp']), /-bp is not supported/);
  assert.throws(() => parseSendmailArgs(['-bs']), /-bs is not supported/);
  assert.throws(() => parseSendmailArgs(['-q1h']), /queue/);
  assert.throws(() => parseSendmailArgs(['-I']), /aliases/);
  assert.throws(() => parseSendmailArgs(['--smtp-port']), /requires a value/);
  assert.throws(() => parseSendmailArgs(['--frobnicate']), /unknown option --frobnicate/);
});
