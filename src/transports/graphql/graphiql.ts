import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ASSET_BASE, LOADER_JS, PAGE_CSS, PAGE_HTML } from './graphiql-page.js';

/**
 * The GraphiQL page, served from bundled assets: our page and loader (graphiql-page.ts),
 * GraphiQL's browser build and React 18's from node_modules. Nothing is fetched from
 * another origin, and the page and its files carry the dashboard's kind of headers.
 *
 * It is public: a browser opening `/graphql` cannot send x-api-key, so the page carries no
 * data; the queries it sends are POSTs to `/graphql`, which need the key like any API call.
 * Users put `{"x-api-key": "..."}` in GraphiQL's Headers tab (GraphiQL keeps it for the
 * next visit).
 *
 * `GET /graphql` also runs queries given as `?query=` (mercurius, authenticated). The page
 * answers only a browser's navigation: GET, Accept including text/html, and no query. A route
 * constraint picks between the two routes, so the authenticated one never sees page requests.
 */
const GRAPHQL_PATH = '/graphql';
const PAGE = 'page';

/**
 * As the dashboard's policy (dashboard.ts), narrowed to what GraphiQL needs: its own scripts
 * only (no inline script, no eval), inline styles (GraphiQL and CodeMirror set style
 * attributes), its fonts as data: URLs in its stylesheet, and requests to this origin only.
 */
const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const require = createRequire(import.meta.url);
/** A file of an installed package; React's `exports` leave out its umd/ builds, so from its folder. */
const inPackage = (name: string, file: string) => join(dirname(require.resolve(`${name}/package.json`)), file);
/** Each bundled file: its type and where it is in node_modules (read once, on first use). */
const BUNDLED: Record<string, { type: string; path: () => string }> = {
  'graphiql.min.js': { type: 'application/javascript; charset=utf-8', path: () => inPackage('graphiql', 'graphiql.min.js') },
  'graphiql.min.css': { type: 'text/css; charset=utf-8', path: () => inPackage('graphiql', 'graphiql.min.css') },
  'react.production.min.js': { type: 'application/javascript; charset=utf-8', path: () => inPackage('react', 'umd/react.production.min.js') },
  'react-dom.production.min.js': { type: 'application/javascript; charset=utf-8', path: () => inPackage('react-dom', 'umd/react-dom.production.min.js') },
};
const OWN: Record<string, { type: string; text: string }> = {
  'loader.js': { type: 'application/javascript; charset=utf-8', text: LOADER_JS },
  'page.css': { type: 'text/css; charset=utf-8', text: PAGE_CSS },
};
const read = new Map<string, Buffer>();
const bundled = (name: string): Buffer => {
  let bytes = read.get(name);
  if (!bytes) {
    bytes = readFileSync(BUNDLED[name]!.path());
    read.set(name, bytes);
  }
  return bytes;
};

function wantsPage(req: IncomingMessage): boolean {
  if (req.method !== 'GET' || !String(req.headers.accept ?? '').includes('text/html')) return false;
  const query = new URLSearchParams(req.url?.split('?')[1] ?? '');
  return !query.has('query');
}

const secured = (reply: FastifyReply): FastifyReply =>
  reply
    .header('content-security-policy', PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer');

export async function graphiqlPage(app: FastifyInstance): Promise<void> {
  app.addConstraintStrategy({
    name: 'graphiql',
    storage() {
      const handlers = new Map();
      return {
        get: (value: string) => handlers.get(value) ?? null,
        set: (value: string, handler: unknown) => void handlers.set(value, handler),
      };
    },
    // '' (no route asks for it) for everything that is not a page request...
    deriveConstraint: (req: IncomingMessage) => (wantsPage(req) ? PAGE : ''),
    // ...which then goes on to the unconstrained route: mercurius' GET /graphql.
    mustMatchWhenDerived: false,
  });

  const sendPage = (_request: unknown, reply: FastifyReply) =>
    secured(reply).header('vary', 'accept').header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE_HTML);

  app.get(GRAPHQL_PATH, { constraints: { graphiql: PAGE }, schema: { hide: true } }, sendPage);
  // mercurius' usual address for the page
  app.get('/graphiql', { schema: { hide: true } }, sendPage);
  app.get<{ Params: { name: string } }>(`${ASSET_BASE}/:name`, { schema: { hide: true } }, (request, reply) => {
    const { name } = request.params;
    const own = Object.hasOwn(OWN, name) ? OWN[name] : undefined;
    const file = Object.hasOwn(BUNDLED, name) ? BUNDLED[name] : undefined;
    if (!own && !file) return reply.code(404).send({ message: `No GraphiQL asset named ${name}`, statusCode: 404, error: 'Not Found' });
    // the versions are fixed by the installed packages; a restart after an upgrade serves the new ones
    return secured(reply).header('cache-control', 'public, max-age=3600').type(own?.type ?? file!.type).send(own ? own.text : bundled(name));
  });
}
