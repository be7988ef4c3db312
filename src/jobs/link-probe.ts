import http from 'node:http';
import https from 'node:https';
import { agentsFor, BlockedTarget, checkTarget, pinnedLookup, type PostOptions } from './webhook-http.js';
import type { ResolvedAddress } from './outbound-targets.js';

/** What checking one link came to: the final status, or why there was none. */
export interface ProbeResult {
  /** the final HTTP status (after redirects); null when no response came */
  status: number | null;
  /** why no status: refused by the private-address guard, timeout, connection error */
  error: string | null;
  /** true when the guard refused the target (not a fault of the link itself) */
  refused: boolean;
}

const MAX_REDIRECTS = 5;

/**
 * Checks a link the way a link checker does: HEAD first and, when HEAD is refused or fails
 * (many servers answer 405, 403 or 404 to HEAD, or hang up), a GET whose body is never read.
 * Every hop, redirects included, goes through the webhook guard (checkTarget): same policy,
 * same pinned addresses, same agents. One timeout covers the whole check.
 */
export async function probeUrl(url: string, options: PostOptions): Promise<ProbeResult> {
  const head = await probe(url, 'HEAD', options);
  if (head.refused || (head.status !== null && head.status < 400)) return head;
  const get = await probe(url, 'GET', options);
  // The GET's answer wins unless it got none where HEAD got one.
  return get.status === null && head.status !== null ? head : get;
}

async function probe(url: string, method: 'HEAD' | 'GET', options: PostOptions): Promise<ProbeResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { status: null, error: `not a URL: ${url}`, refused: false };
  }
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await checkTarget(target, options, signal);
      const answer = await once(target, method, options, pinned, signal);
      if (answer.status >= 300 && answer.status < 400 && answer.location && hop < MAX_REDIRECTS) {
        target = new URL(answer.location, target);
        continue;
      }
      return { status: answer.status, error: null, refused: false };
    }
  } catch (err) {
    if (err instanceof BlockedTarget) return { status: null, error: `target refused: ${err.message}`, refused: true };
    const reason = signal.aborted ? `no response within ${options.timeoutMs} ms` : (err as Error).message || String(err);
    return { status: null, error: reason, refused: false };
  }
}

function once(url: URL, method: string, options: PostOptions, pinned: ResolvedAddress[] | null, signal: AbortSignal) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const agents = agentsFor(options.blockPrivate);
    const request = (secure ? https : http).request(url, {
      method,
      headers: { 'user-agent': 'Pigeonhole link check', accept: '*/*' },
      agent: secure ? (options.insecure ? agents.insecure : agents.https) : agents.http,
      lookup: pinned ? pinnedLookup(pinned) : undefined,
      signal,
    }, (response) => {
      // Only the status matters: the body is not read, the socket is not kept.
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      response.destroy();
    });
    request.on('error', reject);
    request.end();
  });
}
