import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { badRequest, forbidden } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { InboxRepository, ListUnsubscribeRecord, ReputationRepository, ServerSecretRepository, Slice } from '../../storage/ports.js';

/** Name of the signing key in the server's secrets (storage/ports/server-secrets.ts). */
const KEY_NAME = 'list-unsubscribe-signing-key';

/** What a token says: tenant, sending inbox and recipient address. */
interface TokenClaims {
  t: string;
  i: string;
  a: string;
}

/**
 * One-click list-unsubscribe (RFC 8058). A link names one recipient of one sending inbox in a
 * token `base64url(JSON {t, i, a}).base64url(HMAC-SHA256)` signed with a key of this server
 * (made on first use, kept in the database so every node checks alike): nobody can unsubscribe
 * an address they were not sent a link for. Tokens do not expire, as the links sit in mail
 * people read long after; an unsubscribe is idempotent.
 */
export class ListUnsubscribeService {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly reputation: ReputationRepository,
    private readonly inboxes: InboxRepository,
    private readonly secrets: ServerSecretRepository,
    private readonly clock: Clock,
    /** where mail readers reach the HTTP API; read on each call (main.ts fills it in after listen) */
    private readonly endpoint: { publicUrl: string },
  ) {}

  /** The RFC 8058 headers of a message from `inboxId` to `recipient`. */
  async headersFor(tenantId: string, inboxId: string, recipient: string): Promise<Record<string, string>> {
    const payload = Buffer.from(JSON.stringify({ t: tenantId, i: inboxId, a: recipient.trim().toLowerCase() } satisfies TokenClaims)).toString('base64url');
    const token = `${payload}.${await this.mac(payload)}`;
    return {
      'List-Unsubscribe': `<${this.endpoint.publicUrl}/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }

  /**
   * The one-click POST: `body` must be RFC 8058's `List-Unsubscribe=One-Click` (form-urlencoded
   * or multipart/form-data), so a link fetched by a scanner with another body unsubscribes nobody.
   */
  async unsubscribe(token: string, body: Buffer | string): Promise<ListUnsubscribeRecord> {
    const claims = await this.verify(token);
    const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
    const oneClick = /(^|&)List-Unsubscribe=One-Click(&|$)/.test(text.trim())
      || /name="?List-Unsubscribe"?[^\r\n]*\r?\n\r?\nOne-Click\r?\n/.test(text);
    if (!oneClick) throw badRequest('The body must be List-Unsubscribe=One-Click (RFC 8058)');
    const inbox = await this.inboxes.findById(claims.t, claims.i);
    return this.reputation.recordUnsubscribe({
      id: newId(), tenantId: claims.t, emailAddress: claims.a, inboxId: claims.i,
      domainId: inbox?.domainId ?? null, createdAt: this.clock.now(),
    });
  }

  async page(tenantId: string, input: { page?: number; size?: number; sort?: SortDirection; domainId?: string }): Promise<{ slice: Slice<ListUnsubscribeRecord>; request: PageRequest }> {
    const request = pageRequest(input);
    return { slice: await this.reputation.pageUnsubscribes(tenantId, { domainId: input.domainId }, request), request };
  }

  private async verify(token: string): Promise<TokenClaims> {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) throw forbidden('Invalid unsubscribe link: not a link of this server');
    const expected = Buffer.from(await this.mac(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw forbidden('Invalid unsubscribe link: its signature does not match (altered, or not made by this server)');
    }
    const claims = parseClaims(payload);
    if (!claims) throw forbidden('Invalid unsubscribe link: unreadable contents');
    return claims;
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

function parseClaims(payload: string): TokenClaims | undefined {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenClaims>;
    return typeof value.t === 'string' && typeof value.i === 'string' && typeof value.a === 'string' ? value as TokenClaims : undefined;
  } catch {
    return undefined;
  }
}
