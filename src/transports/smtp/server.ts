import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { SMTPServerOptions, SMTPServerSession } from 'smtp-server';
import { AppError } from '../../core/errors.js';
import type { InfoLogSink } from '../../core/logger.js';
import { NO_TELEMETRY, type MailTelemetry, type RefusalReason } from '../../core/telemetry.js';
import { RecipientRefused, receptionReply, type InboundEnvelope, type IngestService } from '../../modules/email/ingest.service.js';
import { MessageRefused } from '../../modules/email/mime-limits.js';
import type { AccessService, MailLogin } from '../../modules/access/access.service.js';
import type { PreviewRecipient } from '../../modules/device-previews/ingest-domain.service.js';
import type { SendingService } from '../../modules/sending/sending.service.js';
import { SmtpSubmission, SubmissionRefused, type SubmissionEnvelope } from '../../modules/sending/submission.js';
import type { InboxRecord } from '../../storage/ports.js';
import type { TlsMaterial } from '../tls.js';
import type { AuthThrottle } from '../auth-throttle.js';
import { ConnectionCounter } from '../connection-limits.js';
import { PromptSMTPServer } from './prompt-greeting.js';

export interface SmtpOptions {
  host: string;
  /** plain; STARTTLS only when `starttls` */
  port: number;
  /** implicit TLS */
  securePort: number;
  /** plain greeting, STARTTLS offered and required before AUTH (the access details' secure port) */
  submissionPort: number;
  /** offer STARTTLS on the plain port */
  starttls: boolean;
  /** name in the greeting and EHLO */
  serverName: string;
  maxMessageSize: number;
  maxRecipients: number;
  maxConnections: number;
  idleTimeoutMs: number;
  tls: TlsMaterial;
  /** lockouts after failed logins, per address, shared with HTTP and IMAP; none = no lockouts */
  authThrottle?: AuthThrottle;
  /** connections one address may hold over the three listeners; 0 or none = no limit */
  connectionsPerSource?: number;
}

export interface RunningSmtp {
  port: number;
  securePort: number;
  submissionPort: number;
  close(): Promise<void>;
}

export interface SmtpServices {
  ingest: IngestService;
  access: AccessService;
  sending: SendingService;
  /** sessions, accepted and refused messages for the metrics; none = not recorded */
  telemetry?: MailTelemetry;
  /** the feedback address, which takes ARF reports as complaints (modules/bounce); none = no such address */
  feedback?: FeedbackMailbox;
  /** device preview email domains (modules/device-previews): mail to them becomes preview runs; none = no such addresses */
  previewMail?: PreviewMailbox;
}

/** Addresses without an inbox whose mail becomes device preview runs: a message they cannot take is a 400 AppError. */
export interface PreviewMailbox {
  recipient(address: string): Promise<PreviewRecipient | undefined>;
  receive(raw: Buffer, recipients: PreviewRecipient[]): Promise<void>;
}

/** An address without an inbox that takes one kind of report: a refusal of the report is a 400 AppError. */
export interface FeedbackMailbox {
  isFeedbackAddress(address: string): boolean;
  receive(raw: Buffer, envelopeFrom: string | null): Promise<unknown>;
}

/** An Error carrying the SMTP reply code smtp-server sends back. */
const reply = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * Longest an AUTH from a locked-out address is held before its 454: long enough to pace a
 * guesser that waits for answers, short enough not to tie up a connection for the whole lockout.
 */
export const MAX_LOCKED_AUTH_PAUSE_MS = 5000;

/**
 * Three listeners: plain (STARTTLS only when `starttls`: clients that upgrade whenever it is
 * offered, as nodemailer does by default, would otherwise have to trust the certificate),
 * submission (plain greeting, STARTTLS required before AUTH) and implicit TLS. On every one,
 * a session without AUTH is an MX: any inbox address of any tenant is accepted, anything else
 * is 550 (never a relay). With AUTH (an inbox's or tenant's login from getSmtpAccess) it is a
 * submission (SmtpSubmission): inboxes of this server receive whatever the MAIL FROM, outside
 * addresses are sent to from an inbox the login owns, as sendEmail sends. Either way the 250
 * after DATA comes only once the message is committed.
 */
/** The envelope of an MX session as ingest reads it: MAIL FROM ('' for the null reverse path). */
function envelopeOf(session: SMTPServerSession): InboundEnvelope {
  const from = session.envelope.mailFrom;
  return { mailFrom: from ? from.address : null, smtp: true, remoteAddress: session.remoteAddress, helo: session.hostNameAppearsAs };
}

export async function startSmtp(options: SmtpOptions, services: SmtpServices, log: InfoLogSink): Promise<RunningSmtp> {
  const { ingest, access, sending } = services;
  const telemetry = services.telemetry ?? NO_TELEMETRY;
  /**
   * A refusal: counted by reason, and for recipients and messages one info line with the reason
   * and the code (no body, no address: the recipient's domain at most). Login and connection
   * refusals are counted only, so a guesser does not flood the log.
   */
  const refusal = (reason: RefusalReason, code: number, message: string, logged?: { stage: 'RCPT' | 'DATA'; domain?: string }) => {
    telemetry.smtpRefused(reason);
    if (logged) log.info({ reason, code, ...logged }, `smtp: ${logged.stage === 'RCPT' ? 'recipient' : 'message'} refused (${reason})`);
    return reply(code, message);
  };
  const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  const submission = new SmtpSubmission(access, ingest, sending);
  const recipients = new WeakMap<SMTPServerSession, InboxRecord[]>();
  const submissions = new WeakMap<SMTPServerSession, SubmissionEnvelope>();
  /** transactions a step refused as a whole (a chaos rule at the MAIL stage): the rest gets the same answer */
  const refusedTransactions = new WeakMap<SMTPServerSession, RecipientRefused>();
  /** transactions with the feedback address among their recipients */
  const feedbackTransactions = new WeakSet<SMTPServerSession>();
  /** device preview addresses among a transaction's recipients */
  const previewRecipients = new WeakMap<SMTPServerSession, PreviewRecipient[]>();
  const loginOf = (session: SMTPServerSession) => session.user as MailLogin | undefined;
  const throttle = options.authThrottle;
  // One count over the three listeners: the same clients could use any of them.
  const connections = new ConnectionCounter({ perSource: options.connectionsPerSource ?? 0, total: 0 });
  const releases = new Map<string, () => void>();
  /** connections already told 454 for a lockout: the next AUTH closes them with 421 */
  const refusedForLockout = new Set<string>();

  const shared: SMTPServerOptions = {
    name: options.serverName,
    banner: 'Pigeonhole ESMTP',
    key: options.tls.key,
    cert: options.tls.cert,
    size: options.maxMessageSize,
    maxClients: options.maxConnections,
    socketTimeout: options.idleTimeoutMs,
    // AUTH is optional: unauthenticated sessions deliver to inboxes like an MX does.
    authOptional: true,
    authMethods: ['PLAIN', 'LOGIN'],
    // A test tool is mostly reached over loopback without TLS: the plain port takes AUTH as
    // is; the submission port (below) requires STARTTLS first.
    allowInsecureAuth: true,
    logger: false,
    // Nothing uses the client's reverse-DNS name, and a PTR query per connection would put
    // the resolver's latency (up to smtp-server's 1.5 s timeout) before every greeting.
    disableReverseLookup: true,

    onConnect(session, callback) {
      const admitted = connections.admit(session.remoteAddress);
      if ('reason' in admitted) return callback(refusal('rate', 421, admitted.reason));
      releases.set(session.id, admitted.release);
      telemetry.smtpSession();
      callback();
    },

    onClose(session) {
      releases.get(session.id)?.();
      releases.delete(session.id);
      refusedForLockout.delete(session.id);
    },

    onAuth(auth, session, callback) {
      // A locked-out address is refused without looking at the credentials: first 454 after a
      // pause (a client that waits for answers is slowed); a session that tries again after
      // that, locked out or not by then, gets 421 and is closed (a guesser must reconnect).
      if (refusedForLockout.has(session.id)) {
        return callback(refusal('auth', 421, 'Too many failed logins from your address; closing the connection'));
      }
      const refuseLockedOut = (lockedFor: number) => {
        refusedForLockout.add(session.id);
        const seconds = Math.ceil(lockedFor / 1000);
        // Unref'd: a paused refusal never keeps a stopping process alive.
        setTimeout(() => callback(refusal('auth', 454, `Too many failed logins from your address: try again in ${seconds} s`)),
          Math.min(lockedFor, MAX_LOCKED_AUTH_PAUSE_MS)).unref();
      };
      const lockedFor = throttle?.lockedFor(session.remoteAddress) ?? 0;
      if (lockedFor > 0) return refuseLockedOut(lockedFor);
      access.authenticate('smtp', auth.username ?? '', auth.password ?? '', session.remoteAddress).then(
        (login) => {
          if (login) return callback(null, { user: login });
          // Another session of the address started a lockout meanwhile: this one is refused
          // as locked out and not counted, so no more than the limit are ever told 535.
          const lockedNow = throttle?.lockedFor(session.remoteAddress) ?? 0;
          if (lockedNow > 0) return refuseLockedOut(lockedNow);
          throttle?.failed(session.remoteAddress);
          callback(refusal('auth', 535, 'Authentication failed: wrong username or password'));
        },
        (err: unknown) => {
          log.error({ err }, 'smtp: checking a login failed');
          callback(refusal('other', 454, 'Temporary authentication failure; try again later'));
        },
      );
    },

    onMailFrom(address, session, callback) {
      recipients.set(session, []);
      refusedTransactions.delete(session);
      feedbackTransactions.delete(session);
      previewRecipients.delete(session);
      submissions.delete(session);
      const login = loginOf(session);
      if (!login) return callback();
      submission.start(login, address.address).then(
        (envelope) => {
          submissions.set(session, envelope);
          callback();
        },
        (err: unknown) => {
          log.error({ err }, 'smtp: sender lookup failed');
          callback(refusal('other', 451, 'Temporary failure looking up the sender; try again later'));
        },
      );
    },

    onRcptTo(address, session, callback) {
      const accepted = recipients.get(session) ?? [];
      const envelope = submissions.get(session);
      const count = envelope ? envelope.local.length + envelope.outside.length : accepted.length;
      if (count >= options.maxRecipients) {
        return callback(refusal('size', 452, `Too many recipients: at most ${options.maxRecipients} per message`, { stage: 'RCPT', domain: domainOf(address.address) }));
      }
      if (envelope) {
        // Inboxes of this server always; outside addresses when MAIL FROM is an inbox that may send.
        return submission.addRecipient(envelope, address.address).then(
          () => callback(),
          (err: unknown) => {
            const rcpt = { stage: 'RCPT' as const, domain: domainOf(address.address) };
            if (err instanceof SubmissionRefused) return callback(refusal(err.code === 550 ? 'unknown_recipient' : 'other', err.code, err.message, rcpt));
            log.error({ err }, 'smtp: recipient lookup failed');
            callback(refusal('other', 451, 'Temporary failure looking up the recipient; try again later'));
          },
        );
      }
      const refusedTransaction = refusedTransactions.get(session);
      if (refusedTransaction) return callback(refusal(refusedTransaction.reason, refusedTransaction.smtp?.code ?? 550, refusedTransaction.message));
      if (services.feedback?.isFeedbackAddress(address.address)) {
        feedbackTransactions.add(session);
        return callback();
      }
      const toInbox = () => ingest.acceptRecipient(address.address, envelopeOf(session)).then(
        (inbox) => {
          if (!accepted.some((i) => i.id === inbox.id)) accepted.push(inbox);
          recipients.set(session, accepted);
          callback();
        },
        (err: unknown) => {
          const rcpt = { stage: 'RCPT' as const, domain: domainOf(address.address) };
          if (err instanceof RecipientRefused) {
            if (err.smtp?.wholeTransaction) refusedTransactions.set(session, err);
            // 550, or the code a step named (chaos rules)
            return callback(refusal(err.reason, err.smtp?.code ?? 550, err.message, rcpt));
          }
          log.error({ err }, 'smtp: recipient lookup failed');
          callback(refusal('other', 451, 'Temporary failure looking up the recipient; try again later'));
        },
      );
      const previewMail = services.previewMail;
      const preview = previewMail ? previewMail.recipient(address.address) : Promise.resolve(undefined);
      // An address of a device preview email domain takes the message for a preview run; any other is an inbox's.
      preview.then((previewRecipient) => {
        if (!previewRecipient) return toInbox();
        const previews = previewRecipients.get(session) ?? [];
        if (!previews.some((r) => r.address === previewRecipient.address)) previews.push(previewRecipient);
        previewRecipients.set(session, previews);
        callback();
      }, (err: unknown) => {
        log.error({ err }, 'smtp: recipient lookup failed');
        callback(refusal('other', 451, 'Temporary failure looking up the recipient; try again later'));
      });
    },

    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const data = { stage: 'DATA' as const };
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          return callback(refusal('size', 552, `Message exceeds the maximum size of ${options.maxMessageSize} bytes`, data));
        }
        const raw = Buffer.concat(chunks);
        const endOfData = performance.now();
        const envelope = submissions.get(session);
        if (envelope) {
          submissions.delete(session);
          return submission.complete(envelope, raw).then(
            (message) => {
              telemetry.messageAccepted();
              log.info({ size: raw.length, ms: Math.round(performance.now() - endOfData) }, 'smtp: message submitted');
              callback(null, message);
            },
            (err: unknown) => {
              // over a MIME limit or the parse budget: refused again on every retry, so permanent
            if (err instanceof MessageRefused) return callback(refusal('parse_limit', 554, `5.6.0 ${err.message}`, data));
              if (err instanceof AppError && err.code === 'BAD_REQUEST') return callback(refusal('other', 550, err.message, data));
              log.error({ err }, 'smtp: submitting a message failed');
              callback(refusal('other', 451, 'Message not sent because of a local error; try again later'));
            },
          );
        }
        const refusedTransaction = refusedTransactions.get(session);
        if (refusedTransaction) return callback(refusal(refusedTransaction.reason, refusedTransaction.smtp?.code ?? 550, refusedTransaction.message));
        const inboxes = recipients.get(session) ?? [];
        if (feedbackTransactions.has(session) && services.feedback) {
          const feedback = services.feedback.receive(raw, session.envelope.mailFrom ? session.envelope.mailFrom.address : null);
          // With inboxes among the recipients too, they get the message whatever the report's fate.
          if (inboxes.length > 0) {
            feedback.catch((err: unknown) => log.info({ err: err instanceof AppError ? err.message : String(err) }, 'smtp: feedback report not recorded'));
          } else {
            return void feedback.then(
              () => callback(null, 'Feedback report recorded as a complaint'),
              (err: unknown) => {
                if (err instanceof AppError && err.code === 'BAD_REQUEST') return callback(refusal('other', 550, `5.6.0 ${err.message}`, data));
                if (err instanceof MessageRefused) return callback(refusal('parse_limit', 554, `5.6.0 ${err.message}`, data));
                log.error({ err }, 'smtp: recording a feedback report failed');
                callback(refusal('other', 451, 'Feedback report not recorded because of a local error; try again later'));
              },
            );
          }
        }
        const deliver = () => {
          ingest.receive(raw, inboxes, envelopeOf(session)).then(
            (reception) => {
              const ms = performance.now() - endOfData;
              telemetry.messageAccepted(ms / 1000);
              // one line per message: which inboxes got it, its size and the time to its commit (no address, no body)
              log.info({
                inboxIds: reception.stored.map((email) => email.inboxId), emailIds: reception.stored.map((email) => email.id),
                retries: reception.retries, size: raw.length, ms: Math.round(ms),
              }, 'smtp: message received');
              callback(null, receptionReply(reception));
            },
            (err: unknown) => {
              // over a MIME limit or the parse budget: refused again on every retry, so permanent
              if (err instanceof MessageRefused) return callback(refusal('parse_limit', 554, `5.6.0 ${err.message}`, data));
              // an inbound step refused the message for every recipient (a ruleset blocking the From header)
              if (err instanceof RecipientRefused) return callback(refusal(err.reason, err.smtp?.code ?? 550, err.message, data));
              log.error({ err }, 'smtp: storing a message failed');
              callback(refusal('other', 451, 'Message not stored because of a local error; try again later'));
            },
          );
        };
        const previews = previewRecipients.get(session) ?? [];
        if (previews.length > 0 && services.previewMail) {
          // Preview runs first: a message they cannot take is refused for every recipient, so a 250 still means all of it is on disk.
          const taken = services.previewMail.receive(raw, previews);
          const refused = (err: unknown) => {
            if (err instanceof AppError && err.code === 'BAD_REQUEST') return callback(refusal('other', 550, `5.6.0 ${err.message}`, data));
            if (err instanceof MessageRefused) return callback(refusal('parse_limit', 554, `5.6.0 ${err.message}`, data));
            log.error({ err }, 'smtp: making a device preview run failed');
            callback(refusal('other', 451, 'Message not stored because of a local error; try again later'));
          };
          if (inboxes.length === 0 && !feedbackTransactions.has(session)) {
            return void taken.then(() => {
              telemetry.messageAccepted((performance.now() - endOfData) / 1000);
              log.info({ previewRecipients: previews.length, size: raw.length, ms: Math.round(performance.now() - endOfData) }, 'smtp: message received for device previews');
              callback(null, 'Device preview run created');
            }, refused);
          }
          return void taken.then(() => deliver(), refused);
        }
        deliver();
      });
    },
  };

  // PromptSMTPServer: smtp-server without its fixed 100 ms pause before the greeting.
  const plain = new PromptSMTPServer({
    ...shared,
    secure: false,
    // Without STARTTLS the command is gone altogether, not only left out of EHLO.
    ...(options.starttls ? {} : { hideSTARTTLS: true, disabledCommands: ['STARTTLS'] }),
  });
  // Submission semantics (RFC 6409 port 587, RFC 3207): AUTH before STARTTLS is 538.
  const submissionServer = new PromptSMTPServer({ ...shared, secure: false, allowInsecureAuth: false });
  const secure = new PromptSMTPServer({ ...shared, secure: true });
  // A port that cannot be bound is startSmtp's rejection (one line at start-up), not a log entry.
  for (const server of [plain, submissionServer, secure]) {
    server.on('error', (err) => (err as NodeJS.ErrnoException).syscall === 'listen' || log.warn({ err }, 'smtp: connection error'));
  }

  const listen = (server: PromptSMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, options.host, () => {
        server.server.off('error', reject);
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  const close = (server: PromptSMTPServer) => new Promise<void>((resolve) => {
    // smtp-server waits up to 30 s for every open session before it drops them: idle sessions
    // (between commands, no message on its way in) are told 421 and closed now, and those in
    // the middle of a message are left to finish it and get theirs once they are idle.
    const sweep = setInterval(() => closeIdleSessions(server), IDLE_SWEEP_MS);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    closeIdleSessions(server);
  });

  const listening: PromptSMTPServer[] = [];
  const bind = async (server: PromptSMTPServer, port: number) => {
    const bound = await listen(server, port);
    listening.push(server);
    return bound;
  };
  try {
    const port = await bind(plain, options.port);
    const submissionPort = await bind(submissionServer, options.submissionPort);
    const securePort = await bind(secure, options.securePort);
    return {
      port,
      securePort,
      submissionPort,
      close: async () => {
        await Promise.all([plain, submissionServer, secure].map(close));
      },
    };
  } catch (err) {
    await Promise.all(listening.map(close));
    throw err;
  }
}

/** How often a stopping server looks again for sessions that turned idle. */
const IDLE_SWEEP_MS = 100;

/** The session state smtp-server keeps on each connection (pinned version 3.21.6). */
interface SessionState {
  _dataStream?: unknown;
  _handlerPending?: boolean;
  _closing?: boolean;
  send(code: number, message: string): void;
  close(): void;
}

function closeIdleSessions(server: PromptSMTPServer): void {
  const connections = (server as unknown as { connections: Set<SessionState> }).connections;
  for (const connection of connections) {
    if (connection._dataStream || connection._handlerPending || connection._closing) continue;
    connection.send(421, 'Server shutting down, try again later');
    connection.close();
  }
}
