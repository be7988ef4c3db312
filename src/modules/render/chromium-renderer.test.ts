import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { AppError } from '../../core/errors.js';
import { ChromiumRenderer } from './chromium-renderer.js';

const CHROMIUM = '/usr/bin/chromium';
const skip = existsSync(CHROMIUM) || process.env.CI ? false : `Chromium not found at ${CHROMIUM} (Debian package chromium)`;

test('a page that waits on a resource past the time limit is stopped: TIMEOUT, and the next render still works', { skip, timeout: 60_000 }, async () => {
  // 10 s: on a busy CI machine even a small render (a new context and page) took over 3
  const renderer = new ChromiumRenderer({ executablePath: CHROMIUM, concurrency: 1, timeoutMs: 10_000 });
  try {
    const started = Date.now();
    await assert.rejects(renderer.screenshot({
      html: '<img src="http://example.invalid/never.png">', width: 100, height: 100,
      // A remote fetch that never answers: the load event never comes.
      remote: () => new Promise(() => {}),
    }), (err: unknown) => err instanceof AppError && err.code === 'TIMEOUT' && /PIGEONHOLE_RENDER_TIMEOUT/.test(err.message));
    assert.ok(Date.now() - started < 20_000, 'stopped near its limit');
    const png = await renderer.screenshot({ html: '<p>after</p>', width: 50, height: 40 });
    assert.equal(png.readUInt32BE(16), 50);
  } finally {
    await renderer.close();
  }
});

test('after close the browser is gone and renders are refused as UNAVAILABLE', { skip, timeout: 60_000 }, async () => {
  const renderer = new ChromiumRenderer({ executablePath: CHROMIUM, concurrency: 2, timeoutMs: 15_000 });
  await renderer.screenshot({ html: '<p>x</p>', width: 20, height: 20 });
  await renderer.close();
  await assert.rejects(renderer.screenshot({ html: '<p>x</p>', width: 20, height: 20 }),
    (err: unknown) => err instanceof AppError && err.code === 'UNAVAILABLE' && /stopping/.test(err.message));
});

test('a missing binary is UNAVAILABLE naming the setting and the Debian package', { timeout: 60_000 }, async () => {
  const renderer = new ChromiumRenderer({ executablePath: '/nonexistent/chromium', concurrency: 1, timeoutMs: 1000 });
  await assert.rejects(renderer.screenshot({ html: '', width: 10, height: 10 }),
    (err: unknown) => err instanceof AppError && err.code === 'UNAVAILABLE' && /PIGEONHOLE_CHROMIUM_PATH/.test(err.message) && /package chromium/.test(err.message));
});

/** The Chromium processes this process started (its direct children). */
function chromiumChildren(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid ...
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/s.exec(stat) ?? [];
      if (comm?.startsWith('chromium') && Number(rest!.split(' ')[1]) === process.pid) pids.push(Number(name));
    } catch {
      // a process that ended while listed
    }
  }
  return pids;
}

test('a browser that stops answering costs a render its time limit, not forever; the next render starts a fresh one', { skip, timeout: 60_000 }, async () => {
  // 10 s: the render after the stop launches a new Chromium, which a busy CI machine takes seconds over
  const renderer = new ChromiumRenderer({ executablePath: CHROMIUM, concurrency: 1, timeoutMs: 10_000 });
  const stopped: number[] = [];
  try {
    await renderer.screenshot({ html: '<p>first</p>', width: 20, height: 20 });
    stopped.push(...chromiumChildren());
    assert.ok(stopped.length > 0, 'the browser is a child of this process');
    for (const pid of stopped) process.kill(pid, 'SIGSTOP');
    const started = Date.now();
    await assert.rejects(renderer.screenshot({ html: '<p>stuck</p>', width: 20, height: 20 }),
      (err: unknown) => err instanceof AppError && err.code === 'TIMEOUT');
    assert.ok(Date.now() - started < 16_000, `stopped near its limit (${Date.now() - started} ms)`);
    for (const pid of stopped) process.kill(pid, 'SIGKILL');
    const png = await renderer.screenshot({ html: '<p>after</p>', width: 30, height: 20 });
    assert.equal(png.readUInt32BE(16), 30);
  } finally {
    for (const pid of stopped) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await renderer.close();
  }
});
