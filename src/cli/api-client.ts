/**
 * The HTTP API of a running server as the CLI commands call it: Node's fetch with the key in
 * x-api-key, JSON in and out, and a failure as one ApiError carrying the server's message.
 */
import { readFileSync } from 'node:fs';
import type { HttpTarget } from '../config/client.js';

export class ApiError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

export interface ApiClient {
  readonly url: string;
  json<T>(method: string, path: string, options?: { query?: Query; body?: unknown }): Promise<T>;
  text(path: string, options?: { query?: Query }): Promise<string>;
}

/**
 * The key to send: the one given (--api-key or PIGEONHOLE_API_KEY), else for admin commands the
 * admin key `serve` saved in the data directory when it generated one.
 */
export function apiKeyFor(target: HttpTarget, admin: boolean): string {
  if (target.apiKey) return target.apiKey;
  if (admin) {
    try {
      const saved = readFileSync(target.adminKeyFile, 'utf8').trim();
      if (saved) return saved;
    } catch {
      // not there or not readable: say what to do below
    }
    throw new ApiError(`no API key: pass --api-key or set PIGEONHOLE_API_KEY (the admin key is not readable at ${target.adminKeyFile}; --data-dir names the server's data directory)`);
  }
  throw new ApiError('no API key: pass --api-key or set PIGEONHOLE_API_KEY');
}

function withQuery(base: string, path: string, query: Query = {}): string {
  const url = new URL(`${base}${path}`);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(one));
  }
  return url.toString();
}

/** The server's own message of a failed request (its error body), else the status line. */
async function failure(response: Response): Promise<ApiError> {
  const text = await response.text();
  let message = `${response.status} ${response.statusText}`.trim();
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) message = `${body.message} (HTTP ${response.status})`;
  } catch {
    if (text.trim()) message = `${text.trim().split('\n')[0]} (HTTP ${response.status})`;
  }
  return new ApiError(message, response.status);
}

export function apiClient(url: string, apiKey: string): ApiClient {
  const request = async (method: string, target: string, body?: unknown): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(target, {
        method,
        headers: { 'x-api-key': apiKey, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new ApiError(`cannot reach ${url}: ${cause?.code ?? cause?.message ?? (err as Error).message} (is pigeonhole serve running? --url names it)`);
    }
    if (!response.ok) throw await failure(response);
    return response;
  };
  return {
    url,
    async json<T>(method: string, path: string, options: { query?: Query; body?: unknown } = {}) {
      const response = await request(method, withQuery(url, path, options.query), options.body);
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async text(path: string, options: { query?: Query } = {}) {
      return (await request('GET', withQuery(url, path, options.query))).text();
    },
  };
}
