/**
 * `npx tsx bench/profile.ts [--size 2048] [--messages 4000] [--reuse] [--db-url URL] [--keep] [--no-prof] [--v8-FLAG] [--env NAME=VALUE]`
 *
 * Where Pigeonhole's CPU goes during SMTP ingest: runs the built binary with --cpu-prof
 * (run `npm run build` first), drives one load run at it (smtp-source when installed, else
 * bench/loadgen.ts), and prints the self time of the main thread grouped by package and
 * the hottest functions. Worker threads write profiles of their own (listed, summarized too).
 * It also prints the CPU each kind of thread spent (main, mail workers, ingest writer, V8 and
 * libuv helpers). `--no-prof` runs without the profiler (its own threads cost CPU too);
 * `--v8-FLAG` passes `--FLAG` to the server's node (e.g. `--v8-single-threaded-gc`); `--env NAME=VALUE`
 * sets a setting of the server (e.g. `--env PIGEONHOLE_MAIL_AUTH=false`, to see what the checks cost).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult, LoadSpec } from './loadgen.js';
import { findSmtpSource, runSmtpSource } from './smtp-source.js';
import { REPO_ROOT, benchDns, procStats, startPigeonhole, threadCpu, threadCpuByRole } from './systems.js';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};
const sizeBytes = Number(option('size') ?? 2048);
const messages = Number(option('messages') ?? 4000);
const reuse = argv.includes('--reuse');

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function summarize(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Startup (schema compilation, migrations) is not ingest: count from the first sample
  // in smtp-server (main thread) or in the storing of mail (writer thread) on.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inIngest = (id: number) => {
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const { url, functionName } = byId.get(n)!.callFrame;
      if ((url.includes('smtp-server') && functionName === '_onCommand') || functionName === 'storeIncomingGroup') return true;
    }
    return false;
  };
  const from = Math.max(0, profile.samples.findIndex(inIngest));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (i >= from) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const area = (url: string, name: string) => {
    if (!url) return name.startsWith('(') ? name : '(native)';
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) return pkg[1]!;
    if (url.startsWith('node:')) return url;
    const own = /\/dist\/(.*)$/.exec(url);
    return own ? `pigeonhole/${own[1]!.split('/').slice(0, 2).join('/')}` : url;
  };
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const a = area(url, functionName);
    byArea.set(a, (byArea.get(a) ?? 0) + us);
    const f = `${functionName || '(anonymous)'} ${a}:${lineNumber + 1}`;
    byFunction.set(f, (byFunction.get(f) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `  ${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n');
  console.log(`\n${file}: ${(total / 1000).toFixed(0)} ms sampled from the first ingest sample on\nby area:\n${top(byArea, 25)}\nhottest functions:\n${top(byFunction, 30)}`);
}

async function main() {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'pigeonhole-profile-'));
  const profDir = mkdtempSync(join(os.tmpdir(), 'pigeonhole-cpuprof-'));
  const apiKey = `ph_profile_${randomBytes(8).toString('hex')}`;
  // the loopback DNS the bench uses: without it each message waits out the mail checks' DNS budget
  const dns = await benchDns();
  const pigeonhole = await startPigeonhole({
    dataDir,
    apiKey,
    env: { ...dns.env, ...Object.fromEntries(argv.flatMap((a, i) => (argv[i - 1] === '--env' ? [a.split(/=(.*)/s).slice(0, 2)] : []))) },
    databaseUrl: option('db-url'),
    nodeArgs: [...(argv.includes('--no-prof') ? [] : ['--cpu-prof', `--cpu-prof-dir=${profDir}`]), ...argv.filter((a) => a.startsWith('--v8-')).map((a) => `--${a.slice(5)}`)],
  });
  // the server's own warnings and errors, as they come
  pigeonhole.child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  try {
    const inbox = await pigeonhole.api<{ id: string; emailAddress: string }>('POST', '/inboxes');
    const spec: LoadSpec = {
      port: pigeonhole.smtpPort, from: 'sender@bench.test', to: inbox.emailAddress,
      sessions: 20, messages, sizeBytes, reuse, deadlineMs: 60_000,
    };
    const before = procStats(pigeonhole.child.pid!)!;
    const threadsBefore = threadCpu(pigeonhole.child.pid!);
    const tool = findSmtpSource();
    let elapsedMs: number;
    if (tool) {
      elapsedMs = (await runSmtpSource(tool, spec)).elapsedMs;
    } else {
      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./loadgen.ts', import.meta.url)), JSON.stringify(spec)], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      await new Promise((resolve) => child.once('exit', resolve));
      elapsedMs = (JSON.parse(out) as LoadResult).elapsedMs;
    }
    const after = procStats(pigeonhole.child.pid!)!;
    const threadsAfter = threadCpu(pigeonhole.child.pid!);
    const { totalElements } = await pigeonhole.api<{ totalElements: number }>('GET', `/inboxes/${inbox.id}/emails/paginated?size=1`);
    const cpu = after.cpuSeconds - before.cpuSeconds;
    for (const [role, spent] of Object.entries(threadCpuByRole(pigeonhole.child.pid!, threadsBefore, threadsAfter))) {
      console.log(`  ${role}: ${spent.toFixed(2)} CPU-s = ${((spent * 1000) / totalElements).toFixed(3)} ms/msg`);
    }
    console.log(`${totalElements}/${messages} committed in ${(elapsedMs / 1000).toFixed(2)} s = ${Math.round((totalElements / elapsedMs) * 1000)}/s; CPU ${cpu.toFixed(2)} s = ${((cpu * 1000) / totalElements).toFixed(3)} ms/msg; RSS ${Math.round(after.rssMb)} MB, peak ${Math.round(after.peakRssMb)} MB`);
  } finally {
    await pigeonhole.stop();
    await dns.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const name of readdirSync(profDir).sort()) summarize(join(profDir, name));
  if (argv.includes('--keep')) console.log(`profiles kept in ${profDir}`);
  else rmSync(profDir, { recursive: true, force: true });
}

await main();
