import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import type { LogSink } from '../../core/logger.js';
import { RecipientRefused, type IngestService } from '../../modules/email/ingest.service.js';
import type { InboxRecord } from '../../storage/ports.js';
import type { TlsMaterial } from '../tls.js';

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

/** An Error carrying the SMTP reply code smtp-server sends back. */
const reply = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * The MX-like listeners: plain with STARTTLS, and implicit TLS. Any inbox address of any
 * tenant is accepted without authentication; anything else is 550 (never a relay). The
 * 250 after DATA is sent only once the message is committed.
 */
export async function startSmtp(options: SmtpOptions, ingest: IngestService, log: LogSink): Promise<RunningSmtp> {
  const recipients = new WeakMap<SMTPServerSession, InboxRecord[]>();

  const shared: SMTPServerOptions = {
    name: options.serverName,
    banner: 'Pigeonhole ESMTP',
    key: options.tls.key,
    cert: options.tls.cert,
    size: options.maxMessageSize,
    maxClients: options.maxConnections,
    socketTimeout: options.idleTimeoutMs,
    authOptional: true,
    // Submission with per-inbox credentials is not built yet: no AUTH is offered.
    disabledCommands: ['AUTH'],
    logger: false,

    onMailFrom(_address, session, callback) {
      recipients.set(session, []);
      callback();
    },

    onRcptTo(address, session, callback) {
      const accepted = recipients.get(session) ?? [];
      if (accepted.length >= options.maxRecipients) {
        return callback(reply(452, `Too many recipients: at most ${options.maxRecipients} per message`));
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

  const plain = new SMTPServer({ ...shared, secure: false });
  const secure = new SMTPServer({ ...shared, secure: true });
  for (const server of [plain, secure]) server.on('error', (err) => log.warn({ err }, 'smtp: connection error'));

  const listen = (server: SMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, options.host, () => {
        server.server.off('error', reject);
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  const close = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

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
