/**
 * `npx tsx bench/auth-limits.ts [sqlite|postgres]` (postgres: PIGEONHOLE_TEST_DATABASE_URL set)
 *
 * The figures of issue 15's finding 7 with the default settings: 3,000 wrong API keys (50 at a
 * time), 500 failed SMTP AUTH (10 sessions at a time, each going on until closed), 300 failed
 * IMAP LOGIN (likewise), and 1,500 silent connections to each of HTTP, IMAP and SMTP (counted
 * as accepted when not refused or closed 1 s later). Each part comes from its own loopback
 * address (127.0.0.x, Linux), so one lockout does not spill into the next part.
 */
import { connect, type Socket } from 'node:net';
import { Agent, request } from 'node:http';
import { startTestServer } from '../test/helpers/server.js';

const dialect = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const server = await startTestServer(dialect, { env: {} });
const { smtpPort, imapPort } = server.server;
const httpPort = Number(new URL(server.url).port);

/** GET /inboxes with `key` over a keep-alive agent bound to one source address; the status. */
function get(agent: Agent, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/inboxes`, { agent, headers: { 'x-api-key': key } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
const agentFrom = (localAddress: string) => new Agent({ keepAlive: true, maxSockets: 50, localAddress });

/** the right key from an address that sent none of the wrong ones */
async function rightKeyElsewhere() {
  const agent = agentFrom('127.0.0.8');
  const status = await get(agent, server.adminKey);
  agent.destroy();
  return status;
}

/** Reads CRLF lines from a socket. */
function lines(socket: Socket) {
  let buffer = '';
  const queue: string[] = [];
  const waiting: Array<(l: string | null) => void> = [];
  let closed = false;
  socket.on('data', (d) => {
    buffer += d.toString('latin1');
    let i;
    while ((i = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, i); buffer = buffer.slice(i + 2);
      const w = waiting.shift(); if (w) w(line); else queue.push(line);
    }
  });
  socket.on('close', () => { closed = true; while (waiting.length) waiting.shift()!(null); });
  socket.on('error', () => {});
  return { next: () => new Promise<string | null>((r) => (queue.length ? r(queue.shift()!) : closed ? r(null) : waiting.push(r))) };
}
const open = (port: number, localAddress: string) => new Promise<Socket>((resolve, reject) => {
  const s = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(s)); s.once('error', reject);
});

async function http(n: number) {
  const agent = agentFrom('127.0.0.2');
  const counts: Record<number, number> = {};
  const start = performance.now();
  let i = 0;
  await Promise.all(Array.from({ length: 50 }, async () => {
    while (i++ < n) {
      const status = await get(agent, `wrong-${i}`);
      counts[status] = (counts[status] ?? 0) + 1;
    }
  }));
  agent.destroy();
  return { counts, ms: Math.round(performance.now() - start) };
}

async function smtp(n: number) {
  const counts: Record<string, number> = {};
  const start = performance.now();
  let done = 0;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (done < n) {
      const s = await open(smtpPort, '127.0.0.3'); const l = lines(s);
      await l.next(); s.write('EHLO x\r\n');
      let line; while ((line = await l.next()) && line.startsWith('250-'));
      while (done < n) {
        done++;
        s.write(`AUTH PLAIN ${Buffer.from('\0nobody\0wrong').toString('base64')}\r\n`);
        const reply = await l.next();
        const code = reply?.slice(0, 3) ?? 'closed';
        counts[code] = (counts[code] ?? 0) + 1;
        if (!reply || code === '421') break;
      }
      s.destroy();
    }
  }));
  return { counts, ms: Math.round(performance.now() - start) };
}

async function imap(n: number) {
  const counts: Record<string, number> = {};
  const start = performance.now();
  let done = 0;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (done < n) {
      const s = await open(imapPort, '127.0.0.4'); const l = lines(s);
      await l.next();
      while (done < n) {
        done++;
        s.write(`a LOGIN nobody wrong\r\n`);
        let reply; while ((reply = await l.next()) && !reply.startsWith('a ') && !reply.startsWith('* BYE'));
        const kind = reply ? reply.split(' ').slice(0, 3).join(' ') : 'closed';
        counts[kind] = (counts[kind] ?? 0) + 1;
        if (!reply || reply.startsWith('* BYE')) break;
      }
      s.destroy();
    }
  }));
  return { counts, ms: Math.round(performance.now() - start) };
}

/** Opens n silent connections, then counts those the server has not closed 1 s later. */
async function idle(port: number, n: number, localAddress: string) {
  const sockets: Socket[] = [];
  let closed = 0; let failed = 0;
  for (let i = 0; i < n; i++) {
    try {
      const s = await open(port, localAddress); let gone = false;
      const off = () => { if (!gone) { gone = true; closed++; } };
      s.on('close', off); s.on('error', () => {}); sockets.push(s);
      // A refusal written before the close counts as one already (421, BYE, 503).
      s.once('data', (d) => { if (/^(421|\* BYE|HTTP\/1\.1 503)/.test(d.toString())) off(); });
    } catch { failed++; }
  }
  await new Promise((r) => setTimeout(r, 1000));
  const open_ = sockets.length - closed;
  for (const s of sockets) s.destroy();
  return { accepted: open_, refused: closed + failed };
}

const report: Record<string, unknown> = { dialect };
report.http3000WrongKeys = await http(3000);
report.rightKeyFromAnotherAddress = await rightKeyElsewhere();
report.smtp500AuthFailures = await smtp(500);
report.imap300LoginFailures = await imap(300);
report.idleHttp1500 = await idle(httpPort, 1500, '127.0.0.5');
report.idleImap1500 = await idle(imapPort, 1500, '127.0.0.6');
report.idleSmtp1500 = await idle(smtpPort, 1500, '127.0.0.7');
console.log(JSON.stringify(report));
await server.close();
process.exit(0);
