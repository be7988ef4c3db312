import { createRequire } from 'node:module';
import type * as Cheerio from 'cheerio';

/**
 * cheerio (with parse5 and htmlparser2, about 7 MB of heap) loads on the first HTML that needs
 * it. In a server, HTML work runs on the mail worker threads (html-work.ts), so the main thread
 * seldom does; a worker thread loads it at its start (preloadCheerio in mail-worker.ts), before
 * any task's time budget runs: loaded inside the first task, it made a slow machine's first parse
 * run past its budget. Required, as an import cannot be synchronous; `require` itself where the
 * module runs as CommonJS (tsx on a worker thread), where `import.meta.url` is not set.
 */
let cheerio: typeof Cheerio | undefined;

function cheerioModule(): typeof Cheerio {
  return (cheerio ??= (typeof require === 'function' ? require : createRequire(import.meta.url))('cheerio') as typeof Cheerio);
}

/** cheerio's `load`, loading cheerio on its first call. */
export const loadHtml: typeof Cheerio.load = (...args) => cheerioModule().load(...args);

/** Loads cheerio now (a worker thread, at its start). */
export function preloadCheerio(): void {
  cheerioModule();
}
