import { session } from './session';

/** The API's error body ({status, error, message}) or a network failure. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** One call of the public REST API with the session's key. */
export async function call(method: string, path: string, options: { query?: Query; body?: unknown; key?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const key = options.key ?? session.apiKey();
  if (key) headers['x-api-key'] = key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached');
  }
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      const body = (await response.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      /* not a JSON error body */
    }
    throw new ApiError(response.status, message);
  }
  return response;
}

export const api = {
  get: async <T>(path: string, query?: Query) => (await call('GET', path, { query })).json() as Promise<T>,
  text: async (path: string, query?: Query) => (await call('GET', path, { query })).text(),
  blob: async (path: string) => (await call('GET', path)).blob(),
  post: async <T>(path: string, body: unknown = {}, query?: Query) => json<T>(await call('POST', path, { body, query })),
  put: async <T>(path: string, body?: unknown, query?: Query) => json<T>(await call('PUT', path, { body, query })),
  patch: async <T>(path: string, body?: unknown, query?: Query) => json<T>(await call('PATCH', path, { body, query })),
  del: async (path: string, query?: Query) => {
    await call('DELETE', path, { query });
  },
};

/** Some operations answer with an empty body. */
async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
