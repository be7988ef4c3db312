/**
 * Answered 250 means stored: the built binary is killed with SIGKILL in the middle of a
 * stream of messages from concurrent SMTP sessions, restarted on the same data, and every
 * message that got its 250 before the kill must be there. (A 250 sent before the commit
 * would lose the messages in flight at the kill.)
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Session, messageOf } from '../../bench/loadgen.js';
import { adminQuery, dialects, postgresUrl } from '../helpers/databases.js';
import { startServeProcess } from '../helpers/process.js';

const SESSIONS = 10;
/** the kill comes once this many messages have been answered 250 */
const KILL_AFTER = 150;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

for (const dialect of dialects()) {
  describe(`durability of acknowledged mail [${dialect}]`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-durability-'));
    let database: string | undefined;
    after(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (database) await adminQuery(postgresUrl()!, `drop database if exists ${database} with (force)`);
    });

    test('kill -9 during a stream of messages loses none that were answered 250', { timeout: 120_000 }, async () => {
      const apiKey = `ph_durability_${randomBytes(8).toString('hex')}`;
      const env: Record<string, string> = { PIGEONHOLE_DATA_DIR: dataDir, PIGEONHOLE_API_KEY: apiKey, PIGEONHOLE_SMTP_PORT: String(await freePort()) };
      if (dialect === 'postgres') {
        database = `ph_durability_${randomBytes(5).toString('hex')}`;
        await adminQuery(postgresUrl()!, `create database ${database}`);
        const url = new URL(postgresUrl()!);
        url.pathname = `/${database}`;
        env.PIGEONHOLE_DATABASE_URL = url.toString();
      }
      const port = Number(env.PIGEONHOLE_SMTP_PORT);
      const first = await startServeProcess(env);
      const api = async <T>(base: string, method: string, path: string): Promise<T> => {
        const response = await fetch(`${base}${path}`, { method, headers: { 'x-api-key': apiKey } });
        assert.ok(response.ok, `${method} ${path} → ${response.status}`);
        return (await response.json()) as T;
      };
      const inbox = await api<{ id: string; emailAddress: string }>(first.url, 'POST', '/inboxes');

      const acknowledged = new Set<string>();
      let next = 0;
      let killed = false;
      let reachedKillPoint!: () => void;
      const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
      const sender = async () => {
        const session = await Session.open(port);
        const step = async (line: string | Buffer | null, code: number) => {
          const [got] = line === null ? await session.reply() : await session.command(line);
          if (got !== code) throw new Error(`expected ${code}, got ${got}`);
        };
        try {
          await step(null, 220);
          await step('EHLO durability.test\r\n', 250);
          while (!killed) {
            const subject = `durable ${next++}`;
            await step('MAIL FROM:<sender@durability.test>\r\n', 250);
            await step(`RCPT TO:<${inbox.emailAddress}>\r\n`, 250);
            await step('DATA\r\n', 354);
            const body = messageOf({ from: 'sender@durability.test', to: inbox.emailAddress, sizeBytes: 2048 }, 0)
              .toString()
              .replace(/^Subject: .*$/m, `Subject: ${subject}`);
            await step(`${body}.\r\n`, 250);
            acknowledged.add(subject);
            if (acknowledged.size >= KILL_AFTER) reachedKillPoint();
          }
        } catch {
          // the connection dies with the server: the message in flight was never acknowledged
        } finally {
          session.close();
        }
      };
      const senders = Array.from({ length: SESSIONS }, sender);
      await killPoint;
      killed = true;
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      await Promise.all(senders);
      const acknowledgedAtKill = [...acknowledged];
      assert.ok(acknowledgedAtKill.length >= KILL_AFTER);

      const second = await startServeProcess(env);
      try {
        const stored = new Set<string>();
        for (let page = 0; ; page++) {
          const slice = await api<{ content: Array<{ subject: string }>; last: boolean }>(
            second.url, 'GET', `/inboxes/${inbox.id}/emails/paginated?size=100&page=${page}`,
          );
          for (const email of slice.content) stored.add(email.subject);
          if (slice.last) break;
        }
        const lost = acknowledgedAtKill.filter((subject) => !stored.has(subject));
        assert.deepEqual(lost, [], `acknowledged with 250 but missing after the restart (of ${acknowledgedAtKill.length})`);
      } finally {
        await second.stop();
      }
    });
  });
}
