import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DASHBOARD_DIR } from '../../src/transports/http/dashboard.js';

/** Debian's Chromium (`apt-get install chromium`); another binary can be named in PIGEONHOLE_CHROMIUM. */
const CHROMIUM = process.env.PIGEONHOLE_CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'dashboard');
const DOCS = join(process.cwd(), 'docs', 'screenshots');

/** The dashboard must be built before the server starts: it looks for it once, at start. */
export function ensureDashboardBuilt(): void {
  if (existsSync(join(DASHBOARD_DIR, 'index.html'))) return;
  const vite = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the dashboard (vite build) failed');
}

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Without Chromium the browser suites are skipped, saying why, so `npm test` on a fresh clone
 * still passes; CI (CI set) installs Chromium and never skips them.
 */
export const browserSkip: string | false =
  existsSync(CHROMIUM) || process.env.CI ? false : `Chromium not found at ${CHROMIUM}: install Debian's chromium package (or set PIGEONHOLE_CHROMIUM)`;

/** Headless Chromium with a fresh profile and no background traffic to the outside world. */
export async function openBrowser(): Promise<Session> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium package (or set PIGEONHOLE_CHROMIUM)`);
  // Playwright gives every launch a fresh, temporary profile of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  const page = await context.newPage();
  // Waits are on events. A browser's first pages on a fresh machine (font caches, a loaded
  // CI host running other suites) took over ten seconds once, so allow thirty.
  page.setDefaultTimeout(30_000);
  return {
    browser, context, page,
    close: () => browser.close(),
  };
}

/** Saves a screenshot under test-artifacts/; with PIGEONHOLE_UPDATE_SCREENSHOTS=1 also into docs/ for the README. */
export async function screenshot(page: Page, name: string, forDocs = false): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  // Toasts come and go with the test's clicks; they only clutter the pictures.
  await page.screenshot({ path, style: '.toast { display: none; }' });
  if (forDocs && process.env.PIGEONHOLE_UPDATE_SCREENSHOTS === '1') {
    mkdirSync(DOCS, { recursive: true });
    copyFileSync(path, join(DOCS, `${name}.png`));
  }
}

export async function signIn(page: Page, baseUrl: string, apiKey: string): Promise<void> {
  await page.goto(baseUrl);
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // All mail is the landing view.
  await page.getByRole('heading', { name: 'All mail' }).waitFor();
}

/** A local HTTP server that records every request, with waits on the requests it sees. */
export interface Watcher {
  url: string;
  requests: { method: string; path: string; body: string }[];
  /** resolves at the first request whose path starts with `prefix`, from the `from`-th request on (past or future) */
  next(prefix: string, from?: number): Promise<{ method: string; path: string; body: string }>;
  close(): Promise<void>;
}

export async function startWatcher(): Promise<Watcher> {
  const requests: Watcher['requests'] = [];
  const waiting: { prefix: string; resolve: (r: Watcher['requests'][number]) => void }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const seen = { method: request.method ?? '', path: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') };
      requests.push(seen);
      for (const w of waiting.splice(0)) {
        if (seen.path.startsWith(w.prefix)) w.resolve(seen);
        else waiting.push(w);
      }
      response.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('watcher has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    next(prefix, from = 0) {
      const found = requests.slice(from).find((r) => r.path.startsWith(prefix));
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ prefix, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
