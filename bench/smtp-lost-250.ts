/**
 * `tsx bench/smtp-lost-250.ts [--postgres URL] [--messages N] [--window MS]`: how many
 * messages are stored twice when SMTP clients never see their 250 and retry (issue 15,
 * finding 1's tail). Each message is sent on a connection that is dropped right after the
 * terminating dot (the client never reads the answer), then sent again, whole, on a new
 * connection that waits for its 250. Prints the emails stored per inbox; ideal = 1 each.
 * `--window 0` is the behaviour without retry dedupe. Needs `npm run build`.
 */
import net from 'node:net';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { postgresSchema, startPigeonhole } from './systems.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const messages = Number(arg('--messages') ?? 200);
const window = arg('--window');
const postgres = arg('--postgres');

/** Sends one message; with `drop` the connection is destroyed right after the dot, unanswered. */
async function smtpSend(port: number, to: string, raw: string, drop: boolean): Promise<string | undefined> {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  const waiters: Array<() => void> = [];
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('latin1');
    while (waiters.length && /^\d{3} [^\r\n]*\r\n/m.test(buffer)) waiters.shift()!();
  });
  const reply = async () => {
    if (!/^\d{3} [^\r\n]*\r\n/m.test(buffer)) await new Promise<void>((resolve) => waiters.push(resolve));
    const match = /^(\d{3} [^\r\n]*)\r\n/m.exec(buffer)!;
    buffer = buffer.slice(match.index + match[0].length);
    return match[1]!;
  };
  await once(socket, 'connect');
  await reply();
  for (const command of ['EHLO bench', 'MAIL FROM:<sender@example.com>', `RCPT TO:<${to}>`, 'DATA']) {
    socket.write(`${command}\r\n`);
    const answer = await reply();
    if (!/^[23]/.test(answer)) throw new Error(`${command}: ${answer}`);
  }
  socket.write(`${raw}\r\n.\r\n`);
  if (drop) {
    socket.destroy();
    return undefined;
  }
  const answer = await reply();
  socket.end('QUIT\r\n');
  return answer;
}

const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-lost-250-'));
const schema = postgres ? await postgresSchema(postgres) : undefined;
const databaseUrl = schema?.url;
const server = await startPigeonhole({
  dataDir, databaseUrl, apiKey: `ph_bench_${randomBytes(8).toString('hex')}`,
  env: window === undefined ? {} : { PIGEONHOLE_SMTP_DEDUPE_WINDOW: window },
});
try {
  const inbox = await server.api<{ id: string; emailAddress: string }>('POST', '/inboxes');
  for (let i = 0; i < messages; i++) {
    const raw = [
      'From: sender@example.com', `To: ${inbox.emailAddress}`, `Subject: lost 250 #${i}`,
      `Message-ID: <${randomUUID()}@example.com>`, 'Date: Tue, 24 Nov 2026 10:00:00 +0000', '', `body ${i}`,
    ].join('\r\n');
    await smtpSend(server.smtpPort, inbox.emailAddress, raw, true);
    const answer = await smtpSend(server.smtpPort, inbox.emailAddress, raw, false);
    if (!answer?.startsWith('250')) throw new Error(`retry answered ${answer}`);
  }
  const { totalElements: count } = await server.api<{ totalElements: number }>('GET', `/inboxes/${inbox.id}/emails/count`);
  console.log(JSON.stringify({ database: postgres ? 'postgres' : 'sqlite', window: window ?? 'default', messages, stored: count, duplicates: count - messages }));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await schema?.drop();
}
