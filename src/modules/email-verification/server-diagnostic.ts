import { badRequest } from '../../core/errors.js';
import { isParsed, parseMailbox } from './address-syntax.js';
import { addressesOf, refusalOf } from './mail-hosts.js';
import { replyText, SmtpDialogue, type SmtpReply } from './smtp-dialogue.js';
import type { DialogueStep, SmtpVerifier } from './smtp-verifier.js';

export interface ServerTestInput {
  host: string;
  port: number;
  useStartTls: boolean;
  username?: string | null;
  password?: string | null;
  from?: string | null;
  to?: string | null;
}

/** TestSmtpServerResults of the client. */
export interface ServerTestResult {
  connected: boolean;
  banner: string | null;
  tls: { supported: boolean; negotiated: boolean; protocol: string | null; cipher: string | null };
  auth: { attempted: boolean; success: boolean; mechanism: string | null };
  transcript: DialogueStep[];
  warnings: string[];
  errors: string[];
}

const HOST_RE = /^(?:\[[0-9a-f:.]+\]|[0-9a-f:.]+|[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9])?)$/i;

function checkedAddress(value: string | null | undefined, field: string): string | null {
  if (value == null || value.trim() === '') return null;
  const parsed = parseMailbox(value);
  if (!isParsed(parsed)) throw badRequest(`${field} is not an email address: ${parsed.error}`);
  return parsed.address;
}

/**
 * ToolsController testSmtpServer: connects to a mail server, reads its banner, says EHLO and
 * lists the extensions it offers, upgrades with STARTTLS when asked and offered, logs in when a
 * user name and password are given (PLAIN or LOGIN, whichever it offers), and with from/to goes
 * on to MAIL FROM and RCPT TO; then QUIT, never DATA. Each step's reply and time is in the
 * transcript.
 */
export async function testSmtpServer(verifier: SmtpVerifier, input: ServerTestInput, signal?: AbortSignal): Promise<ServerTestResult> {
  const host = input.host.trim().replace(/\.$/, '');
  if (!HOST_RE.test(host)) throw badRequest(`host "${input.host}" is not a host name or IP address`);
  const from = checkedAddress(input.from, 'from');
  const to = checkedAddress(input.to, 'to');
  if ((input.username && !input.password) || (!input.username && input.password)) throw badRequest('username and password go together');
  const result: ServerTestResult = {
    connected: false, banner: null, tls: { supported: false, negotiated: false, protocol: null, cipher: null },
    auth: { attempted: false, success: false, mechanism: null }, transcript: [], warnings: [], errors: [],
  };
  const started = Date.now();
  const took = (since: number) => `${Date.now() - since} ms`;
  const record = (step: string, reply: SmtpReply, since: number) =>
    result.transcript.push({ step, code: String(reply.code), message: `${replyText(reply)} (${took(since)})` });

  let addresses: string[];
  try {
    addresses = await addressesOf(verifier.resolver(), host);
  } catch (error) {
    result.errors.push((error as Error).message);
    return result;
  }
  if (addresses.length === 0) {
    result.errors.push(`${host} has no A or AAAA record`);
    return result;
  }
  const address = addresses[0]!;
  const refused = await refusalOf(verifier.settings.policy, host, address, input.port);
  if (refused) {
    result.errors.push(refused);
    return result;
  }

  await verifier.run(async () => {
    let dialogue: SmtpDialogue;
    try {
      const opened = await SmtpDialogue.open(address, input.port, { ...verifier.limits, signal });
      dialogue = opened.dialogue;
      result.connected = true;
      result.transcript.push({ step: 'CONNECT', code: null, message: `connected to ${address}:${input.port} (${took(started)})` });
      result.banner = opened.greeting.lines.join('\n');
      record('GREETING', opened.greeting, started);
      if (opened.greeting.code !== 220) {
        result.errors.push(`the server refused the session: ${replyText(opened.greeting)}`);
        dialogue.close();
        return;
      }
    } catch (error) {
      result.errors.push((error as Error).message);
      return;
    }
    try {
      let since = Date.now();
      let ehlo = await dialogue.command(`EHLO ${verifier.settings.heloName}`);
      record('EHLO', ehlo, since);
      if (ehlo.code !== 250) {
        result.errors.push(`EHLO refused: ${replyText(ehlo)}`);
        return;
      }
      result.transcript.push({ step: 'EXTENSIONS', code: null, message: ehlo.lines.slice(1).join(', ') || 'none' });
      const offers = (name: string) => ehlo.lines.slice(1).some((l) => l.toUpperCase().split(/[ =]/)[0] === name);
      result.tls.supported = offers('STARTTLS');
      if (!result.tls.supported) result.warnings.push('STARTTLS is not offered: mail to this server travels unencrypted');
      if (input.useStartTls && result.tls.supported) {
        since = Date.now();
        const starttls = await dialogue.command('STARTTLS');
        record('STARTTLS', starttls, since);
        if (starttls.code !== 220) {
          result.errors.push(`STARTTLS refused: ${replyText(starttls)}`);
          return;
        }
        since = Date.now();
        const session = await dialogue.upgrade(host);
        Object.assign(result.tls, { negotiated: true, protocol: session.protocol, cipher: session.cipher });
        result.transcript.push({ step: 'TLS', code: null, message: `${session.protocol ?? 'TLS'} ${session.cipher ?? ''} (${took(since)})` });
        if (!session.authorized) result.warnings.push('the TLS certificate does not verify against the system CAs for this host');
        since = Date.now();
        ehlo = await dialogue.command(`EHLO ${verifier.settings.heloName}`);
        record('EHLO', ehlo, since);
        if (ehlo.code !== 250) {
          result.errors.push(`EHLO after STARTTLS refused: ${replyText(ehlo)}`);
          return;
        }
      } else if (input.useStartTls) {
        result.errors.push('STARTTLS was asked for but the server does not offer it');
        return;
      }
      if (input.username && input.password) {
        const authLine = ehlo.lines.slice(1).find((l) => /^AUTH[ =]/i.test(l));
        const mechanisms = authLine ? authLine.slice(5).toUpperCase().split(/\s+/) : [];
        result.auth.attempted = true;
        since = Date.now();
        if (mechanisms.includes('PLAIN')) {
          result.auth.mechanism = 'PLAIN';
          const token = Buffer.from(`\0${input.username}\0${input.password}`, 'utf8').toString('base64');
          const reply = await dialogue.command(`AUTH PLAIN ${token}`, 'AUTH PLAIN');
          // the credentials never appear in the transcript, only the server's answer
          record('AUTH', reply, since);
          result.auth.success = reply.code === 235;
        } else if (mechanisms.includes('LOGIN')) {
          result.auth.mechanism = 'LOGIN';
          let reply = await dialogue.command('AUTH LOGIN');
          if (reply.code === 334) reply = await dialogue.command(Buffer.from(input.username).toString('base64'), 'AUTH LOGIN user name');
          if (reply.code === 334) reply = await dialogue.command(Buffer.from(input.password).toString('base64'), 'AUTH LOGIN password');
          record('AUTH', reply, since);
          result.auth.success = reply.code === 235;
        } else {
          result.errors.push(`the server offers no AUTH PLAIN or LOGIN${authLine ? ` (it offers ${authLine.slice(5)})` : ''}`);
        }
        if (result.auth.mechanism && !result.auth.success) result.errors.push('authentication failed');
      }
      if (from || to) {
        const sender = from ?? verifier.settings.mailFrom;
        since = Date.now();
        const mail = await dialogue.command(`MAIL FROM:<${sender}>`, 'MAIL FROM');
        record('MAIL FROM', mail, since);
        if (mail.code !== 250) result.errors.push(`MAIL FROM refused: ${replyText(mail)}`);
        else if (to) {
          since = Date.now();
          const rcpt = await dialogue.command(`RCPT TO:<${to}>`, 'RCPT TO');
          record('RCPT TO', rcpt, since);
          if (rcpt.code < 200 || rcpt.code >= 300) result.errors.push(`RCPT TO refused: ${replyText(rcpt)}`);
        }
      }
    } catch (error) {
      result.errors.push((error as Error).message);
    } finally {
      const since = Date.now();
      const quit = await dialogue.quit();
      if (quit) record('QUIT', quit, since);
      result.transcript.push({ step: 'TOTAL', code: null, message: took(started) });
    }
  }, signal);
  return result;
}
