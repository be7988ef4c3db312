import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import type { SpamdAddress, SpamdClient } from './spamd-client.js';

/** PIGEONHOLE_SPAMD as config parses it. */
export type SpamdSetting = { mode: 'off' } | { mode: 'auto'; searchPath: string } | { mode: 'remote'; host: string; port: number };

/** Where scoring finds spamd now, or why it cannot. */
export type SpamdState =
  | { kind: 'ready'; address: SpamdAddress }
  /** permanent: spamd is off or absent, not merely starting or restarting */
  | { kind: 'unavailable'; reason: string; permanent?: boolean };

export interface SpamdSource {
  state(): SpamdState;
  /** Starts spamd if it is not started yet and waits up to timeoutMs for it to answer; the state then. */
  whenReady(timeoutMs: number): Promise<SpamdState>;
}

/** What a log line needs; main.ts hands in the app's pino logger. */
export interface SpamdLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const ABSENT = 'spamd is not installed on this server: install the Debian package spamassassin (apt-get install spamassassin) or point PIGEONHOLE_SPAMD at a running spamd';
const OFF = 'spam scoring is off on this server (PIGEONHOLE_SPAMD=off)';
/** Debian installs spamd in /usr/sbin, which an unprivileged user's PATH often lacks. */
const SBIN_DIRS = ['/usr/sbin', '/usr/local/sbin'];
/** spamd loads and compiles its rule set before it answers: seconds, longer on a busy machine. */
const READY_WITHIN_MS = 120_000;
const PING_EVERY_MS = 250;
const RESTART_MAX_MS = 30_000;

/** The spamd executable on PATH (or in the sbin directories), if any. */
export function findSpamd(path = ''): string | undefined {
  for (const dir of [...path.split(delimiter).filter(Boolean), ...SBIN_DIRS]) {
    const file = join(dir, 'spamd');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A free TCP port on the loopback address, as the system hands out for port 0. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** spamd and the children it forked; the process alone when its group is gone already. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    child.kill(signal);
  }
}

/** A spamd someone else runs (PIGEONHOLE_SPAMD=host:port), or none (off). */
export function fixedSpamd(setting: Exclude<SpamdSetting, { mode: 'auto' }>): SpamdSource & { start(): void; ready(): Promise<void>; stop(): Promise<void> } {
  const state: SpamdState = setting.mode === 'off'
    ? { kind: 'unavailable', reason: OFF, permanent: true }
    : { kind: 'ready', address: { host: setting.host, port: setting.port } };
  return { state: () => state, whenReady: async () => state, start() {}, ready: () => Promise.resolve(), async stop() {} };
}

/**
 * spamd run by Pigeonhole (PIGEONHOLE_SPAMD=auto): started on 127.0.0.1 on a free port, as
 * `nobody` when the server runs as root (spamd refuses to run its children as root), with
 * few children, no user configuration and only local tests (`-L`: no DNS blocklists, Razor or
 * Pyzor, which would reach the Internet outside PIGEONHOLE_DNS_SERVERS and take seconds).
 * It is started on first use (a score asked for), or at the server's start when every received
 * message is scored; start() returns at once: until spamd answers PING the state says it is
 * starting, and the server serves meanwhile. A spamd that exits is started again after a pause that doubles up
 * to 30 s; stop() ends it (SIGTERM, then SIGKILL after 5 s).
 */
export class SpamdSupervisor implements SpamdSource {
  private current: SpamdState = { kind: 'unavailable', reason: 'spamd is starting; try again in a few seconds' };
  private child: ChildProcess | undefined;
  private stopping = false;
  private started = false;
  private restartDelayMs = 1_000;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly readyWaiters: (() => void)[] = [];
  /** the last lines spamd wrote, to say why it exited */
  private lastLines: string[] = [];
  /** where it reports starts and exits; main.ts points it at the app's logger once that exists */
  log: SpamdLog = { info() {}, warn() {} };

  constructor(private readonly deps: {
    executable: string | undefined;
    client: SpamdClient;
    maxChildren: number;
    runAsRoot: boolean;
  }) {
    if (!deps.executable) this.current = { kind: 'unavailable', reason: ABSENT, permanent: true };
  }

  state(): SpamdState {
    return this.current;
  }

  /** Resolves once spamd answers (tests and the start-up banner wait on it; serving never does). */
  ready(): Promise<void> {
    if (this.current.kind === 'ready') return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Starts spamd once (main.ts at start with the inbound check on, else the first score asked for). */
  start(): void {
    if (!this.deps.executable || this.stopping || this.started) return;
    this.started = true;
    void this.launch(this.deps.executable);
  }

  async whenReady(timeoutMs: number): Promise<SpamdState> {
    this.start();
    if (this.current.kind === 'ready' || this.current.permanent) return this.current;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.ready(), new Promise<void>((resolve) => { timer = setTimeout(resolve, timeoutMs); })]);
    clearTimeout(timer);
    return this.current;
  }

  private async launch(executable: string): Promise<void> {
    const port = await freePort();
    if (this.stopping) return;
    const args = ['-L', '-x', '-i', '127.0.0.1', '-p', String(port), '-A', '127.0.0.1', '-s', 'stderr',
      '--max-children', String(this.deps.maxChildren), '--min-children', '1', '--min-spare', '1', '--max-spare', String(this.deps.maxChildren)];
    if (this.deps.runAsRoot) args.push('-u', 'nobody');
    // its own process group, so stopping it reaches the children it forks too
    const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    this.child = child;
    this.lastLines = [];
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      this.lastLines = [...this.lastLines, ...text.split('\n').filter(Boolean)].slice(-5);
    });
    child.on('error', (err) => this.log.warn({ err }, 'spamd could not be started'));
    child.on('exit', (code, signal) => this.exited(child, code, signal));
    const address = { host: '127.0.0.1', port };
    const giveUpAt = Date.now() + READY_WITHIN_MS;
    while (this.child === child && !this.stopping && Date.now() < giveUpAt) {
      if (await this.deps.client.ping(address)) {
        if (this.child !== child || this.stopping) return;
        this.current = { kind: 'ready', address };
        this.restartDelayMs = 1_000;
        this.log.info({ port, pid: child.pid }, `spamd answers on 127.0.0.1:${port}`);
        for (const wake of this.readyWaiters.splice(0)) wake();
        return;
      }
      await new Promise((r) => setTimeout(r, PING_EVERY_MS));
    }
    if (this.child === child && !this.stopping) {
      this.log.warn({ port }, `spamd did not answer within ${READY_WITHIN_MS} ms; restarting it`);
      signalGroup(child, 'SIGKILL');
    }
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.child = undefined;
    if (this.stopping) return;
    const why = `spamd exited (${signal ?? `code ${code}`})${this.lastLines.length ? `: ${this.lastLines.at(-1)}` : ''}`;
    this.current = { kind: 'unavailable', reason: `${why}; it is being started again` };
    this.log.warn({ code, signal, lastLines: this.lastLines }, `${why}; starting it again in ${this.restartDelayMs} ms`);
    this.restartTimer = setTimeout(() => void this.launch(this.deps.executable!), this.restartDelayMs);
    this.restartDelayMs = Math.min(this.restartDelayMs * 2, RESTART_MAX_MS);
  }

  /** The running spamd's process id (tests kill it to see it come back). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    this.current = { kind: 'unavailable', reason: 'the server is stopping' };
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      signalGroup(child, 'SIGTERM');
    });
  }
}

/** A running server's spamd, whichever PIGEONHOLE_SPAMD asked for. */
export type ServerSpamd = SpamdSource & { log?: SpamdLog; start(): void; ready(): Promise<void>; stop(): Promise<void> };

/** The spamd of PIGEONHOLE_SPAMD: a supervised one for auto (two children: a test server scores a few messages at a time). */
export function spamdFor(setting: SpamdSetting, client: SpamdClient, runAsRoot: boolean): ServerSpamd {
  if (setting.mode !== 'auto') return fixedSpamd(setting);
  return new SpamdSupervisor({ executable: findSpamd(setting.searchPath), client, maxChildren: 2, runAsRoot });
}
