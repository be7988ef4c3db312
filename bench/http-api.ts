/**
 * HTTP API throughput and latency: autocannon with N concurrent connections (default 50)
 * against a running Pigeonhole, with a Fastify hello-world on the same machine as the
 * ceiling, so each case reads as a fraction of what Fastify alone answers here.
 *
 * Cases, in order, each for `durationSeconds`:
 * - hello: `GET /` on bench/hello-server.ts (a forked child, stopped after its case)
 * - getEmail: `GET /emails/{id}`, rotating over 20 stored emails (the first read of each
 *   marks it read; every later one is a pure read)
 * - getInboxEmailsPaginated: `GET /inboxes/{inboxId}/emails/paginated?size=20` on the
 *   inbox that holds those 20 emails
 * - createInbox: `POST /inboxes`, one new inbox per request
 *
 * autocannon runs in this process; the servers are other processes. On a small machine it
 * takes CPU from them, the same for every case, so the ratios stay comparable.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { apiOf } from './systems.js';

const HELLO_SERVER = fileURLToPath(new URL('./hello-server.ts', import.meta.url));
const STORED_EMAILS = 20;

export interface HttpApiCase {
  name: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** connection errors and timeouts */
  errors: number;
  non2xx: number;
  /** requestsPerSec / the hello case's, 2 decimals; null for hello itself */
  vsHello: number | null;
}

export interface HttpApiResult {
  connections: number;
  durationSeconds: number;
  cases: HttpApiCase[];
}

export interface HttpApiOptions {
  /** base URL of a running Pigeonhole (bench/systems.ts startPigeonhole) */
  url: string;
  apiKey: string;
  durationSeconds: number;
  connections?: number;
}

export async function httpApiBench(options: HttpApiOptions): Promise<HttpApiResult> {
  const connections = options.connections ?? 50;
  const duration = options.durationSeconds;
  const headers = { 'x-api-key': options.apiKey };
  const cases: HttpApiCase[] = [];
  const measure = async (name: string, opts: autocannon.Options) => {
    const result = await autocannon({ connections, duration, ...opts });
    const hello = cases[0]?.requestsPerSec;
    cases.push({
      name,
      requestsPerSec: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
      vsHello: hello ? Math.round((result.requests.average / hello) * 100) / 100 : null,
    });
  };

  const helloServer = fork(HELLO_SERVER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const [{ port }] = (await once(helloServer, 'message')) as [{ port: number }];
    await measure('hello', { url: `http://127.0.0.1:${port}/` });
  } finally {
    // it exits when its IPC channel closes
    if (helloServer.connected) helloServer.disconnect();
    if (helloServer.exitCode === null && helloServer.signalCode === null) await once(helloServer, 'exit');
  }

  const { inboxId, emailIds } = await storeEmails(options.url, options.apiKey);
  // autocannon walks the requests array in turn on each connection: the ids rotate
  await measure('getEmail', {
    url: options.url,
    headers,
    requests: emailIds.map((id) => ({ method: 'GET' as const, path: `/emails/${id}` })),
  });
  await measure('getInboxEmailsPaginated', { url: `${options.url}/inboxes/${inboxId}/emails/paginated?size=20`, headers });
  await measure('createInbox', { url: `${options.url}/inboxes`, method: 'POST', headers });

  return { connections, durationSeconds: duration, cases };
}

/** An inbox with 20 emails stored through the import API (no SMTP needed). */
async function storeEmails(url: string, apiKey: string): Promise<{ inboxId: string; emailIds: string[] }> {
  const api = apiOf(url, apiKey);
  const inbox = await api<{ id: string; emailAddress: string }>('POST', '/inboxes');
  const emailIds: string[] = [];
  for (let i = 0; i < STORED_EMAILS; i++) {
    const raw = [
      'From: Bench <bench@example.com>',
      `To: ${inbox.emailAddress}`,
      `Subject: HTTP API bench ${i}`,
      `Message-ID: <http-api-${i}-${Date.now()}@example.com>`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Message ${i} of the HTTP API benchmark: a short plain-text body.`,
      '',
    ].join('\r\n');
    const email = await api<{ id: string }>('POST', `/inboxes/${inbox.id}/emails/import`, {
      rawEmailBase64: Buffer.from(raw).toString('base64'),
    });
    emailIds.push(email.id);
  }
  return { inboxId: inbox.id, emailIds };
}

/** The results as a Markdown table for the report. */
export function httpApiTable(result: HttpApiResult): string {
  const rows = result.cases.map((c) =>
    `| ${c.name} | ${Math.round(c.requestsPerSec).toLocaleString('en-US')} | ${c.p50Ms} ms | ${c.p99Ms} ms | ${c.errors + c.non2xx} | ${c.vsHello === null ? '—' : `${c.vsHello.toFixed(2)}×`} |`,
  );
  return [
    `${result.connections} connections, ${result.durationSeconds} s per case (autocannon)`,
    '',
    '| case | req/s | p50 | p99 | errors+non-2xx | vs Fastify hello-world |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}
