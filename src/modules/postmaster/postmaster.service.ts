import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { AppError, badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type {
  PostmasterConnectionRecord, PostmasterDomainRecord, PostmasterRepository, PostmasterTrafficStatsRecord,
} from '../../storage/ports.js';

/** The operator's OAuth 2 client and Google's endpoints (PIGEONHOLE_POSTMASTER_*). */
export interface PostmasterClientSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

export const POSTMASTER_SCOPE = 'https://www.googleapis.com/auth/postmaster.readonly';
/** Pages fetched per sync at most (Google answers up to pageSize items each). */
const MAX_PAGES = 50;
const PAGE_SIZE = 100;
/** An access token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;
const NOT_CONFIGURED = 'Google Postmaster Tools is not configured on this server: the operator sets PIGEONHOLE_POSTMASTER_CLIENT_ID, PIGEONHOLE_POSTMASTER_CLIENT_SECRET and PIGEONHOLE_POSTMASTER_REDIRECT_URI (an OAuth 2 client with the Gmail Postmaster Tools API enabled)';

const badGateway = (message: string) => new AppError('UNAVAILABLE', message);

/** `YYYY-MM-DD` of a Google Date ({ year, month, day }) or of Google's `domains/x/trafficStats/YYYYMMDD` name. */
function reportDateOf(stats: Record<string, unknown>): string | null {
  const name = typeof stats.name === 'string' ? stats.name : '';
  const m = /\/trafficStats\/(\d{4})(\d{2})(\d{2})$/.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Google Postmaster Tools connections (DomainMonitorPostmasterController): the authorization URL
 * (scope postmaster.readonly, a state bound to the tenant), the code exchanged for tokens at the
 * token endpoint (kept per tenant, refreshed when expired, never returned), and the domains and
 * daily traffic statistics fetched from the v1 API and stored, so reads need no call to Google.
 */
export class PostmasterService {
  constructor(
    private readonly repo: PostmasterRepository,
    private readonly clock: Clock,
    private readonly client: PostmasterClientSettings | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private settings(): PostmasterClientSettings {
    if (!this.client) throw badRequest(NOT_CONFIGURED);
    return this.client;
  }

  async createConnection(tenantId: string, options: { redirectUri?: string | null; redirectBase?: string | null; emailAddress?: string | null; state?: string | null }) {
    const client = this.settings();
    const redirectUri = options.redirectUri ?? client.redirectUri;
    if (redirectUri !== client.redirectUri) {
      throw badRequest(`redirectUri must be the one registered for the OAuth client (PIGEONHOLE_POSTMASTER_REDIRECT_URI): ${client.redirectUri}`);
    }
    // random, single use, and stored with this tenant's connection: a code can only come back to the tenant that asked
    const state = randomBytes(24).toString('base64url') + (options.state ? `.${options.state}` : '');
    const now = this.clock.now();
    const existing = await this.repo.connection(tenantId);
    await this.repo.saveConnection({
      ...(existing ?? {
        id: newId(), tenantId, status: 'PENDING' as const, connectedEmail: null, scope: null, accessToken: null, refreshToken: null,
        tokenExpiresAt: null, lastSyncedAt: null, lastError: null, createdAt: now,
      }),
      oauthState: state,
      redirectUri,
      connectedEmail: options.emailAddress ?? existing?.connectedEmail ?? null,
      updatedAt: now,
    });
    const url = new URL(client.authUrl);
    url.searchParams.set('client_id', client.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', POSTMASTER_SCOPE);
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
    url.searchParams.set('include_granted_scopes', 'true');
    url.searchParams.set('state', state);
    if (options.emailAddress) url.searchParams.set('login_hint', options.emailAddress);
    return { url: url.toString(), state, scope: POSTMASTER_SCOPE, redirectUri };
  }

  async exchangeCode(tenantId: string, options: { authorizationCode: string; redirectUri: string; state: string }): Promise<PostmasterConnectionRecord> {
    const client = this.settings();
    const connection = await this.repo.connection(tenantId);
    if (!connection?.oauthState || !sameSecret(connection.oauthState, options.state)) {
      throw badRequest('state is not the one of the connection URL this account created last (createDomainMonitorPostmasterConnection): start again');
    }
    if (options.redirectUri !== connection.redirectUri) {
      throw badRequest(`redirectUri must be the one the connection URL was created with: ${connection.redirectUri}`);
    }
    const tokens = await this.tokenRequest(client, {
      grant_type: 'authorization_code', code: options.authorizationCode, redirect_uri: options.redirectUri,
    });
    const now = this.clock.now();
    if (!tokens.ok) {
      await this.repo.saveConnection({ ...connection, status: 'ERROR', oauthState: null, lastError: tokens.error, updatedAt: now });
      throw badRequest(`Google refused the authorization code: ${tokens.error}`);
    }
    const record: PostmasterConnectionRecord = {
      ...connection,
      status: 'CONNECTED',
      oauthState: null,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? connection.refreshToken,
      tokenExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
      scope: tokens.scope ?? POSTMASTER_SCOPE,
      connectedEmail: tokens.email ?? connection.connectedEmail,
      lastError: null,
      updatedAt: now,
    };
    await this.repo.saveConnection(record);
    return record;
  }

  async connection(tenantId: string): Promise<PostmasterConnectionRecord | undefined> {
    return this.repo.connection(tenantId);
  }

  /** Forgets the connection, its tokens and everything fetched with it (idempotent). */
  async disconnect(tenantId: string): Promise<void> {
    await this.repo.deleteConnection(tenantId);
  }

  domains(tenantId: string): Promise<PostmasterDomainRecord[]> {
    return this.repo.domains(tenantId);
  }

  async syncDomains(tenantId: string): Promise<PostmasterDomainRecord[]> {
    const client = this.settings();
    const found: Array<Record<string, unknown>> = [];
    await this.pages(tenantId, client, `${client.apiUrl}/v1/domains`, {}, 'domains', found);
    const now = this.clock.now();
    const domains = found.flatMap((d) => {
      const name = typeof d.name === 'string' ? d.name : '';
      if (!name.startsWith('domains/')) return [];
      const createTime = typeof d.createTime === 'string' && !Number.isNaN(Date.parse(d.createTime)) ? new Date(d.createTime) : null;
      return [{
        domain: name.slice('domains/'.length).toLowerCase(), name,
        permission: typeof d.permission === 'string' ? d.permission : null, createTime, lastSyncedAt: now,
      }];
    });
    await this.repo.saveDomains(tenantId, domains, now);
    await this.touch(tenantId, now);
    return this.repo.domains(tenantId);
  }

  trafficStats(tenantId: string, domain: string, range: { startDate?: string; endDate?: string }): Promise<PostmasterTrafficStatsRecord[]> {
    return this.repo.trafficStats(tenantId, domain.toLowerCase(), range);
  }

  async syncTrafficStats(tenantId: string, domain: string, range: { startDate?: string; endDate?: string }): Promise<PostmasterTrafficStatsRecord[]> {
    const client = this.settings();
    const wanted = domain.toLowerCase();
    const query: Record<string, string> = {};
    const dateParts = (prefix: string, iso: string) => {
      const [y, m, d] = iso.split('-');
      query[`${prefix}.year`] = String(Number(y));
      query[`${prefix}.month`] = String(Number(m));
      query[`${prefix}.day`] = String(Number(d));
    };
    if (range.startDate) dateParts('startDate', range.startDate);
    // Google's endDate is exclusive; ours is the last day wanted
    if (range.endDate) dateParts('endDate', new Date(Date.parse(`${range.endDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
    const found: Array<Record<string, unknown>> = [];
    await this.pages(tenantId, client, `${client.apiUrl}/v1/domains/${encodeURIComponent(wanted)}/trafficStats`, query, 'trafficStats', found);
    const now = this.clock.now();
    const records = found.flatMap((stats) => {
      const reportDate = reportDateOf(stats);
      return reportDate ? [{ tenantId, domain: wanted, reportDate, name: String(stats.name), payload: stats, syncedAt: now }] : [];
    });
    await this.repo.saveTrafficStats(records);
    await this.touch(tenantId, now);
    return this.repo.trafficStats(tenantId, wanted, range);
  }

  private async touch(tenantId: string, now: Date): Promise<void> {
    const c = await this.repo.connection(tenantId);
    if (c) await this.repo.saveConnection({ ...c, lastSyncedAt: now, lastError: null, updatedAt: now });
  }

  /** Every page of a Google list (`nextPageToken`), items of `key` appended to `into`. */
  private async pages(tenantId: string, client: PostmasterClientSettings, base: string, query: Record<string, string>, key: string, into: Array<Record<string, unknown>>) {
    let token = await this.accessToken(tenantId, client);
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = new URL(base);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      url.searchParams.set('pageSize', String(PAGE_SIZE));
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      let response = await this.call(url, token);
      if (response.status === 401) {
        // revoked or expired early: one refresh, then the request again
        token = await this.accessToken(tenantId, client, true);
        response = await this.call(url, token);
      }
      const body = await response.json().catch(() => ({})) as Record<string, unknown>;
      if (!response.ok) {
        const message = (body.error as { message?: string } | undefined)?.message ?? `HTTP ${response.status}`;
        await this.failed(tenantId, `Postmaster Tools API ${url.pathname}: ${message}`);
        if (response.status === 403 || response.status === 404) throw badRequest(`Google Postmaster Tools refused ${url.pathname}: ${message}`);
        throw badGateway(`Google Postmaster Tools answered ${response.status} for ${url.pathname}: ${message}`);
      }
      const items = body[key];
      if (Array.isArray(items)) into.push(...items.filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null));
      pageToken = typeof body.nextPageToken === 'string' && body.nextPageToken ? body.nextPageToken : undefined;
      if (!pageToken) return;
    }
  }

  private async call(url: URL, token: string): Promise<Response> {
    try {
      return await this.fetchImpl(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      throw badGateway(`Google Postmaster Tools could not be reached: ${(error as Error).message}`);
    }
  }

  private async failed(tenantId: string, message: string) {
    const c = await this.repo.connection(tenantId);
    if (c) await this.repo.saveConnection({ ...c, status: c.status === 'CONNECTED' ? 'ERROR' : c.status, lastError: message, updatedAt: this.clock.now() });
  }

  /** The tenant's access token, refreshed with the refresh token when (nearly) expired or when `force`d. */
  private async accessToken(tenantId: string, client: PostmasterClientSettings, force = false): Promise<string> {
    const c = await this.repo.connection(tenantId);
    if (!c || !c.accessToken) {
      throw badRequest('No Postmaster connection: create one with createDomainMonitorPostmasterConnection, then exchangeDomainMonitorPostmasterCode with the code Google returns');
    }
    const now = this.clock.now();
    if (!force && c.tokenExpiresAt && c.tokenExpiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime()) return c.accessToken;
    if (!c.refreshToken) {
      if (!force) return c.accessToken;
      throw badRequest('The Postmaster access token was refused and there is no refresh token: connect again');
    }
    const tokens = await this.tokenRequest(client, { grant_type: 'refresh_token', refresh_token: c.refreshToken });
    if (!tokens.ok) {
      await this.repo.saveConnection({ ...c, status: 'ERROR', lastError: `token refresh: ${tokens.error}`, updatedAt: now });
      throw badRequest(`Google refused to refresh the Postmaster access token (${tokens.error}): connect again`);
    }
    await this.repo.saveConnection({
      ...c, status: 'CONNECTED', accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? c.refreshToken,
      tokenExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000), scope: tokens.scope ?? c.scope, updatedAt: now,
    });
    return tokens.accessToken;
  }

  /** POST to the token endpoint (RFC 6749 §4.1.3 / §6, client credentials in the form, as Google takes them). */
  private async tokenRequest(client: PostmasterClientSettings, form: Record<string, string>): Promise<
    | { ok: true; accessToken: string; refreshToken?: string; expiresIn: number; scope?: string; email?: string }
    | { ok: false; error: string }
  > {
    let response: Response;
    try {
      response = await this.fetchImpl(client.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ ...form, client_id: client.clientId, client_secret: client.clientSecret }).toString(),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw badGateway(`the OAuth token endpoint could not be reached: ${(error as Error).message}`);
    }
    const body = await response.json().catch(() => ({})) as Record<string, unknown>;
    if (!response.ok || typeof body.access_token !== 'string') {
      if (response.status >= 500) throw badGateway(`the OAuth token endpoint answered ${response.status}`);
      const error = [body.error, body.error_description].filter((x) => typeof x === 'string').join(': ') || `HTTP ${response.status}`;
      return { ok: false, error };
    }
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    return {
      ok: true,
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
      expiresIn,
      scope: typeof body.scope === 'string' ? body.scope : undefined,
      email: emailOfIdToken(body.id_token),
    };
  }
}

/** The `email` claim of an OpenID id_token received straight from the token endpoint over TLS (OIDC §3.1.3.7: no signature check needed). */
function emailOfIdToken(idToken: unknown): string | undefined {
  if (typeof idToken !== 'string') return undefined;
  const payload = idToken.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : undefined;
  } catch {
    return undefined;
  }
}
