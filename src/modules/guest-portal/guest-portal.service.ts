import { createHash, createHmac, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Clock } from '../../core/clock.js';
import { badRequest, conflict, notFound, unauthorized } from '../../core/errors.js';
import { newId, randomToken } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type {
  EmailRecord, EmailRepository, EmailSummary, GuestPortalRecord, GuestPortalRepository, GuestUserRecord, InboxRecord, InboxRepository,
  ServerSecretRepository, Slice,
} from '../../storage/ports.js';
import type { InboxService } from '../inbox/inbox.service.js';
import type { CreateInboxInput } from '../inbox/inbox.types.js';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** How long a guest stays logged in after logging in: 12 hours. */
export const GUEST_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** The cookie a guest's session rides in (path-scoped to its portal's pages). */
export const GUEST_SESSION_COOKIE = 'pigeonhole_guest';
/** Where a portal's pages live: `${PORTAL_PAGES}/{portalId}/login`. */
export const PORTAL_PAGES = '/portals';
const KEY_NAME = 'guest-portal-session-key';

export interface PortalInput {
  name?: string | null;
  domainId?: string | null;
  description?: string | null;
  linkHelp?: string | null;
}

export interface GuestInput {
  password?: string | null;
  name?: string | null;
  username?: string | null;
  skipInboxCreation?: boolean | null;
  inboxId?: string | null;
  createInboxOptions?: CreateInboxInput | null;
}

export interface GuestQuery {
  portalId?: string;
  search?: string;
  page?: number;
  size?: number;
  sort?: SortDirection;
  since?: Date;
  before?: Date;
}

/** Failed logins per source address, shared with API keys, SMTP AUTH and IMAP LOGIN (app.ts hands in the transports' one). */
export interface LoginThrottle {
  /** milliseconds the address is still locked out; 0 = not */
  lockedFor(address: string): number;
  failed(address: string): void;
}

/** A login from an address that failed too often: refused without checking the password. */
export class GuestLockedOut extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed logins from your address: try again in ${retryAfterSeconds} s`);
  }
}

/** A logged-in guest: its portal, itself and the inbox it reads (undefined when it has none or it was deleted). */
export interface GuestSession {
  portal: GuestPortalRecord;
  guest: GuestUserRecord;
  inbox: InboxRecord | undefined;
}

/**
 * GuestPortalController and the guests' pages. A portal belongs to a user; its guests each read
 * one inbox of that user (made for them, or named) through server-rendered pages, with no API
 * key: a guest logs in with its username and password (scrypt-hashed; the password is shown
 * once, in createGuestPortalUser's answer) and gets a session cookie signed with a key of this
 * server, which opens only its own portal's pages and only its own inbox's mail.
 */
export class GuestPortalService {
  private key: Promise<Buffer> | undefined;
  /** set by the composition root when failed logins are throttled (app.ts) */
  throttle: LoginThrottle | undefined;

  constructor(
    private readonly portals: GuestPortalRepository,
    private readonly inboxService: InboxService,
    private readonly inboxes: InboxRepository,
    private readonly emails: EmailRepository,
    private readonly secrets: ServerSecretRepository,
    private readonly clock: Clock,
  ) {}

  async createPortal(tenantId: string, input: PortalInput): Promise<GuestPortalRecord> {
    const now = this.clock.now();
    const portal: GuestPortalRecord = {
      id: newId(),
      tenantId,
      name: clean(input.name),
      description: clean(input.description),
      linkHelp: clean(input.linkHelp),
      domainId: input.domainId ?? null,
      createdAt: now,
      updatedAt: now,
    };
    await this.portals.create(portal);
    return portal;
  }

  async getPortal(tenantId: string, portalId: string): Promise<GuestPortalRecord> {
    const portal = await this.portals.findById(tenantId, portalId);
    if (!portal) throw notFound(`No guest portal ${portalId}`);
    return portal;
  }

  listPortals(tenantId: string): Promise<GuestPortalRecord[]> {
    return this.portals.list(tenantId);
  }

  /** A guest of the portal, with the password it logs in with (generated when not given). */
  async createGuest(tenantId: string, portalId: string, input: GuestInput): Promise<{ guest: GuestUserRecord; password: string }> {
    const portal = await this.getPortal(tenantId, portalId);
    const username = input.username?.trim() || `guest-${randomToken(10).toLowerCase()}`;
    if (/[\s]/.test(username)) throw badRequest('username must not contain spaces');
    if (await this.portals.findUserByUsername(portal.id, username)) throw conflict(`Portal ${portal.id} already has a guest named ${username}`);
    const password = input.password ?? randomBytes(18).toString('base64url');
    let inbox: InboxRecord | undefined;
    if (input.inboxId) {
      inbox = await this.inboxes.findById(tenantId, input.inboxId);
      if (!inbox) throw notFound(`No inbox ${input.inboxId}`);
    } else if (!input.skipInboxCreation) {
      inbox = await this.inboxService.create(tenantId, { name: input.name ?? username, ...(input.createInboxOptions ?? {}) });
    }
    const now = this.clock.now();
    const guest: GuestUserRecord = {
      id: newId(),
      tenantId,
      portalId: portal.id,
      name: clean(input.name),
      username,
      emailAddress: inbox?.emailAddress ?? null,
      inboxId: inbox?.id ?? null,
      passwordHash: await hashPassword(password),
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.portals.createUser(guest))) throw conflict(`Portal ${portal.id} already has a guest named ${username}`);
    return { guest, password };
  }

  /** A guest by id; with `portalId`, only a guest of that portal. */
  async getGuest(tenantId: string, guestId: string, portalId?: string): Promise<GuestUserRecord> {
    if (portalId) await this.getPortal(tenantId, portalId);
    const guest = await this.portals.findUser(tenantId, guestId);
    if (!guest || (portalId && guest.portalId !== portalId)) throw notFound(`No guest ${guestId}${portalId ? ` in portal ${portalId}` : ''}`);
    return guest;
  }

  async pageGuests(tenantId: string, query: GuestQuery): Promise<{ slice: Slice<GuestUserRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    const slice = await this.portals.pageUsers(tenantId, { portalId: query.portalId, search: query.search, since: query.since, before: query.before }, request);
    return { slice, request };
  }

  /** pageGuests of one portal: a portal that is not the caller's is a 404. */
  async pagePortalGuests(tenantId: string, portalId: string, query: GuestQuery) {
    await this.getPortal(tenantId, portalId);
    return this.pageGuests(tenantId, { ...query, portalId });
  }

  // ---- the guests' side -------------------------------------------------------------------

  /** The portal a login page is for; undefined when there is none. */
  findPortal(portalId: string): Promise<GuestPortalRecord | undefined> {
    return this.portals.findAnyById(portalId);
  }

  /**
   * Checks a guest's credentials: a session token (the cookie's value) until it expires; 401
   * otherwise. A wrong password counts against the source address like a wrong API key; while the
   * address is locked out, GuestLockedOut without a check.
   */
  async login(portalId: string, username: string, password: string, ip = ''): Promise<{ token: string; expiresAt: Date }> {
    const lockedFor = this.throttle?.lockedFor(ip) ?? 0;
    if (lockedFor > 0) throw new GuestLockedOut(Math.ceil(lockedFor / 1000));
    const guest = username ? await this.portals.findUserByUsername(portalId, username) : undefined;
    // a missing guest costs a hash too, so the answer's timing does not tell which usernames exist
    const ok = await verifyPassword(password, guest?.passwordHash ?? DUMMY_HASH);
    if (!guest || !ok) {
      this.throttle?.failed(ip);
      throw unauthorized('Wrong username or password');
    }
    const exp = this.clock.now().getTime() + GUEST_SESSION_TTL_MS;
    const payload = Buffer.from(JSON.stringify({ g: guest.id, p: portalId, exp, h: fingerprint(guest.passwordHash) })).toString('base64url');
    return { token: `${payload}.${await this.mac(payload)}`, expiresAt: new Date(exp) };
  }

  /** The guest a session token opens the portal for; 401 when it is missing, altered, expired or of another portal. */
  async session(portalId: string, token: string | undefined): Promise<GuestSession> {
    if (!token) throw unauthorized('Not logged in');
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) throw unauthorized('Not a session of this server');
    const expected = Buffer.from(await this.mac(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized('Not a session of this server');
    let claims: { g?: unknown; p?: unknown; exp?: unknown; h?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      throw unauthorized('Not a session of this server');
    }
    if (typeof claims.exp !== 'number' || claims.exp <= this.clock.now().getTime()) throw unauthorized('Your session expired: log in again');
    if (claims.p !== portalId || typeof claims.g !== 'string') throw unauthorized('This session is for another portal');
    const portal = await this.portals.findAnyById(portalId);
    if (!portal) throw unauthorized('This portal no longer exists');
    const guest = await this.portals.findUser(portal.tenantId, claims.g);
    if (!guest || guest.portalId !== portalId || claims.h !== fingerprint(guest.passwordHash)) throw unauthorized('This guest no longer exists');
    const inbox = guest.inboxId ? await this.inboxes.findById(portal.tenantId, guest.inboxId) : undefined;
    return { portal, guest, inbox };
  }

  /** The mail of the guest's inbox, newest first. */
  async guestEmails(session: GuestSession, page: number, size: number): Promise<{ slice: Slice<EmailSummary>; request: PageRequest }> {
    const request = pageRequest({ page, size, sort: 'DESC' });
    if (!session.inbox) return { slice: { items: [], total: 0 }, request };
    return { slice: await this.emails.page(session.portal.tenantId, { inboxIds: [session.inbox.id] }, request), request };
  }

  /** One email of the guest's inbox; 404 for any other. */
  async guestEmail(session: GuestSession, emailId: string): Promise<EmailRecord> {
    const email = session.inbox ? await this.emails.findById(session.portal.tenantId, emailId) : undefined;
    if (!email || email.inboxId !== session.inbox?.id) throw notFound(`No email ${emailId} in your inbox`);
    return email;
  }

  private async mac(payload: string): Promise<string> {
    this.key ??= this.secrets.getOrCreate(KEY_NAME, randomBytes(32).toString('hex')).then(
      (hex) => Buffer.from(hex, 'hex'),
      (err: unknown) => {
        this.key = undefined;
        throw err;
      },
    );
    return createHmac('sha256', await this.key).update(payload).digest('base64url');
  }
}

const clean = (text: string | null | undefined): string | null => (text?.trim() ? text.trim() : null);

/** scrypt$<salt>$<hash>, both base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

const DUMMY_HASH = `scrypt$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(32).toString('base64url')}`;
const fingerprint = (hash: string) => createHash('sha256').update(hash).digest('base64url').slice(0, 16);
