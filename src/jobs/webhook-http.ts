import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';

/** What one POST came to. */
export interface HttpAttempt {
  /** the final response status; null when no response came (refused, timeout, blocked) */
  status: number | null;
  /** the first characters of the response body */
  bodyExcerpt: string | null;
  durationMs: number;
  /** why no response came */
  error: string | null;
}

export interface PostOptions {
  timeoutMs: number;
  /** refuse loopback, private and link-local targets (after DNS resolution and on every redirect) */
  blockPrivate: boolean;
  /** accept any TLS certificate (the webhook's ignoreInsecureSslCertificates) */
  insecure?: boolean;
  /**
   * Which IP-literal targets count as private; isPrivateAddress unless given. Tests narrow it
   * to prove the check runs on every redirect hop, as every local address is private.
   */
  isPrivate?: (address: string) => boolean;
}

const EXCERPT_CHARS = 1000;
const MAX_REDIRECTS = 5;

/** Addresses a shared server must not be made to call: loopback, private, link-local, CGNAT, unspecified. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.168.0.0', 16], ['198.18.0.0', 15],
] as const) PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class BlockedTarget extends Error {}

/**
 * DNS lookup that refuses private answers: the check runs on the address actually
 * connected to, so a name that resolves differently the second time cannot slip by.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as Array<{ address: string; family: number }>;
    const blocked = list.find((a) => isPrivateAddress(a.address));
    if (blocked) return callback(new BlockedTarget(`${hostname} resolves to the private address ${blocked.address}`), '', 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

// Keep-alive: a receiver gets many deliveries in a row.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  insecure: new https.Agent({ keepAlive: true, maxSockets: 64, rejectUnauthorized: false }),
};

function checkTarget(url: URL, options: PostOptions): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedTarget(`unsupported scheme ${url.protocol}`);
  if (!options.blockPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // IP literals are connected to without a lookup, so they are checked here.
  if (isIP(host) && (options.isPrivate ?? isPrivateAddress)(host)) throw new BlockedTarget(`${host} is a private address`);
  if (host.toLowerCase() === 'localhost' || host.toLowerCase().endsWith('.localhost')) throw new BlockedTarget(`${host} is loopback`);
}

function once(url: URL, method: string, headers: Record<string, string>, body: string | null, options: PostOptions, signal: AbortSignal) {
  return new Promise<{ status: number; location: string | undefined; excerpt: string }>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(url, {
      method,
      headers: body === null ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      agent: secure ? (options.insecure ? agents.insecure : agents.https) : agents.http,
      lookup: options.blockPrivate ? guardedLookup : undefined,
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
      checkTarget(url, options);
      const headers = body === null ? withoutContentType(target.headers) : target.headers;
      const answer = await once(url, method, headers, body, options, signal);
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
