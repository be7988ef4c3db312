import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The GraphiQL page, served by mercurius' own GraphiQL assets. It is public: a browser opening
 * `/graphql` cannot send x-api-key, so the page carries no data; the queries it sends are
 * POSTs to `/graphql`, which need the key like any API call. Users put
 * `{"x-api-key": "..."}` in GraphiQL's Headers tab (GraphiQL keeps it for the next visit).
 *
 * `GET /graphql` also runs queries given as `?query=` (mercurius, authenticated). The page
 * answers only a browser's navigation: GET, Accept including text/html, and no query. A route
 * constraint picks between the two routes, so the authenticated one never sees page requests.
 */
const GRAPHQL_PATH = '/graphql';
const PAGE = 'page';

/** mercurius ships the page and its loader script; the page then loads GraphiQL from a CDN. */
const STATIC_DIR = join(dirname(createRequire(import.meta.url).resolve('mercurius')), 'static');
const files = new Map<string, string>();
const asset = (name: string): string => {
  let text = files.get(name);
  if (text === undefined) {
    text = readFileSync(join(STATIC_DIR, name), 'utf8');
    files.set(name, text);
  }
  return text;
};

function wantsPage(req: IncomingMessage): boolean {
  if (req.method !== 'GET' || !String(req.headers.accept ?? '').includes('text/html')) return false;
  const query = new URLSearchParams(req.url?.split('?')[1] ?? '');
  return !query.has('query');
}

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
    reply.header('vary', 'accept').type('text/html; charset=utf-8').send(asset('graphiql.html'));

  app.get(GRAPHQL_PATH, { constraints: { graphiql: PAGE }, schema: { hide: true } }, sendPage);
  // mercurius' usual address for the page, and the scripts the page loads relative to it.
  app.get('/graphiql', { schema: { hide: true } }, sendPage);
  app.get('/graphiql/main.js', { schema: { hide: true } }, (_request, reply) => reply.type('application/javascript').send(asset('main.js')));
  app.get('/graphiql/sw.js', { schema: { hide: true } }, (_request, reply) => reply.type('application/javascript').send(asset('sw.js')));
  app.get('/graphiql/config.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/javascript').send(`window.GRAPHQL_ENDPOINT = '${GRAPHQL_PATH}';\nwindow.GRAPHIQL_PLUGIN_LIST = [];\n`));
}
