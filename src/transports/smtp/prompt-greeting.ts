import type net from 'node:net';
import type tls from 'node:tls';
import { SMTPServer } from 'smtp-server';
import { SMTPConnection, type SMTPConnectionOptions } from 'smtp-server/lib/smtp-connection.js';

/*
 * smtp-server waits a fixed 100 ms before its 220 greeting ("a small delay for detecting early
 * talkers", in SMTPConnection.init, with no option to turn it off). With one message per
 * connection that caps 20 concurrent senders near 190 messages/s whatever the server does.
 * A test mail catcher on loopback has nothing to gain from early-talker detection, so we
 * greet at once.
 *
 * How: smtp-server is pinned to one exact version in package.json, and the two methods we
 * replace are checked against the source we copied them from when this module loads. An
 * upgrade that changes either one stops the process at startup with a message pointing here,
 * instead of silently bringing the delay back or breaking the session setup. We chose this
 * over a fork (we would have to follow every security fix by hand) and over our own SMTP
 * layer (a large protocol surface — STARTTLS, AUTH, PIPELINING, size limits, dot-stuffing —
 * that smtp-server gets right and keeps hardened).
 */

/** The upstream source of the methods we override, compared without comments and whitespace. */
const UPSTREAM_INIT = `init() {
  this._setListeners(() => {
    if (this._server.options.maxClients && this._server.connections.size > this._server.options.maxClients) {
      return this.send(421, this.name + ' Too many connected clients, try again in a moment', false);
    }
    let readyTimer = setTimeout(() => this.connectionReady(), 100);
    readyTimer.unref();
  });
}`;

const UPSTREAM_CONNECT = `connect(socket, socketOptions) {
  let connection = new SMTPConnection(this, socket, socketOptions);
  this.connections.add(connection);
  connection.on('error', err => this._onError(err));
  connection.on('connect', data => this._onClientConnect(data));
  connection.init();
}`;

/** Source text with comments and all whitespace removed, so formatting changes do not count. */
export const codeShape = (source: string): string =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"])\/\/.*$/gm, '$1')
    .replace(/\s+/g, '');

/** Throws unless `actual` is, modulo comments and whitespace, the source we copied. */
export function assertUpstreamShape(what: string, actual: { toString(): string }, expected: string): void {
  if (codeShape(actual.toString()) !== codeShape(expected)) {
    throw new Error(
      `smtp-server's ${what} is not the code Pigeonhole's prompt-greeting override was written against. ` +
        'smtp-server must stay on the exact version pinned in package.json; after an upgrade, review ' +
        'src/transports/smtp/prompt-greeting.ts against the new source and update the copy there.',
    );
  }
}

assertUpstreamShape('SMTPConnection.prototype.init', SMTPConnection.prototype.init, UPSTREAM_INIT);
assertUpstreamShape('SMTPServer.prototype.connect', SMTPServer.prototype.connect, UPSTREAM_CONNECT);

/** SMTPConnection.init without the 100 ms wait: the greeting goes out as soon as the session is set up. */
class PromptConnection extends SMTPConnection {
  override init(): void {
    this._setListeners(() => {
      const { options, connections } = this._server;
      if (options.maxClients && connections.size > options.maxClients) {
        return this.send(421, this.name + ' Too many connected clients, try again in a moment', false);
      }
      this.connectionReady();
    });
  }
}

/** An SMTPServer whose connections greet at once; everything else is upstream's. */
export class PromptSMTPServer extends SMTPServer {
  override connect(socket: net.Socket | tls.TLSSocket, socketOptions?: SMTPConnectionOptions | null): void {
    const connection = new PromptConnection(this, socket, socketOptions);
    this.connections.add(connection);
    connection.on('error', (err) => this._onError(err));
    connection.on('connect', (data) => this._onClientConnect(data));
    connection.init();
  }
}
