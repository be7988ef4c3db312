import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMessage {
  from: string;
  to: string[];
  raw: Buffer;
}

/**
 * A second, independent SMTP server standing in for a smarthost: it keeps what it
 * accepts and refuses any recipient whose local part starts with "reject". With
 * `refuseDataMatching`, a message whose bytes match is refused whole at DATA (554).
 */
export async function startRelayServer(
  options: { refuseDataMatching?: RegExp } = {},
): Promise<{ url: string; received: CapturedMessage[]; close(): Promise<void> }> {
  const received: CapturedMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('reject')) {
        return callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        if (options.refuseDataMatching?.test(raw.toString('utf8'))) {
          return callback(Object.assign(new Error('5.7.1 Message content rejected'), { responseCode: 554 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
