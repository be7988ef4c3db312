/**
 * `pigeonhole sendmail` (or pigeonhole run through a link named sendmail): a message on
 * standard input submitted to a running server over SMTP, with sendmail's options and exit
 * codes, so PHP's mail(), cron's MAILTO and other sendmail callers deliver into inboxes.
 */
import { existsSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import type { Readable } from 'node:stream';
import { smtpTarget } from '../../config/client.js';
import { ConfigError } from '../../config/config.js';
import { EX, parseSendmailArgs, SENDMAIL_USAGE, UsageError } from './args.js';
import { addressesIn, finalMessage, parseMessage, readMessage } from './message.js';
import { submit } from './submit.js';

export interface SendmailIo {
  env: Record<string, string | undefined>;
  stdin: Readable;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** The user sendmail names a message after when nothing else does: USER@HOSTNAME. */
function localSender(): string {
  let user = 'nobody';
  try {
    user = userInfo().username || user;
  } catch {
    // no passwd entry for this uid (containers): keep nobody
  }
  return `${user}@${hostname()}`;
}

export async function runSendmail(argv: readonly string[], io: SendmailIo): Promise<number> {
  const fail = (code: number, problem: string) => {
    io.stderr(`sendmail: ${problem}\n`);
    return code;
  };
  let options;
  let target;
  try {
    options = parseSendmailArgs(argv);
    target = smtpTarget(io.env, options.server);
  } catch (err) {
    if (err instanceof UsageError) return fail(EX.USAGE, `${err.message} (pigeonhole sendmail --help)`);
    if (err instanceof ConfigError) return fail(EX.USAGE, err.problems.join('; '));
    throw err;
  }
  if (options.help) {
    io.stdout(SENDMAIL_USAGE);
    return EX.OK;
  }
  if (options.server.tlsCa !== undefined && !existsSync(options.server.tlsCa)) return fail(EX.USAGE, `--tls-ca ${options.server.tlsCa}: no such file`);
  if (!options.extractRecipients && options.recipients.length === 0) {
    return fail(EX.USAGE, 'no recipients: name them as arguments, or use -t to read To, Cc and Bcc');
  }

  const message = parseMessage(await readMessage(io.stdin, !options.ignoreDots));
  const recipients = [...options.recipients];
  if (options.extractRecipients) {
    const seen = new Set(recipients.map((r) => r.toLowerCase()));
    for (const address of addressesIn(message.headers, ['to', 'cc', 'bcc'])) {
      if (!seen.has(address.toLowerCase())) recipients.push(address);
      seen.add(address.toLowerCase());
    }
    if (recipients.length === 0) return fail(EX.DATAERR, 'no recipient addresses in the To, Cc or Bcc headers');
  }
  // Envelope sender: -f, else the From header's address, else USER@HOSTNAME (see the README).
  const sender = options.sender ?? addressesIn(message.headers, ['from'])[0] ?? localSender();
  const data = finalMessage(message, { from: sender || localSender(), fullName: options.fullName, hostname: hostname(), now: new Date() });

  const outcome = await submit(
    { host: target.host, port: target.port, user: target.user, password: target.password, requireStarttls: options.server.starttls, caFile: options.server.tlsCa ?? target.localCaFile },
    { from: sender, to: recipients },
    data,
  );
  for (const problem of outcome.problems) io.stderr(`sendmail: ${problem}\n`);
  return outcome.exitCode;
}
