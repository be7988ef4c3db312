/**
 * Postfix's smtp-source as the load generator when it is installed (a C client costs the
 * machine far less CPU per message than any Node client, leaving more for the system under
 * test). Looked up on PATH, in /usr/sbin, and in bench/.tools/postfix, where
 * `npm run bench -- --fetch-postfix` extracts it from Debian's package without installing
 * or starting Postfix (`apt-get download postfix && dpkg -x`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadSpec } from './loadgen.js';

const TOOLS = fileURLToPath(new URL('./.tools/postfix', import.meta.url));

export interface SmtpSource {
  path: string;
  env: NodeJS.ProcessEnv;
}

export function findSmtpSource(): SmtpSource | null {
  const candidates = [
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'smtp-source')),
    '/usr/sbin/smtp-source',
  ];
  for (const path of candidates) if (existsSync(path)) return { path, env: process.env };
  const extracted = join(TOOLS, 'usr/sbin/smtp-source');
  if (existsSync(extracted)) {
    return { path: extracted, env: { ...process.env, LD_LIBRARY_PATH: join(TOOLS, 'usr/lib/postfix') } };
  }
  return null;
}

/** Extracts smtp-source from Debian's postfix package into bench/.tools (no daemon, no install). */
export function fetchPostfix(): void {
  const work = mkdtempSync(join(tmpdir(), 'pigeonhole-postfix-'));
  try {
    const download = spawnSync('apt-get', ['download', 'postfix'], { cwd: work, stdio: 'inherit' });
    const deb = readdirSync(work).find((name) => name.endsWith('.deb'));
    if (download.status !== 0 || !deb) throw new Error('apt-get download postfix failed');
    mkdirSync(TOOLS, { recursive: true });
    const extract = spawnSync('dpkg', ['-x', join(work, deb), TOOLS], { stdio: 'inherit' });
    if (extract.status !== 0) throw new Error('dpkg -x failed');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs smtp-source with the spec; resolves with the wall time. smtp-source reports no
 * per-message outcome, so callers count accepted messages at the receiving end.
 */
export async function runSmtpSource(tool: SmtpSource, spec: LoadSpec): Promise<{ elapsedMs: number; exitCode: number | null; stderr: string }> {
  const args = [
    '-s', String(spec.sessions),
    '-m', String(spec.messages),
    '-l', String(spec.sizeBytes),
    '-f', spec.from,
    '-t', spec.to,
    '-M', 'bench.test',
    ...(spec.reuse ? ['-d'] : []),
    `127.0.0.1:${spec.port}`,
  ];
  const started = performance.now();
  const child = spawn(tool.path, args, { env: tool.env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGTERM'), spec.deadlineMs);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  clearTimeout(timer);
  return { elapsedMs: performance.now() - started, exitCode, stderr: stderr.slice(0, 2000) };
}
