/**
 * A local stand-in for Google's OAuth 2 token endpoint and the Gmail Postmaster Tools API v1, as
 * Google documents them: POST /token (form: grant_type authorization_code or refresh_token, with
 * client_id and client_secret) answers { access_token, expires_in, refresh_token?, scope,
 * token_type } or 400 { error, error_description }; GET /v1/domains and
 * GET /v1/domains/{domain}/trafficStats (Bearer token; pageSize, pageToken, startDate.* /
 * endDate.* with endDate exclusive) answer { domains | trafficStats, nextPageToken } or
 * { error: { code, message, status } }.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGoogle {
  url: string;
  clientId: string;
  clientSecret: string;
  /** the one code the token endpoint accepts (once) */
  issueCode(): string;
  /** every access token handed out so far, in order */
  tokens: string[];
  /** requests seen, as "METHOD path?query" */
  requests: string[];
  /** makes the current access tokens expire (answers 401) */
  expireTokens(): void;
  domains: Array<{ name: string; createTime: string; permission: string }>;
  /** trafficStats per domain, each with `name: domains/{d}/trafficStats/{YYYYMMDD}` */
  stats: Map<string, Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const clientId = 'pigeonhole-test.apps.googleusercontent.com';
  const clientSecret = 'test-client-secret';
  const codes = new Set<string>();
  const valid = new Set<string>();
  const refreshTokens = new Set<string>();
  let n = 0;
  const fake = {
    clientId, clientSecret, tokens: [] as string[], requests: [] as string[],
    domains: [] as FakeGoogle['domains'], stats: new Map<string, Array<Record<string, unknown>>>(),
  };
  const newAccess = () => {
    const token = `ya29.test-${++n}`;
    valid.add(token);
    fake.tokens.push(token);
    return token;
  };
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    fake.requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await bodyOf(req));
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return json(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
      }
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        if (!codes.delete(code)) return json(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
        const refresh = `1//refresh-${n}`;
        refreshTokens.add(refresh);
        return json(res, 200, { access_token: newAccess(), expires_in: 3599, refresh_token: refresh, scope: 'https://www.googleapis.com/auth/postmaster.readonly', token_type: 'Bearer' });
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (!refreshTokens.has(form.get('refresh_token') ?? '')) return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        return json(res, 200, { access_token: newAccess(), expires_in: 3599, scope: 'https://www.googleapis.com/auth/postmaster.readonly', token_type: 'Bearer' });
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!valid.has(token)) {
      return json(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    }
    const pageSize = Number(url.searchParams.get('pageSize') ?? '10');
    const offset = Number(url.searchParams.get('pageToken') ?? '0');
    const page = <T>(items: T[]) => ({
      items: items.slice(offset, offset + pageSize),
      next: offset + pageSize < items.length ? String(offset + pageSize) : undefined,
    });
    if (req.method === 'GET' && url.pathname === '/v1/domains') {
      const { items, next } = page(fake.domains);
      return json(res, 200, { domains: items, ...(next ? { nextPageToken: next } : {}) });
    }
    const m = /^\/v1\/domains\/([^/]+)\/trafficStats$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const domain = decodeURIComponent(m[1]!);
      const all = fake.stats.get(domain);
      if (!all) return json(res, 403, { error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' } });
      const day = (prefix: string) => {
        const y = url.searchParams.get(`${prefix}.year`);
        if (!y) return undefined;
        const pad = (v: string | null) => String(v ?? '0').padStart(2, '0');
        return `${y}${pad(url.searchParams.get(`${prefix}.month`))}${pad(url.searchParams.get(`${prefix}.day`))}`;
      };
      const start = day('startDate');
      const end = day('endDate');
      const inRange = all.filter((s) => {
        const d = String(s.name).slice(-8);
        return (!start || d >= start) && (!end || d < end);
      });
      const { items, next } = page(inRange);
      return json(res, 200, { trafficStats: items, ...(next ? { nextPageToken: next } : {}) });
    }
    json(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    issueCode() {
      const code = `4/0Atest-${++n}`;
      codes.add(code);
      return code;
    },
    expireTokens() {
      valid.clear();
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  });
}
