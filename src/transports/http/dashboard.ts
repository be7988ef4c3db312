import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * The built dashboard (vite build writes it to dist/web). This file sits three levels below
 * the package root both as source (src/transports/http) and compiled (dist/transports/http).
 */
export const DASHBOARD_DIR = fileURLToPath(new URL('../../../dist/web/', import.meta.url));

/**
 * First path segments that belong to the API and were registered before the dashboard (the
 * rest are collected from every route added later), so a browser navigation never turns an
 * API 404 into the dashboard page.
 */
const API_SEGMENTS = ['docs', 'v3', 'health', 'graphql', 'graphiql', 'schemas'];

/** The page itself may run only its own script; the mail iframes inherit this policy. */
const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Remote images in mail are allowed here and blocked per email by the iframe's own policy
  // (the "block remote content" toggle); a page-wide ban would make that toggle meaningless.
  'img-src * data: blob:',
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const firstSegment = (url: string) => url.split('?')[0]!.split('/').filter(Boolean)[0] ?? '';

/** A top-level browser navigation (not fetch/XHR from a script or a client library). */
const isPageNavigation = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the dashboard at `/` without a key: the page is public, every call it makes carries
 * the user's key. Unknown API paths keep their JSON 404; only browser navigations outside the
 * API get index.html (the single-page fallback).
 */
export async function registerDashboard(app: FastifyInstance, root = DASHBOARD_DIR): Promise<void> {
  const apiSegments = new Set(API_SEGMENTS);
  app.addHook('onRoute', (route) => {
    const segment = firstSegment(route.url);
    if (segment && segment !== '*') apiSegments.add(segment);
  });
  if (!existsSync(`${root}index.html`)) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send('The dashboard is not built: run `npm run build`. The API is served here.'));
    return;
  }

  await app.register(async (web) => {
    await web.register(fastifyStatic, {
      root,
      // Files are listed once at start (the build is done by then); unknown paths fall to the handler below.
      wildcard: false,
      schemaHide: true,
      setHeaders: (res, path) => {
        res.setHeader('content-security-policy', PAGE_CSP);
        res.setHeader('x-content-type-options', 'nosniff');
        res.setHeader('referrer-policy', 'no-referrer');
        // Hashed asset names change with their content; the page itself must always be fresh.
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    web.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (request.method === 'GET' && isPageNavigation(request) && !apiSegments.has(firstSegment(request.url))) {
        return reply.sendFile('index.html');
      }
      return reply.callNotFound();
    });
  });
}
