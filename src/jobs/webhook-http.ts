import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  AllowList, isLocalhostName, nonPublicRange, parseAddress, systemLookup, type DnsLookup, type ResolvedAddress,
} from './outbound-targets.js';

export { isPrivateAddress } from './outbound-targets.js';

/** What one POST came to. */
export interface HttpAttempt {
  /** the final response status; null when no response came (refused, timeout, blocked) */
  status: number | null;
  /** the first EXCERPT_CHARS characters of the response body */
  bodyExcerpt: string | null;
  durationMs: number;
  /** why no response came */
  error: string | null;
}

export interface PostOptions {
  timeoutMs: number;
  /** refuse non-public targets (after DNS resolution and on every redirect), unless allow-listed */
  blockPrivate: boolean;
  /** targets opened despite the block (PIGEONHOLE_WEBHOOK_ALLOW) */
  allow?: AllowList;
  /** how host names are resolved (the system resolver unless given; tests inject one) */
  lookup?: DnsLookup;
  /** accept any TLS certificate (the webhook's ignoreInsecureSslCertificates) */
  insecure?: boolean;
  /**
   * Which IP-literal targets count as private; nonPublicRange unless given. Tests narrow it
   * to prove the check runs on every redirect hop, as every local address is private.
   */
  isPrivate?: (address: string) => boolean;
}

/** The answer's first characters kept in webhook results and test answers: a short excerpt, documented in the README. */
export const EXCERPT_CHARS = 200;
const MAX_REDIRECTS = 5;

/** A target the private-address guard refused (exported for link-probe.ts). */
export class BlockedTarget extends Error {}

// Keep-alive: a receiver gets many deliveries in a row. Requests under the block get agents of
// their own, so a socket opened while private targets were allowed is never reused under it.
const makeAgents = () => ({
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  insecure: new https.Agent({ keepAlive: true, maxSockets: 64, rejectUnauthorized: false }),
});
const openAgents = makeAgents();
const guardedAgents = makeAgents();
/** The agents a request uses: separate ones under the block (see above). */
export const agentsFor = (blockPrivate: boolean) => (blockPrivate ? guardedAgents : openAgents);

/**
 * Checks one hop's target. Under the block it resolves the host name itself, refuses it if any
 * address is not public (unless allow-listed), and returns the checked addresses: the request
 * connects to those (its lookup answers with them), never to a second, different answer.
 */
export async function checkTarget(url: URL, options: PostOptions, signal: AbortSignal): Promise<ResolvedAddress[] | null> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedTarget(`unsupported scheme ${url.protocol}`);
  if (!options.blockPrivate) return null;
  const allow = options.allow ?? AllowList.EMPTY;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const nonPublic = (address: string) => options.isPrivate
    ? (options.isPrivate(address) ? 'private' : null)
    : nonPublicRange(address);
  const literal = parseAddress(host);
  if (literal) {
    // IP literals are connected to without a lookup, so they are checked here.
    const range = nonPublic(literal.address);
    if (range && !allow.allowsAddress(literal.address, port)) throw new BlockedTarget(`${host} is a private address (${range})`);
    return null;
  }
  const named = allow.allowsName(host, port);
  if (!named && isLocalhostName(host)) throw new BlockedTarget(`${host} is loopback`);
  const lookup = options.lookup ?? systemLookup;
  const addresses = await Promise.race([
    lookup(host),
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
  ]);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!named) {
    for (const { address } of addresses) {
      const range = nonPublic(address);
      if (range && !allow.allowsAddress(address, port)) {
        throw new BlockedTarget(`${host} resolves to the private address ${address} (${range})`);
      }
    }
  }
  return addresses;
}

/** A lookup that answers with the addresses already checked (the pinned answer). */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = (options as { family?: number }).family;
    const fitting = addresses.filter((a) => !family || a.family === family);
    const list = fitting.length > 0 ? fitting : addresses;
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, list);
      return;
    }
    callback(null, list[0]!.address, list[0]!.family);
  };
}

function once(url: URL, method: string, headers: Record<string, string>, body: string | null, options: PostOptions, pinned: ResolvedAddress[] | null, signal: AbortSignal) {
  return new Promise<{ status: number; location: string | undefined; excerpt: string }>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const agents = options.blockPrivate ? guardedAgents : openAgents;
    const request = (secure ? https : http).request(url, {
      method,
      headers: body === null ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      agent: secure ? (options.insecure ? agents.insecure : agents.https) : agents.http,
      lookup: pinned ? pinnedLookup(pinned) : undefined,
      signal,
    }, (response) => {
      let excerpt = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (excerpt.length < EXCERPT_CHARS) excerpt += chunk.slice(0, EXCERPT_CHARS - excerpt.length);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, excerpt }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/** POSTs `body` to `url`, following redirects (each target checked), within one timeout. */
export async function postWebhook(
  target: { url: string; headers: Record<string, string>; body: string },
  options: PostOptions,
): Promise<HttpAttempt> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return { status: null, bodyExcerpt: null, durationMs: 0, error: `invalid URL ${target.url}` };
  }
  let method = 'POST';
  let body: string | null = target.body;
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await checkTarget(url, options, signal);
      const headers = body === null ? withoutContentType(target.headers) : target.headers;
      const answer = await once(url, method, headers, body, options, pinned, signal);
      if (answer.status >= 300 && answer.status < 400 && answer.location && hop < MAX_REDIRECTS) {
        url = new URL(answer.location, url);
        // 307/308 repeat the POST; the older codes turn into a GET, as browsers and fetch do.
        if (answer.status !== 307 && answer.status !== 308) {
          method = 'GET';
          body = null;
        }
        continue;
      }
      return { status: answer.status, bodyExcerpt: answer.excerpt || null, durationMs: elapsed(), error: null };
    }
  } catch (err) {
    const reason = signal.aborted
      ? `no response within ${options.timeoutMs} ms`
      : err instanceof BlockedTarget ? `target refused: ${err.message}` : (err as Error).message || String(err);
    return { status: null, bodyExcerpt: null, durationMs: elapsed(), error: reason };
  }
}

function withoutContentType(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'));
}

/** What a GET fetched: the final status, its Content-Type and the whole body (at most maxBytes). */
export interface FetchedBytes {
  status: number;
  contentType: string | null;
  body: Buffer;
}

/**
 * GETs `url` under the same target policy as webhook POSTs (each hop checked, pinned to the
 * checked addresses), following redirects within one timeout; a body over `maxBytes` is cut
 * off and refused. Throws an Error saying why nothing usable came (refused target, timeout,
 * too large).
 */
export async function fetchBytes(url: string, options: PostOptions & { maxBytes: number }): Promise<FetchedBytes> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let target = new URL(url);
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await checkTarget(target, options, signal);
      const answer = await getOnce(target, options, pinned, signal);
      if (answer.status >= 300 && answer.status < 400 && answer.location && hop < MAX_REDIRECTS) {
        target = new URL(answer.location, target);
        continue;
      }
      return { status: answer.status, contentType: answer.contentType, body: answer.body };
    }
  } catch (err) {
    if (signal.aborted) throw new Error(`no response within ${options.timeoutMs} ms`);
    if (err instanceof BlockedTarget) throw new Error(`target refused: ${err.message}`);
    throw err;
  }
}

function getOnce(url: URL, options: PostOptions & { maxBytes: number }, pinned: ResolvedAddress[] | null, signal: AbortSignal) {
  return new Promise<{ status: number; location: string | undefined; contentType: string | null; body: Buffer }>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const agents = options.blockPrivate ? guardedAgents : openAgents;
    const request = (secure ? https : http).request(url, {
      method: 'GET',
      agent: secure ? (options.insecure ? agents.insecure : agents.https) : agents.http,
      lookup: pinned ? pinnedLookup(pinned) : undefined,
      signal,
    }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          request.destroy(new Error(`${url.href} is larger than ${options.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({
        status: response.statusCode ?? 0, location: response.headers.location,
        contentType: response.headers['content-type'] ?? null, body: Buffer.concat(chunks),
      }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
