import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { forbidden, unauthorized } from '../../core/errors.js';
import type { ServerSecretRepository } from '../../storage/ports.js';

/** What a preview link opens: a received email or a sent one. */
export type PreviewScope = 'email' | 'sent';

/** The query parameter preview links carry their token in. */
export const PREVIEW_TOKEN_PARAM = 'token';

/** How long a preview link opens its email when PIGEONHOLE_PREVIEW_URL_TTL is not set: one hour. */
export const DEFAULT_PREVIEW_URL_TTL_MS = 60 * 60 * 1000;

/** Name of the signing key in the server's secrets (storage/ports/server-secrets.ts). */
const KEY_NAME = 'preview-url-signing-key';

/** What a token says; ids are the record's own, `exp` is epoch milliseconds. */
interface TokenPayload {
  s: PreviewScope;
  id: string;
  t: string;
  exp: number;
}

const NOUN: Record<PreviewScope, string> = { email: 'email', sent: 'sent email' };

/**
 * Signed, expiring, per-email tokens for the links getEmailPreviewURLs and
 * getSentEmailPreviewURLs hand out, so a browser (or cy.visit) opens them with no key header.
 *
 * A token is `base64url(JSON {s, id, t, exp}).base64url(HMAC-SHA256)`: it names the scope
 * (received or sent), the email's id, the tenant and the expiry, and is signed with a key of
 * this server (32 random bytes, made on first use and kept in the database, so every node
 * sharing it signs and checks alike). It never contains or derives from an API key. It opens
 * only the email it names, only until it expires.
 */
export class PreviewTokenService {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly secrets: ServerSecretRepository,
    private readonly clock: Clock,
    /** milliseconds a token stays valid */
    readonly ttlMs: number = DEFAULT_PREVIEW_URL_TTL_MS,
  ) {}

  /** A token opening `scope` record `id` of `tenantId` until now + ttl. */
  async sign(scope: PreviewScope, id: string, tenantId: string): Promise<{ token: string; expiresAt: Date }> {
    const exp = this.clock.now().getTime() + this.ttlMs;
    const payload = Buffer.from(JSON.stringify({ s: scope, id, t: tenantId, exp } satisfies TokenPayload)).toString('base64url');
    return { token: `${payload}.${await this.mac(payload)}`, expiresAt: new Date(exp) };
  }

  /**
   * The tenant whose `scope` record `id` the token opens. A token that is malformed, altered,
   * signed by another server or expired is 401; a valid token for another record is 403.
   */
  async verify(token: string, scope: PreviewScope, id: string): Promise<{ tenantId: string }> {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) {
      throw unauthorized(`Invalid preview token: not a token of this server; get a fresh link from ${linkOperation(scope)}`);
    }
    // Compared as text, not as decoded bytes: base64url's spare bits give no second spelling.
    const expected = Buffer.from(await this.mac(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw unauthorized(`Invalid preview token: its signature does not match (altered, or not made by this server); get a fresh link from ${linkOperation(scope)}`);
    }
    const claims = parsePayload(payload);
    if (!claims) throw unauthorized('Invalid preview token: unreadable contents');
    if (claims.exp <= this.clock.now().getTime()) {
      throw unauthorized(`The preview token expired at ${new Date(claims.exp).toISOString()}; get a fresh link from ${linkOperation(claims.s)}`);
    }
    if (claims.s !== scope || claims.id.toLowerCase() !== id.toLowerCase()) {
      throw forbidden(`This preview token opens ${NOUN[claims.s]} ${claims.id} only, not ${NOUN[scope]} ${id}`);
    }
    return { tenantId: claims.t };
  }

  private async mac(payload: string): Promise<string> {
    return createHmac('sha256', await this.signingKey()).update(payload).digest('base64url');
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= this.secrets.getOrCreate(KEY_NAME, randomBytes(32).toString('hex')).then(
      (hex) => Buffer.from(hex, 'hex'),
      (err: unknown) => {
        // A failed read (database down) is retried on the next use, not remembered.
        this.key = undefined;
        throw err;
      },
    );
    return this.key;
  }
}

/** `urls` with the token added to the two links (the origin stays as it is). */
export function withPreviewToken<T extends { rawSmtpMessageUrl: string; plainHtmlBodyUrl: string }>(urls: T, token: string): T {
  const add = (url: string) => `${url}${url.includes('?') ? '&' : '?'}${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(token)}`;
  return { ...urls, rawSmtpMessageUrl: add(urls.rawSmtpMessageUrl), plainHtmlBodyUrl: add(urls.plainHtmlBodyUrl) };
}

const linkOperation = (scope: PreviewScope) => (scope === 'sent' ? 'getSentEmailPreviewURLs' : 'getEmailPreviewURLs');

function parsePayload(payload: string): TokenPayload | undefined {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenPayload>;
    const ok = (value.s === 'email' || value.s === 'sent') && typeof value.id === 'string' && typeof value.t === 'string'
      && typeof value.exp === 'number' && Number.isFinite(value.exp);
    return ok ? (value as TokenPayload) : undefined;
  } catch {
    return undefined;
  }
}
