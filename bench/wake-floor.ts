/**
 * The floors of the wake-latency benchmark: what the same client measures against a server
 * doing nothing but the protocol, so Pigeonhole's figures read as ratios against this
 * machine rather than as absolute numbers. Run as a forked child
 * (`fork('bench/wake-floor.ts', ['bare' | 'durable'])`); it sends `{ httpPort, smtpPort }`.
 *
 * - bare: a mail's end of DATA answers the request held for its inbox at once (no parsing,
 *   no storage): the cost of the two connections and of waking two processes.
 * - durable: the message is first committed to SQLite (WAL, synchronous=FULL, one fsync),
 *   as a 250 from Pigeonhole promises: the least any durable server must add to bare.
 *
 * HTTP: `POST /inboxes` → `{ id, emailAddress }`; `GET /waitForLatestEmail?inboxId=…` held
 * until mail for that address arrives, answered with `{ id, inboxId, body }`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { listenMinimalSmtp } from './minimal-smtp.js';

const mode = process.argv[2] === 'durable' ? 'durable' : 'bare';
const DOMAIN = 'floor.test';

const dir = mkdtempSync(join(os.tmpdir(), 'pigeonhole-floor-'));
const db = new SQLite(join(dir, 'floor.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('create table emails (id text primary key, inbox_id text not null, raw blob not null, created_at integer not null)');
const insert = db.prepare('insert into emails (id, inbox_id, raw, created_at) values (?, ?, ?, ?)');

/** inbox id → the response held for it */
const held = new Map<string, http.ServerResponse>();

const httpServer = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  if (request.method === 'POST' && url.pathname === '/inboxes') {
    const id = randomUUID();
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id, emailAddress: `${id}@${DOMAIN}` }));
  } else if (request.method === 'GET' && url.pathname === '/waitForLatestEmail') {
    held.set(url.searchParams.get('inboxId') ?? '', response);
  } else {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));

const smtp = await listenMinimalSmtp((data, recipients) => {
  for (const address of recipients) {
    const inboxId = address.split('@')[0]!;
    const id = randomUUID();
    if (mode === 'durable') insert.run(id, inboxId, data, Date.now());
    const response = held.get(inboxId);
    held.delete(inboxId);
    response?.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, inboxId, body: data.toString('utf8') }));
  }
});

process.send?.({ httpPort: (httpServer.address() as AddressInfo).port, smtpPort: smtp.port });
process.on('disconnect', () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
