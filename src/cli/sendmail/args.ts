/**
 * The command line of `sendmail` as PHP's mail(), cron, mailx and scripts write it: getopt
 * style short options (clustered `-ti`, values attached `-fme@x` or apart `-f me@x`), operands
 * anywhere before `--` as GNU getopt allows, and the options real sendmail and Postfix accept
 * but that mean nothing here (queueing, delivery mode, error reporting, DSN) taken and ignored.
 * Written by hand: commander cannot parse `-oi`/`-odi` (an option letter with its value glued
 * on) the way sendmail's getopt does, and a usage error must exit 64, not commander's 1.
 */

/** sendmail's exit codes (sysexits.h) */
export const EX = {
  OK: 0,
  USAGE: 64,
  DATAERR: 65,
  NOUSER: 67,
  UNAVAILABLE: 69,
  SOFTWARE: 70,
  TEMPFAIL: 75,
  NOPERM: 77,
} as const;

export interface SendmailOptions {
  /** recipients given as operands */
  recipients: string[];
  /** -t: also read recipients from To, Cc and Bcc */
  extractRecipients: boolean;
  /** -i, -oi, -O IgnoreDots: a line of a lone "." does not end the message */
  ignoreDots: boolean;
  /** -f/-r: the envelope sender; '' is the null sender (-f '<>') */
  sender?: string;
  /** -F: the full name of a From header written for a message without one */
  fullName?: string;
  /** Pigeonhole's own long options: where the server is and how to log in */
  server: { host?: string; smtpPort?: string; smtpUser?: string; smtpPassword?: string; dataDir?: string; starttls: boolean; tlsCa?: string };
  help: boolean;
}

export class UsageError extends Error {}

/** short options that take a value (sendmail 8 and Postfix together) */
const WITH_VALUE = new Set('ABCFLNORVXbdefhopqr'.split(''));
/** short options without a value that are accepted and ignored */
const IGNORED_FLAGS = new Set('cGmnsUvx'.split(''));
/** long options of our own that take a value, and the field each sets */
const LONG_WITH_VALUE = {
  '--host': 'host', '--smtp-port': 'smtpPort', '--smtp-user': 'smtpUser', '--smtp-password': 'smtpPassword',
  '--data-dir': 'dataDir', '--tls-ca': 'tlsCa',
} as const;

/** `<a@b>` and `a@b` alike; `<>` is the null sender. */
const bareAddress = (value: string) => value.trim().replace(/^<(.*)>$/, '$1');

export function parseSendmailArgs(argv: readonly string[]): SendmailOptions {
  const options: SendmailOptions = { recipients: [], extractRecipients: false, ignoreDots: false, server: { starttls: false }, help: false };
  for (let n = 0; n < argv.length; n++) {
    const arg = argv[n]!;
    if (arg === '--') {
      options.recipients.push(...argv.slice(n + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
      if (name === '--help') options.help = true;
      else if (name === '--starttls') options.server.starttls = true;
      else if (name in LONG_WITH_VALUE) {
        const value = inline ?? argv[++n];
        if (value === undefined) throw new UsageError(`option ${name} requires a value`);
        options.server[LONG_WITH_VALUE[name as keyof typeof LONG_WITH_VALUE]] = value;
      } else throw new UsageError(`unknown option ${name}`);
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') {
      options.recipients.push(arg);
      continue;
    }
    // A cluster of short options: -ti, -oi, -fme@x, -odi
    for (let i = 1; i < arg.length; i++) {
      const letter = arg[i]!;
      if (WITH_VALUE.has(letter)) {
        const value = i + 1 < arg.length ? arg.slice(i + 1) : argv[++n];
        if (value === undefined) throw new UsageError(`option -${letter} requires a value`);
        applyValued(options, letter, value);
        break;
      }
      if (letter === 't') options.extractRecipients = true;
      else if (letter === 'i') options.ignoreDots = true;
      else if (letter === 'I') throw new UsageError('-I (rebuild the aliases database) is not supported: Pigeonhole has no aliases');
      else if (!IGNORED_FLAGS.has(letter)) throw new UsageError(`unknown option -${letter}`);
    }
  }
  return options;
}

function applyValued(options: SendmailOptions, letter: string, value: string): void {
  switch (letter) {
    case 'f':
    case 'r':
      options.sender = bareAddress(value);
      return;
    case 'F':
      options.fullName = value;
      return;
    case 'o':
      // Legacy options: only i (ignore dots) means something here; odi, oem, oQ/dir, ... are ignored.
      if (value === 'i') options.ignoreDots = true;
      return;
    case 'O':
      if (/^IgnoreDots(=(true|t|yes|y|1))?$/i.test(value)) options.ignoreDots = true;
      return;
    case 'b':
      if (value !== 'm') {
        throw new UsageError(`-b${value} is not supported: only -bm (deliver the message read from standard input)`);
      }
      return;
    case 'q':
      throw new UsageError('-q (run the queue) is not supported: Pigeonhole submits at once and keeps no queue');
    default:
      // -A -B -C -L -N -R -V -X -d -e -h -p: configuration, body type, DSN, logging, hop count, protocol
      return;
  }
}

export const SENDMAIL_USAGE = `Usage: pigeonhole sendmail [options] [--] [recipient ...]
  (or any name linked to pigeonhole whose last part is "sendmail", e.g. /usr/sbin/sendmail)

Reads a message from standard input and submits it over SMTP to a running Pigeonhole.

  -t                 also send to the addresses of the To, Cc and Bcc headers (Bcc is removed)
  -i, -oi            a line with a lone "." does not end the message (it does without them)
  -f ADDR, -r ADDR   envelope sender (default: the From header's address, else USER@HOSTNAME)
  -F NAME            full name for the From header added to a message without one
  -bm -odi -oem -oQ… -B… -N… -R… -V… -X… -C… -h… -v -U -m -n …  accepted and ignored
  --host HOST            server address (PIGEONHOLE_HOST, default 127.0.0.1)
  --smtp-port PORT       its plain SMTP port (PIGEONHOLE_SMTP_PORT, default 2525)
  --smtp-user USER       AUTH login (PIGEONHOLE_SMTP_USER), with
  --smtp-password PASS   its password (PIGEONHOLE_SMTP_PASSWORD)
  --starttls             require STARTTLS (it is used whenever offered anyway)
  --tls-ca FILE          also trust this CA (default: DATA_DIR/tls/ca.pem when present)
  --data-dir DIR         the server's data directory (PIGEONHOLE_DATA_DIR, default ./data)

Exit codes: 0 sent, 64 usage, 65 message refused, 67 unknown recipient, 69 unavailable,
75 temporary failure (retry later), 77 login refused.
`;
