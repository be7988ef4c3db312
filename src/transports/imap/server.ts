import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createSecureContext, createServer as createTlsServer } from 'node:tls';
import type { LogSink } from '../../core/logger.js';
import type { EventBus } from '../../events/bus.js';
import type { AccessService } from '../../modules/access/access.service.js';
import type { ImapMailboxService } from '../../modules/imap/imap.service.js';
import type { TlsMaterial } from '../tls.js';
import type { AuthThrottle } from '../auth-throttle.js';
import { ConnectionCounter } from '../connection-limits.js';
import { ImapSession } from './session.js';

export interface ImapOptions {
  host: string;
  /** plain, with STARTTLS offered */
  port: number;
  /** implicit TLS */
  securePort: number;
  tls: TlsMaterial;
  /** longest command, literals included (no APPEND here, so commands stay small) */
  maxCommandBytes?: number;
  idleTimeoutMs?: number;
  /** silence allowed before LOGIN; the RFC 3501 autologout (idleTimeoutMs) applies only after it */
  loginTimeoutMs?: number;
  /** lockouts after failed logins, per address, shared with HTTP and SMTP; none = no lockouts */
  authThrottle?: AuthThrottle;
  /** connections over both listeners: per address and in all; 0 or none = no limit */
  connectionsPerSource?: number;
  maxConnections?: number;
}

export interface RunningImap {
  port: number;
  securePort: number;
  close(): Promise<void>;
}

export interface ImapServices {
  mailboxes: ImapMailboxService;
  access: AccessService;
  bus: EventBus;
}

/** The IMAP listeners: plain with STARTTLS, and implicit TLS, with the SMTP certificate. */
export async function startImap(options: ImapOptions, services: ImapServices, log: LogSink): Promise<RunningImap> {
  const secureContext = createSecureContext({ key: options.tls.key, cert: options.tls.cert });
  const sessions = new Set<ImapSession>();
  const deps = {
    ...services,
    log,
    secureContext,
    maxCommandBytes: options.maxCommandBytes ?? 1024 * 1024,
    idleTimeoutMs: options.idleTimeoutMs ?? 30 * 60 * 1000,
    loginTimeoutMs: options.loginTimeoutMs ?? 60 * 1000,
    authThrottle: options.authThrottle,
  };
  const connections = new ConnectionCounter({ perSource: options.connectionsPerSource ?? 0, total: options.maxConnections ?? 0 });
  const open = (socket: Socket, isTls: boolean) => {
    const admitted = connections.admit(socket.remoteAddress);
    if ('reason' in admitted) {
      // RFC 3501 §7.1.5: BYE as the greeting refuses the connection.
      socket.on('error', () => socket.destroy());
      socket.end(`* BYE ${admitted.reason}\r\n`);
      return;
    }
    socket.once('close', admitted.release);
    const session = new ImapSession(socket, deps, isTls);
    sessions.add(session);
    socket.on('close', () => sessions.delete(session));
  };
  const plain = createServer((socket) => open(socket, false));
  const secure = createTlsServer({ key: options.tls.key, cert: options.tls.cert }, (socket) => open(socket, true));
  // A failed handshake is the client's problem, not the server's.
  secure.on('tlsClientError', () => {});
  const listen = (server: Server, port: number) => new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, options.host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
  const closeServer = (server: Server) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  try {
    const port = await listen(plain, options.port);
    const securePort = await listen(secure, options.securePort);
    return {
      port,
      securePort,
      async close() {
        for (const session of sessions) session.shutdown();
        await Promise.all([closeServer(plain), closeServer(secure)]);
      },
    };
  } catch (err) {
    await Promise.all([closeServer(plain), closeServer(secure)]);
    throw err;
  }
}
