import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

/** How long a browser may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/**
 * CORS for every route, so the official client (and plain fetch) works from a page on another
 * origin: preflight `OPTIONS` is answered at once, before routing and without a key, and every
 * answer (errors included) carries Access-Control-Allow-Origin for an allowed origin. Never with
 * credentials: the key is the x-api-key header (or the apiKey parameter), never a cookie, so
 * there is nothing a foreign page could ride on. `origins` '*' allows any origin; a list allows
 * those only (others get no CORS headers, and the browser withholds the answer).
 */
export async function registerCors(app: FastifyInstance, origins: '*' | readonly string[]): Promise<void> {
  await app.register(cors, {
    origin: origins === '*' ? '*' : [...origins],
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // allowedHeaders unset: the preflight's Access-Control-Request-Headers (x-api-key, content-type) are allowed as asked.
    exposedHeaders: ['Content-Disposition', 'Location'],
    maxAge: PREFLIGHT_MAX_AGE,
    // A bare OPTIONS (no Origin) is answered like a preflight rather than with a plain-text 400.
    strictPreflight: false,
  });
}
