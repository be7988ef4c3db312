import type { AddressInfo } from 'node:net';
import type { SMTPServerOptions, SMTPServerSession } from 'smtp-server';
import { AppError } from '../../core/errors.js';
import type { LogSink } from '../../core/logger.js';
import { RecipientRefused, type IngestService } from '../../modules/email/ingest.service.js';
import type { AccessService, MailLogin } from '../../modules/access/access.service.js';
import type { SendingService } from '../../modules/sending/sending.service.js';
import type { InboxRecord } from '../../storage/ports.js';
import type { TlsMaterial } from '../tls.js';
import { PromptSMTPServer } from './prompt-greeting.js';

export interface SmtpOptions {
  host: string;
  port: number;
  securePort: number;
  /** name in the greeting and EHLO */
  serverName: string;
  maxMessageSize: number;
  maxRecipients: number;
  maxConnections: number;
  idleTimeoutMs: number;
  tls: TlsMaterial;
}

export interface RunningSmtp {
  port: number;
  securePort: number;
  close(): Promise<void>;
}

export interface SmtpServices {
  ingest: IngestService;
  access: AccessService;
  sending: SendingService;
}

/** What an authenticated (submission) session has said so far. */
interface Submission {
  sender?: InboxRecord;
  rcptTo: string[];
}

/** An Error carrying the SMTP reply code smtp-server sends back. */
const reply = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * The listeners: plain with STARTTLS, and implicit TLS. Without AUTH a session is an MX:
 * any inbox address of any tenant is accepted, anything else is 550 (never a relay). With
 * AUTH (an inbox's or tenant's login from getSmtpAccess) it is a submission: MAIL FROM must
 * be an inbox the login owns, any recipient is accepted, and the message is sent as
 * sendEmail sends. Either way the 250 after DATA comes only once the message is committed.
 */
export async function startSmtp(options: SmtpOptions, services: SmtpServices, log: LogSink): Promise<RunningSmtp> {
  const { ingest, access, sending } = services;
  const recipients = new WeakMap<SMTPServerSession, InboxRecord[]>();
  const submissions = new WeakMap<SMTPServerSession, Submission>();
  const loginOf = (session: SMTPServerSession) => session.user as MailLogin | undefined;

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
    // A test tool is mostly reached over loopback without TLS; clients that want TLS have
    // STARTTLS and the SMTPS port.
    allowInsecureAuth: true,
    logger: false,
    // Nothing uses the client's reverse-DNS name, and a PTR query per connection would put
    // the resolver's latency (up to smtp-server's 1.5 s timeout) before every greeting.
    disableReverseLookup: true,

    onAuth(auth, _session, callback) {
      access.authenticate('smtp', auth.username ?? '', auth.password ?? '').then(
        (login) => (login ? callback(null, { user: login }) : callback(reply(535, 'Authentication failed: wrong username or password'))),
        (err: unknown) => {
          log.error({ err }, 'smtp: checking a login failed');
          callback(reply(454, 'Temporary authentication failure; try again later'));
        },
      );
    },

    onMailFrom(address, session, callback) {
      recipients.set(session, []);
      const login = loginOf(session);
      if (!login) return callback();
      const submission: Submission = { rcptTo: [] };
      submissions.set(session, submission);
      access.senderFor(login, address.address).then(
        (inbox) => {
          if (!inbox) {
            const owns = login.inboxId ? 'its inbox' : "the account's inboxes";
            return callback(reply(553, `Sender ${address.address || '<>'} is not allowed: this login sends from ${owns} only`));
          }
          submission.sender = inbox;
          callback();
        },
        (err: unknown) => {
          log.error({ err }, 'smtp: sender lookup failed');
          callback(reply(451, 'Temporary failure looking up the sender; try again later'));
        },
      );
    },

    onRcptTo(address, session, callback) {
      const accepted = recipients.get(session) ?? [];
      const submission = submissions.get(session);
      const count = submission ? submission.rcptTo.length : accepted.length;
      if (count >= options.maxRecipients) {
        return callback(reply(452, `Too many recipients: at most ${options.maxRecipients} per message`));
      }
      if (submission) {
        // A submission may go anywhere: local inboxes, the relay, or capture.
        submission.rcptTo.push(address.address);
        return callback();
      }
      ingest.acceptRecipient(address.address).then(
        (inbox) => {
          if (!accepted.some((i) => i.id === inbox.id)) accepted.push(inbox);
          recipients.set(session, accepted);
          callback();
        },
        (err: unknown) => {
          if (err instanceof RecipientRefused) return callback(reply(550, err.message));
          log.error({ err }, 'smtp: recipient lookup failed');
          callback(reply(451, 'Temporary failure looking up the recipient; try again later'));
        },
      );
    },

    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          return callback(reply(552, `Message exceeds the maximum size of ${options.maxMessageSize} bytes`));
        }
        const submission = submissions.get(session);
        if (submission?.sender) {
          const { sender, rcptTo } = submission;
          submission.rcptTo = [];
          return sending.submit(sender, rcptTo, Buffer.concat(chunks)).then(
            ({ sent }) => callback(null, `Message sent as ${sent.id}`),
            (err: unknown) => {
              if (err instanceof AppError && err.code === 'BAD_REQUEST') return callback(reply(550, err.message));
              log.error({ err }, 'smtp: submitting a message failed');
              callback(reply(451, 'Message not sent because of a local error; try again later'));
            },
          );
        }
        const inboxes = recipients.get(session) ?? [];
        ingest.deliver(Buffer.concat(chunks), inboxes).then(
          (stored) => callback(null, `Message stored in ${stored.length} inbox${stored.length === 1 ? '' : 'es'}`),
          (err: unknown) => {
            log.error({ err }, 'smtp: storing a message failed');
            callback(reply(451, 'Message not stored because of a local error; try again later'));
          },
        );
      });
    },
  };

  // PromptSMTPServer: smtp-server without its fixed 100 ms pause before the greeting.
  const plain = new PromptSMTPServer({ ...shared, secure: false });
  const secure = new PromptSMTPServer({ ...shared, secure: true });
  // A port that cannot be bound is startSmtp's rejection (one line at start-up), not a log entry.
  for (const server of [plain, secure]) server.on('error', (err) => (err as NodeJS.ErrnoException).syscall === 'listen' || log.warn({ err }, 'smtp: connection error'));

  const listen = (server: PromptSMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, options.host, () => {
        server.server.off('error', reject);
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  const close = (server: PromptSMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

  const port = await listen(plain, options.port);
  let securePort: number;
  try {
    securePort = await listen(secure, options.securePort);
  } catch (err) {
    await close(plain);
    throw err;
  }
  return {
    port,
    securePort,
    close: async () => {
      await Promise.all([close(plain), close(secure)]);
    },
  };
}
