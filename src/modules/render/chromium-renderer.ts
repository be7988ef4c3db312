import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { AppError, unavailable } from '../../core/errors.js';
import { Slots } from './slots.js';

/** A resource the rendered document may load: an inline part or a remote file. */
export interface Resource {
  status: number;
  contentType: string;
  body: Buffer;
}

/** One document to render and how to look at it. Device previews build on the same request. */
export interface RenderRequest {
  /** the whole document (an HTML email body, or text already escaped into HTML) */
  html: string;
  /** CSS pixels */
  width: number;
  height: number;
  /** device pixel ratio: the PNG is width × ratio by height × ratio pixels; 1 when unset */
  deviceScaleFactor?: number;
  /** what `prefers-color-scheme` matches; light when unset */
  colorScheme?: 'light' | 'dark';
  /** the browser's User-Agent (some emails' CSS targets clients by it only through the server); Chromium's own when unset */
  userAgent?: string;
  /** answers a `cid:` reference of the document (undefined: no such part); unset = cid: URLs are left as they are */
  inlinePart?: (contentId: string) => Promise<Resource | undefined>;
  /** fetches a remote http(s) resource; unset = remote content is blocked (the mail clients' default) */
  remote?: (url: string) => Promise<Resource>;
}

export interface RendererSettings {
  /** the Chromium binary (PIGEONHOLE_CHROMIUM_PATH) */
  executablePath: string;
  /** renders at once (PIGEONHOLE_RENDER_CONCURRENCY); more wait their turn */
  concurrency: number;
  /** milliseconds one render may take, its wait for a turn included (PIGEONHOLE_RENDER_TIMEOUT) */
  timeoutMs: number;
}

/** The document's own made-up origin: every request to it is answered by the route, never the network. */
const DOCUMENT_ORIGIN = 'http://email.pigeonhole.invalid';
const DOCUMENT_URL = `${DOCUMENT_ORIGIN}/`;
const CID_PREFIX = `${DOCUMENT_ORIGIN}/cid/`;
/** How long closing a render's context or the browser may take before it is given up on. */
const CLOSE_GRACE_MS = 5000;
/** Renders waiting for a turn beyond this many per slot are refused at once rather than queued past their time limit. */
const QUEUE_PER_SLOT = 8;

/**
 * Screenshots of HTML in Debian's Chromium through playwright-core. One browser, launched on
 * first use and kept; each render gets a context of its own (its viewport, pixel ratio, colour
 * scheme and user agent), with JavaScript off. Chromium itself reaches no network: it is
 * pointed at a proxy that does not exist (loopback included), and every request of the page is
 * answered by a route here: the document, its `cid:` parts, and remote files only when the
 * request asked for them (fetched by this server, under its outbound policy).
 */
export class ChromiumRenderer {
  private browser: Promise<Browser> | undefined;
  private closed = false;
  private readonly slots: Slots;

  constructor(private readonly settings: RendererSettings) {
    this.slots = new Slots(settings.concurrency, settings.concurrency * QUEUE_PER_SLOT);
  }

  /** A PNG of the request's viewport. Throws AppError: UNAVAILABLE (no Chromium, busy, stopping), TIMEOUT. */
  screenshot(request: RenderRequest, signal?: AbortSignal): Promise<Buffer> {
    return this.withPage(request, signal, (page, timeout) => page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide', timeout: timeout() }));
  }

  /**
   * The document printed to an A4 PDF (backgrounds kept), as Chromium prints: for reports this
   * server writes. The request's width and height are the layout viewport. Throws as screenshot.
   */
  pdf(request: RenderRequest, signal?: AbortSignal): Promise<Buffer> {
    return this.withPage(request, signal, (page) => page.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } }));
  }

  /** Loads the request's document in a context of its own, in a render slot and within the time limit, and hands the page to `use`. */
  private async withPage(request: RenderRequest, signal: AbortSignal | undefined, use: (page: Page, timeout: () => number) => Promise<Buffer>): Promise<Buffer> {
    const deadline = Date.now() + this.settings.timeoutMs;
    const timeout = () => Math.max(1, deadline - Date.now());
    const release = await this.slots.acquire(this.settings.timeoutMs, signal).catch((err: Error) => {
      throw err.name === 'TimeoutError' ? this.overTime() : unavailable(`Screenshot not taken: ${err.message}`);
    });
    try {
      // Every step is bounded by the deadline (bounded, below): a Chromium that stops answering
      // must not hold a render, its slot, or the caller past the time limit.
      const browser = await this.bounded(this.launched(), deadline);
      const context = await this.bounded(browser.newContext({
        viewport: { width: request.width, height: request.height },
        deviceScaleFactor: request.deviceScaleFactor ?? 1,
        colorScheme: request.colorScheme ?? 'light',
        userAgent: request.userAgent,
        javaScriptEnabled: false,
        serviceWorkers: 'block',
      }), deadline);
      // A hard stop: whatever the page is waiting on, the context goes at the deadline.
      const timer = setTimeout(() => void context.close().catch(() => {}), Math.max(0, deadline - Date.now()));
      const aborted = () => void context.close().catch(() => {});
      signal?.addEventListener('abort', aborted, { once: true });
      try {
        await this.bounded(context.route('**/*', (route) => this.answer(route, request)), deadline);
        const page = await this.bounded(context.newPage(), deadline);
        await page.goto(DOCUMENT_URL, { waitUntil: 'load', timeout: timeout() });
        return await this.bounded(use(page, timeout), deadline);
      } catch (err) {
        if (Date.now() >= deadline || (err as Error).name === 'TimeoutError') throw this.overTime();
        if (signal?.aborted) throw unavailable('Screenshot not taken: the request was cancelled');
        throw err;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        await this.bounded(context.close(), Date.now() + CLOSE_GRACE_MS).catch(() => {});
      }
    } finally {
      release();
    }
  }

  /**
   * `step`, or TIMEOUT at the deadline. A step that outlives it means the browser stopped
   * answering (playwright's own timeouts cover only waits Chromium reports on): it is dropped,
   * so the next render launches a fresh one, and told to close in the background.
   */
  private bounded<T>(step: Promise<T>, deadline: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        this.dropBrowser();
        reject(this.overTime());
      }, Math.max(0, deadline - Date.now()));
    });
    return Promise.race([step, late]).finally(() => clearTimeout(timer));
  }

  private dropBrowser(): void {
    const browser = this.browser;
    this.browser = undefined;
    void browser?.then((b) => stopBrowser(b), () => {});
  }

  /** Closes the browser (main.ts, on shutdown); renders after this are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await browser.then((b) => stopBrowser(b), () => {});
  }

  private overTime(): AppError {
    return new AppError('TIMEOUT', `Screenshot not taken within ${this.settings.timeoutMs} ms (PIGEONHOLE_RENDER_TIMEOUT)`);
  }

  private launched(): Promise<Browser> {
    if (this.closed) return Promise.reject(unavailable('Screenshot not taken: the server is stopping'));
    if (!this.browser) {
      const path = this.settings.executablePath;
      if (!existsSync(path)) {
        return Promise.reject(unavailable(
          `Screenshots need Chromium, not found at ${path}: install the Debian package chromium or point PIGEONHOLE_CHROMIUM_PATH at a Chromium binary`));
      }
      // playwright-core loads on the first render: its bundles hold ~14 MB of source text (and
      // what compiling them keeps) in the heap of a server that may never take a screenshot
      const launching = import('playwright-core').then(({ chromium }) => chromium.launch({
        executablePath: path,
        headless: true,
        args: [
          '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
          '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
          // Nothing leaves Chromium on its own (preconnects, prefetches, redirects of fulfilled
          // requests): every connection goes to a proxy that is not there, loopback included.
          '--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>', '--dns-prefetch-disable',
        ],
      }));
      this.browser = launching;
      launching.then(
        // A browser that crashed or was killed is launched again by the next render.
        (browser) => browser.on('disconnected', () => { if (this.browser === launching) this.browser = undefined; }),
        () => { if (this.browser === launching) this.browser = undefined; },
      );
    }
    return this.browser.catch((err: Error) => {
      throw err instanceof AppError ? err : unavailable(`Screenshots need Chromium, which did not start from ${this.settings.executablePath} (PIGEONHOLE_CHROMIUM_PATH): ${err.message.split('\n')[0]}`);
    });
  }

  private async answer(route: Route, request: RenderRequest): Promise<void> {
    const req = route.request();
    const url = req.url();
    try {
      if (url === DOCUMENT_URL && req.isNavigationRequest()) {
        await route.fulfill({
          status: 200, contentType: 'text/html; charset=utf-8', body: request.inlinePart ? rewriteCidUrls(request.html) : request.html,
          headers: { 'content-security-policy': "script-src 'none'; object-src 'none'" },
        });
        return;
      }
      if (url.startsWith(CID_PREFIX) && request.inlinePart) {
        const part = await request.inlinePart(decodeURIComponent(url.slice(CID_PREFIX.length)));
        if (part) return await route.fulfill({ status: part.status, contentType: part.contentType, body: part.body });
        return await route.fulfill({ status: 404, contentType: 'text/plain', body: 'no such part' });
      }
      // Frames and redirects of the document are not followed: the email is the only page.
      if (req.isNavigationRequest() || url.startsWith(DOCUMENT_ORIGIN) || !/^https?:/i.test(url) || !request.remote) {
        return await route.abort('blockedbyclient');
      }
      const fetched = await request.remote(url);
      await route.fulfill({ status: fetched.status, contentType: fetched.contentType, body: fetched.body });
    } catch {
      // The page may be gone (context closed at the deadline) or the fetch refused: nothing loads.
      await route.abort('failed').catch(() => {});
    }
  }
}

/**
 * Closes the browser, giving up after CLOSE_GRACE_MS: a Chromium that stopped answering never
 * holds shutdown (playwright kills the browsers it launched when this process exits).
 */
async function stopBrowser(browser: Browser): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)));
  await Promise.race([browser.close().catch(() => {}), late]);
  clearTimeout(timer);
}

/** `cid:x` becomes a URL of the document's own origin, which the route answers from the email's parts. */
function rewriteCidUrls(html: string): string {
  return html.replace(/cid:([^\s"'()<>]+)/gi, (_whole, id: string) => `${CID_PREFIX}${encodeURIComponent(safeDecode(id))}`);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
