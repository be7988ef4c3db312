import { timingSafeEqual, createHash } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { newId, randomToken } from '../../core/ids.js';
import type {
  InboxRecord, InboxRepository, MailCredentialRecord, MailCredentialRepository, MailProtocol,
} from '../../storage/ports.js';

/**
 * Where mail clients reach this server. The ports are only known once the listeners are up
 * (port 0 picks a free one), so startServer fills them in after listening.
 */
export interface MailEndpoints {
  host: string;
  /** SMTP: plain (STARTTLS only with a configured certificate or PIGEONHOLE_SMTP_STARTTLS) */
  smtpPort: number;
  /** SMTP: implicit TLS */
  smtpsPort: number;
  /** SMTP: plain greeting, STARTTLS required before AUTH; the access details' secure SMTP port */
  smtpSubmissionPort: number;
  /** IMAP: plain with STARTTLS, and implicit TLS */
  imapPort: number;
  imapsPort: number;
}

/** A login checked by a transport: which tenant, and which inbox (null = any of the tenant's). */
export interface MailLogin {
  tenantId: string;
  inboxId: string | null;
  username: string;
}

const USERNAME_RE = /^[A-Za-z0-9._@+-]{3,128}$/;
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 256;

/** One SMTP AUTH or IMAP LOGIN, told to `onLogin` (the audit log). Never the password. */
export interface LoginAttempt {
  protocol: MailProtocol;
  username: string;
  ip?: string;
  /** undefined when the login was wrong */
  login?: MailLogin;
  /** whose login the username is, right password or not (undefined: no such username) */
  owner?: { tenantId: string; inboxId: string | null };
}

/** Per-inbox and per-tenant SMTP logins, created on first request, as MailSlurp hands them out. */
export class AccessService {
  /** told of every login checked (services.ts points it at the audit log) */
  onLogin?: (attempt: LoginAttempt) => void;

  constructor(
    private readonly credentials: MailCredentialRepository,
    private readonly inboxes: InboxRepository,
    private readonly clock: Clock,
    readonly endpoints: MailEndpoints,
  ) {}

  /** The login of the inbox (or of the tenant when inboxId is absent), made on first use. */
  async credential(tenantId: string, inboxId: string | undefined, protocol: MailProtocol): Promise<{ login: MailCredentialRecord; inbox: InboxRecord | null }> {
    const inbox = inboxId ? await this.inboxOf(tenantId, inboxId) : null;
    const now = this.clock.now();
    const login = await this.credentials.findOrCreate({
      id: newId(),
      tenantId,
      inboxId: inbox?.id ?? null,
      protocol,
      // Random and unguessable: the username alone must not tell which inbox it opens.
      username: `${protocol}-${randomToken(16).toLowerCase()}`,
      password: randomToken(24),
      createdAt: now,
      updatedAt: now,
    });
    return { login, inbox };
  }

  async update(tenantId: string, inboxId: string | undefined, protocol: MailProtocol, change: { username?: string | null; password?: string | null }): Promise<void> {
    const field = (name: string) => `${protocol}${name}`;
    const username = change.username?.trim() || undefined;
    const password = change.password || undefined;
    if (username !== undefined && !USERNAME_RE.test(username)) {
      throw badRequest(`${field('Username')} must be 3 to 128 letters, digits or . _ @ + -`);
    }
    if (password !== undefined && (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD)) {
      throw badRequest(`${field('Password')} must be ${MIN_PASSWORD} to ${MAX_PASSWORD} characters long`);
    }
    if (!username && !password) throw badRequest(`Give ${field('Username')} or ${field('Password')} to change`);
    // Make sure the login exists (it is created lazily), then change it.
    await this.credential(tenantId, inboxId, protocol);
    const changed = await this.credentials.update(tenantId, inboxId ?? null, protocol, { username, password }, this.clock.now());
    if (!changed) throw conflict(`${field('Username')} ${username} is already taken`);
  }

  /** Checks a login offered over SMTP AUTH or IMAP LOGIN; undefined when it is wrong. */
  async authenticate(protocol: MailProtocol, username: string, password: string, ip?: string): Promise<MailLogin | undefined> {
    const login = await this.credentials.findByUsername(protocol, username);
    // Compare digests so the comparison takes the same time whatever the lengths.
    const digest = (value: string) => createHash('sha256').update(value).digest();
    const matches = timingSafeEqual(digest(login?.password ?? ''), digest(password));
    const result = login && matches ? { tenantId: login.tenantId, inboxId: login.inboxId, username: login.username } : undefined;
    this.onLogin?.({ protocol, username, ip, login: result, owner: login ? { tenantId: login.tenantId, inboxId: login.inboxId } : undefined });
    return result;
  }

  /**
   * The mailbox a client of this IMAP login should SELECT: INBOX for an inbox login; for the
   * account login the first folder LIST shows that can be selected (its oldest inbox, by
   * address), or INBOX while the account has no inbox.
   */
  async imapMailbox(login: { tenantId: string; inboxId: string | null }): Promise<string> {
    if (login.inboxId) return 'INBOX';
    const [oldest] = await this.inboxes.list(login.tenantId, {}, 'ASC', 1);
    return oldest?.emailAddress ?? 'INBOX';
  }

  /** The inbox an authenticated session may send from, by its MAIL FROM address. */
  async senderFor(login: MailLogin, address: string): Promise<InboxRecord | undefined> {
    const inbox = await this.inboxes.findByAddress(address.trim().toLowerCase());
    if (!inbox || inbox.tenantId !== login.tenantId) return undefined;
    if (login.inboxId && inbox.id !== login.inboxId) return undefined;
    return inbox;
  }

  private async inboxOf(tenantId: string, inboxId: string): Promise<InboxRecord> {
    const inbox = await this.inboxes.findById(tenantId, inboxId);
    if (!inbox) throw notFound(`No inbox ${inboxId}`);
    return inbox;
  }
}
