/** The built CLI as a user runs it. Imports nothing from src/ (the conformance tests use it). */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { EPHEMERAL_PORTS } from './ports.js';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built binary, as `npm start` and the `pigeonhole` bin run it. */
export const BIN = fileURLToPath(new URL('../../dist/cli/index.js', import.meta.url));

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** everything printed on stdout so far */
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Runs `pigeonhole serve` as a user would and waits for its "listening on" line
 * (an event, not a sleep). Environment is the given one on top of PATH only.
 */
export async function startServeProcess(env: Record<string, string>): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...EPHEMERAL_PORTS, PIGEONHOLE_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      // the docs line ends the banner (the CLI writes the banner in one piece)
      if (match && /API docs: .*\n/.test(stdout)) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`pigeonhole serve exited with ${code}: ${stderr}${stdout}`)));
  });
  return {
    child,
    url,
    output: () => stdout,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      return code as number | null;
    },
  };
}

/**
 * Runs `pigeonhole serve` for a start that should fail: resolves with its exit code and
 * output once it exits. One that starts after all is stopped as soon as its banner is out
 * (the banner's last line), so the test fails on its assertions rather than hanging.
 */
export async function serveUntilExit(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...EPHEMERAL_PORTS, PIGEONHOLE_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (/API docs: .*\n/.test(stdout)) child.kill('SIGTERM');
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

export interface CliResult { code: number | null; stdout: string; stderr: string }

/**
 * Runs the built CLI once, as a user would: `node dist/cli/index.js ...args`, or with `shell`
 * the given bash command line (where `pigeonhole` is a function running the built CLI), with
 * `input` on standard input. The environment is the given one on top of PATH only.
 */
export async function runCli(command: { args: string[] } | { shell: string }, env: Record<string, string>, input?: string): Promise<CliResult> {
  const [file, args] = 'args' in command
    ? [process.execPath, [BIN, ...command.args]]
    : ['bash', ['-c', `pigeonhole() { "${process.execPath}" "${BIN}" "$@"; }\n${command.shell}`]];
  const child = spawn(file, args, { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin!.on('error', () => {}); // a command that stops reading early (sendmail at a lone ".") closes it
  child.stdin!.end(input ?? '');
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}
