import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { AppError } from '../../core/errors.js';
import { ChromiumRenderer } from './chromium-renderer.js';

const CHROMIUM = '/usr/bin/chromium';
const skip = existsSync(CHROMIUM) || process.env.CI ? false : `Chromium not found at ${CHROMIUM} (Debian package chromium)`;

test('a page that waits on a resource past the time limit is stopped: TIMEOUT, and the next render still works', { skip }, async () => {
  const renderer = new ChromiumRenderer({ executablePath: CHROMIUM, concurrency: 1, timeoutMs: 3000 });
  try {
    const started = Date.now();
    await assert.rejects(renderer.screenshot({
      html: '<img src="http://example.invalid/never.png">', width: 100, height: 100,
      // A remote fetch that never answers: the load event never comes.
      remote: () => new Promise(() => {}),
    }), (err: unknown) => err instanceof AppError && err.code === 'TIMEOUT' && /PIGEONHOLE_RENDER_TIMEOUT/.test(err.message));
    assert.ok(Date.now() - started < 10_000, 'stopped near its limit');
    const png = await renderer.screenshot({ html: '<p>after</p>', width: 50, height: 40 });
    assert.equal(png.readUInt32BE(16), 50);
  } finally {
    await renderer.close();
  }
});

test('after close the browser is gone and renders are refused as UNAVAILABLE', { skip }, async () => {
  const renderer = new ChromiumRenderer({ executablePath: CHROMIUM, concurrency: 2, timeoutMs: 15_000 });
  await renderer.screenshot({ html: '<p>x</p>', width: 20, height: 20 });
  await renderer.close();
  await assert.rejects(renderer.screenshot({ html: '<p>x</p>', width: 20, height: 20 }),
    (err: unknown) => err instanceof AppError && err.code === 'UNAVAILABLE' && /stopping/.test(err.message));
});

test('a missing binary is UNAVAILABLE naming the setting and the Debian package', async () => {
  const renderer = new ChromiumRenderer({ executablePath: '/nonexistent/chromium', concurrency: 1, timeoutMs: 1000 });
  await assert.rejects(renderer.screenshot({ html: '', width: 10, height: 10 }),
    (err: unknown) => err instanceof AppError && err.code === 'UNAVAILABLE' && /PIGEONHOLE_CHROMIUM_PATH/.test(err.message) && /package chromium/.test(err.message));
});
