/**
 * The server's own threads carry names the operating system shows (core/thread-name.ts), so
 * `top -H` and the benchmark's per-thread CPU report can tell the mail workers and the SQLite
 * ingest writer from V8's and libuv's helper threads. Linux only: elsewhere threads stay unnamed.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { createDatabase, dialects } from '../helpers/dialects.js';
import { startServeProcess } from '../helpers/process.js';

const threadNames = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).map((tid) => readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim());

for (const dialect of dialects()) {
  describe(`thread names [${dialect}]`, { skip: process.platform !== 'linux' && 'threads are named on Linux only' }, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-threads-'));
    let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
    after(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    });

    test('the mail workers, and on SQLite the ingest writer, are named once mail has been stored', { timeout: 60_000 }, async () => {
      const apiKey = `ph_threads_${randomBytes(8).toString('hex')}`;
      const env: Record<string, string> = { PIGEONHOLE_DATA_DIR: dataDir, PIGEONHOLE_API_KEY: apiKey, PIGEONHOLE_PARSE_THREADS: '2', PIGEONHOLE_SMTP_PORT: '0' };
      if (dialect === 'postgres') {
        database = await createDatabase('ph_threads');
        env.PIGEONHOLE_DATABASE_URL = database.url;
      }
      const server = await startServeProcess(env);
      try {
        const api = async <T>(method: string, path: string): Promise<T> => {
          const response = await fetch(`${server.url}${path}`, { method, headers: { 'x-api-key': apiKey } });
          assert.ok(response.ok, `${method} ${path} → ${response.status}`);
          return (await response.json()) as T;
        };
        const inbox = await api<{ id: string; emailAddress: string }>('POST', '/inboxes');
        const smtpPort = Number(/SMTP[^\n]*?:(\d+)/.exec(server.output())?.[1]);
        assert.ok(smtpPort > 0, `the banner names the SMTP port: ${server.output()}`);
        await nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true })
          .sendMail({ from: 'someone@example.test', to: inbox.emailAddress, subject: 'names', text: 'hello' });
        await api('GET', `/waitForLatestEmail?inboxId=${inbox.id}&timeout=20000`);

        const names = threadNames(server.child.pid!);
        assert.equal(names.filter((n) => n === 'ph-mail').length, 2, `two mail workers among ${names.join(', ')}`);
        assert.equal(names.includes('ph-ingest-write'), dialect === 'sqlite', `the ingest writer (SQLite only) among ${names.join(', ')}`);
        // the main thread keeps the process's name, which ps and pgrep match
        assert.equal(readFileSync(`/proc/${server.child.pid}/comm`, 'utf8').trim(), 'node');
      } finally {
        await server.stop();
      }
    });
  });
}
