/**
 * One SMTP transaction to a running Pigeonhole with nodemailer's SMTP connection (the
 * per-recipient answers are needed, which its transport folds into one error), and what
 * each outcome means as a sendmail exit code.
 */
import { readFileSync, existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { rootCertificates } from 'node:tls';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { EX } from './args.js';

export interface SmtpServer {
  host: string;
  port: number;
  user?: string;
  password?: string;
  /** refuse to go on without STARTTLS */
  requireStarttls: boolean;
  /** a CA file trusted besides the system's (the server's local CA) */
  caFile?: string;
}

export interface Outcome {
  exitCode: number;
  /** one line per problem, for standard error */
  problems: string[];
}

type SmtpError = Error & { code?: string; originalCode?: string; responseCode?: number; response?: string; command?: string; recipient?: string; rejectedErrors?: SmtpError[] };

/** 4xx and connections that did not happen are worth retrying; a 5xx is not. */
export function exitCodeOf(err: SmtpError): number {
  const reply = err.responseCode;
  if (reply && reply >= 400 && reply < 500) return EX.TEMPFAIL;
  if (err.code === 'EAUTH') return EX.NOPERM;
  if (reply && reply >= 500) {
    if (err.command === 'RCPT TO') return [550, 551, 553].includes(reply) ? EX.NOUSER : EX.UNAVAILABLE;
    if (err.command === 'DATA' || err.command === 'MAIL FROM') return EX.DATAERR;
    return EX.UNAVAILABLE;
  }
  const system = err.originalCode ?? err.code;
  if (system && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ECONNECTION', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].includes(system)) return EX.TEMPFAIL;
  return EX.UNAVAILABLE;
}

/** The server's answer in one line, without the line breaks of a multi-line reply. */
const lineOf = (err: SmtpError) => (err.response ?? err.message).replace(/\s*\r?\n\s*/g, ' ').trim();

export async function submit(server: SmtpServer, envelope: { from: string; to: string[] }, message: Buffer): Promise<Outcome> {
  const ca = server.caFile && existsSync(server.caFile) ? [...rootCertificates, readFileSync(server.caFile, 'utf8')] : undefined;
  const connection = new SMTPConnection({
    host: server.host,
    port: server.port,
    name: hostname(),
    requireTLS: server.requireStarttls,
    tls: ca ? { ca } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  const where = `${server.host}:${server.port}`;
  // The connection reports a broken socket as an event too; the step waiting on it rejects with it.
  let failure: SmtpError | undefined;
  connection.on('error', (err: SmtpError) => (failure ??= err));
  const step = <T>(run: (done: (err: Error | null, value?: T) => void) => void) =>
    new Promise<T>((resolve, reject) => {
      const onEnd = () => reject(failure ?? Object.assign(new Error('the connection closed'), { code: 'ECONNECTION' }));
      connection.once('end', onEnd);
      run((err, value) => {
        connection.off('end', onEnd);
        if (err) reject(err);
        else resolve(value as T);
      });
    });
  try {
    await step<void>((done) => connection.connect(() => done(null)));
    if (server.user !== undefined) {
      await step<void>((done) => connection.login({ user: server.user, pass: server.password ?? '' }, (err) => done(err ?? null)));
    }
    const info = await step<{ rejectedErrors?: SmtpError[] }>((done) => connection.send(envelope, message, (err, sent) => done(err, sent)));
    const refused = info.rejectedErrors ?? [];
    return {
      // delivered to the others; the worst refusal decides the exit code, as sendmail reports
      exitCode: refused.length ? Math.max(...refused.map(exitCodeOf)) : EX.OK,
      problems: refused.map((err) => `${err.recipient}: ${lineOf(err)}`),
    };
  } catch (caught) {
    const err = caught as SmtpError;
    if (err.rejectedErrors?.length) {
      return { exitCode: Math.max(...err.rejectedErrors.map(exitCodeOf)), problems: err.rejectedErrors.map((e) => `${e.recipient}: ${lineOf(e)}`) };
    }
    const system = err.originalCode ?? err.code;
    const problem = system === 'ECONNREFUSED'
      ? `cannot connect to ${where}: connection refused (is pigeonhole serve running, on this SMTP port?)`
      : err.code === 'EAUTH' ? `login refused by ${where}: ${lineOf(err)}` : `${where}: ${lineOf(err)}`;
    return { exitCode: exitCodeOf(err), problems: [problem] };
  } finally {
    connection.quit();
    connection.close();
  }
}
