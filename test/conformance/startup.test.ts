/**
 * What `pigeonhole serve` says at start, black-box through the built CLI: every listening
 * address (each one answered on), where the admin key is on every start, and a port in use
 * stopping the start with one line that names the port and the setting that moves it,
 * leaving no admin key behind. Imports nothing from src/.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, connect as tcpConnect, type AddressInfo, type Server } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDatabase, dialects } from '../helpers/dialects.js';
import { serveUntilExit, startServeProcess } from '../helpers/process.js';

/** The rows of the banner: name → the address printed. */
function listenersOf(banner: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of banner.matchAll(/^ {2}(Dashboard|HTTP|SMTP submission|SMTP secure|SMTP|IMAP secure|IMAP) +(\S+)/gm)) rows.set(match[1]!, match[2]!);
  return rows;
}

/** The first bytes a mail listener sends (its greeting), over TCP or TLS. */
async function greetingAt(address: string): Promise<string> {
  const url = new URL(address);
  const port = Number(url.port);
  const secure = url.protocol === 'smtps:' || url.protocol === 'imaps:';
  const socket = secure
    ? tlsConnect({ host: url.hostname, port, rejectUnauthorized: false }) // the generated certificate: trusting it is not what is tested here
    : tcpConnect({ host: url.hostname, port });
  try {
    const [chunk] = (await once(socket, 'data')) as [Buffer];
    return chunk.toString();
  } finally {
    socket.destroy();
  }
}

const occupy = async (): Promise<Server> => {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
};

const PORT_SETTINGS = [
  ['PIGEONHOLE_HTTP_PORT', '--http-port'],
  ['PIGEONHOLE_SMTP_PORT', '--smtp-port'],
  ['PIGEONHOLE_SMTP_SUBMISSION_PORT', '--smtp-submission-port'],
  ['PIGEONHOLE_SMTPS_PORT', '--smtps-port'],
  ['PIGEONHOLE_IMAP_PORT', '--imap-port'],
  ['PIGEONHOLE_IMAPS_PORT', '--imaps-port'],
] as const;

for (const dialect of dialects()) {
  describe(`start-up banner and failures [${dialect}]`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-startup-'));
    const env: Record<string, string> = { PIGEONHOLE_DATA_DIR: dataDir };
    const keyFile = join(dataDir, 'admin-api-key');
    let database: Awaited<ReturnType<typeof createDatabase>> | undefined;

    before(async () => {
      if (dialect === 'postgres') {
        database = await createDatabase('ph_startup');
        env.PIGEONHOLE_DATABASE_URL = database.url;
      }
    });
    after(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    });

    test('a port in use stops the start with one line naming the port and its setting, and no admin key is made', async () => {
      const taken = await occupy();
      const port = (taken.address() as AddressInfo).port;
      try {
        for (const [variable, flag] of PORT_SETTINGS) {
          const result = await serveUntilExit({ ...env, [variable]: String(port) });
          assert.equal(result.code, 1, `${variable}: exit code`);
          assert.equal(
            result.stderr,
            `Port ${port} on 127.0.0.1 is already in use: set ${variable} (or ${flag}) to a free port\n`,
            `${variable}: one line, no stack trace`,
          );
          assert.equal(result.stdout, '', `${variable}: no banner, no log lines`);
          assert.equal(existsSync(keyFile), false, `${variable}: a failed start leaves no admin key file`);
        }
      } finally {
        taken.close();
      }
    });

    test('the first successful start after them generates the admin key and lists every listening address', async () => {
      const serve = await startServeProcess(env);
      try {
        const banner = serve.output();
        const lines = banner.split('\n');
        assert.match(lines[0]!, new RegExp(`^Pigeonhole \\S+ listening on ${serve.url} \\(database: ${dialect}\\)$`));
        const printed = /\n {2}(ph_\S+)\n/.exec(banner);
        assert.ok(printed, `the generated key is shown:\n${banner}`);
        assert.equal(readFileSync(keyFile, 'utf8').trim(), printed[1], 'and saved');
        assert.match(banner, new RegExp(`saved to ${keyFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

        const rows = listenersOf(banner);
        assert.deepEqual([...rows.keys()], ['Dashboard', 'HTTP', 'SMTP', 'SMTP submission', 'SMTP secure', 'IMAP', 'IMAP secure']);
        assert.equal(rows.get('HTTP'), serve.url);
        assert.equal(rows.get('Dashboard'), `${serve.url}/`);
        assert.match(banner, /^ {2}SMTP +smtp:\S+ +.*\(PIGEONHOLE_SMTP_PORT\)$/m, 'each row names the setting that moves it');
        assert.match(banner, /^ {2}TLS certificate: .*cert\.pem$/m);
        assert.match(lines.at(-2)!, /^API docs: /, 'the docs line ends the banner');

        // Every address printed is the one bound: each answers as what it says it is.
        assert.equal((await fetch(`${rows.get('HTTP')}/health`)).status, 200);
        assert.match(await (await fetch(rows.get('Dashboard')!)).text(), /<html/i);
        assert.match(await greetingAt(rows.get('SMTP')!), /^220 /);
        assert.match(await greetingAt(rows.get('SMTP submission')!), /^220 /);
        assert.match(await greetingAt(rows.get('SMTP secure')!), /^220 /);
        assert.match(await greetingAt(rows.get('IMAP')!), /^\* OK/);
        assert.match(await greetingAt(rows.get('IMAP secure')!), /^\* OK/);
      } finally {
        await serve.stop();
      }
    });

    test('every later start says where the admin key lives, or that it came from PIGEONHOLE_API_KEY', async () => {
      const again = await startServeProcess(env);
      await again.stop();
      assert.match(again.output(), new RegExp(`^Admin API key: in ${keyFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(generated at the first start\\)$`, 'm'));
      assert.doesNotMatch(again.output(), /ph_/, 'the key itself is shown only once');

      const configured = await startServeProcess({ ...env, PIGEONHOLE_API_KEY: `ph_admin_${randomBytes(12).toString('hex')}` });
      await configured.stop();
      assert.match(configured.output(), /^Admin API key: the one set in PIGEONHOLE_API_KEY \(or --api-key\)$/m);

      rmSync(keyFile);
      const lost = await startServeProcess(env);
      await lost.stop();
      assert.match(lost.output(), /^Admin API key: generated at the first start, but .* no longer holds it; set PIGEONHOLE_API_KEY/m);
    });
  });
}
