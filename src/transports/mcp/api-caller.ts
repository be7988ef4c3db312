/**
 * What the MCP tools act through: one REST API call made with the caller's own API key. Both
 * implementations reach the API's routes (the key check, key scopes, tenant isolation, team
 * access, rate limit and audit log all apply), so a tool can never do more than its key may.
 */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** the API path, e.g. `/inboxes/withOptions` */
  path: string;
  /** query parameters; undefined values are left out */
  query?: Record<string, string | number | boolean | undefined>;
  /** a JSON body */
  body?: unknown;
  /** aborts the call (a held wait is released server-side at once) */
  signal?: AbortSignal;
}

export interface ApiResponse {
  status: number;
  /** the parsed JSON answer, the text when it is not JSON, undefined when empty */
  body: unknown;
}

export interface ApiCaller {
  call(request: ApiRequest): Promise<ApiResponse>;
}

/** The path with its query string (values encoded, undefined ones left out). */
export function pathWithQuery(request: Pick<ApiRequest, 'path' | 'query'>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `${request.path}?${query}` : request.path;
}

/** A body as the API sent it: JSON parsed, other text as is, nothing as undefined. */
export function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls a Pigeonhole server over HTTP with fetch (the stdio MCP server of `pigeonhole mcp`):
 * the key goes in `x-api-key` on every call.
 */
export function httpApiCaller(baseUrl: string, apiKey: string): ApiCaller {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async call(request) {
      const headers: Record<string, string> = { 'x-api-key': apiKey, accept: 'application/json' };
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${base}${pathWithQuery(request)}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: request.signal,
      });
      return { status: response.status, body: parseBody(await response.text()) };
    },
  };
}
