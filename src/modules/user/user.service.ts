import type { Clock } from '../../core/clock.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { hashApiKey, newApiKey, newId, randomToken } from '../../core/ids.js';
import type { PageRequest } from '../../core/paging.js';
import type { Principal } from '../../core/principal.js';
import type { ApiKeyRecord, ApiKeyScope, Repositories, Slice, UserRecord } from '../../storage/ports.js';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface IssuedKey {
  record: ApiKeyRecord;
  /** the key itself: shown once, never stored */
  apiKey: string;
}

/** What a new key may carry besides its secret (agent-scoped keys, modules/api-keys). */
export interface KeyOptions {
  name?: string | null;
  scope?: ApiKeyScope | null;
  expiresAt?: Date | null;
}

/** Users are tenants; API keys are stored only as hashes. */
/** Tries of the admin bootstrap when nodes starting together collide (each try reads again). */
const BOOTSTRAP_ATTEMPTS = 5;

export class UserService {
  constructor(
    private readonly repos: Pick<Repositories, 'users' | 'apiKeys'>,
    private readonly clock: Clock,
  ) {}

  async createUser(input: { email: string; name?: string | null; isAdmin?: boolean }): Promise<{ user: UserRecord; key: IssuedKey }> {
    const email = input.email.trim().toLowerCase();
    if (!EMAIL_RE.test(email)) throw badRequest(`'${input.email}' is not an email address`);
    if (await this.repos.users.findByEmail(email)) throw conflict(`A user with email ${email} already exists`);
    const user: UserRecord = {
      id: newId(),
      email,
      name: input.name?.trim() || null,
      isAdmin: input.isAdmin ?? false,
      createdAt: this.clock.now(),
      organizationId: null,
      orgRole: null,
      active: true,
    };
    await this.repos.users.create(user);
    return { user, key: await this.issueKey(user.id) };
  }

  listUsers(page: PageRequest): Promise<Slice<UserRecord>> {
    return this.repos.users.list(page);
  }

  async getUser(userId: string): Promise<UserRecord> {
    const user = await this.repos.users.findById(userId);
    if (!user) throw notFound(`No user ${userId}`);
    return user;
  }

  async issueKey(userId: string, apiKey: string = newApiKey(), options: KeyOptions = {}): Promise<IssuedKey> {
    await this.getUser(userId);
    const record: ApiKeyRecord = {
      id: newId(),
      tenantId: userId,
      keyPrefix: apiKey.slice(0, 7),
      createdAt: this.clock.now(),
      revokedAt: null,
      name: options.name ?? null,
      scope: options.scope ?? null,
      expiresAt: options.expiresAt ?? null,
    };
    await this.repos.apiKeys.create(record, hashApiKey(apiKey));
    return { record, apiKey };
  }

  async listKeys(userId: string): Promise<ApiKeyRecord[]> {
    await this.getUser(userId);
    return this.repos.apiKeys.listForTenant(userId);
  }

  async revokeKey(userId: string, keyId: string): Promise<void> {
    const revoked = await this.repos.apiKeys.revoke(userId, keyId, this.clock.now());
    if (!revoked) throw notFound(`User ${userId} has no active API key ${keyId}`);
  }

  async resolve(apiKey: string): Promise<Principal | undefined> {
    const found = await this.repos.apiKeys.findActiveByHash(hashApiKey(apiKey));
    if (!found) return undefined;
    // An expired key is refused like a revoked one.
    if (found.key.expiresAt && found.key.expiresAt.getTime() <= this.clock.now().getTime()) return undefined;
    return {
      userId: found.user.id,
      tenantId: found.user.id,
      email: found.user.email,
      isAdmin: found.user.isAdmin,
      apiKeyId: found.key.id,
      organizationId: found.user.organizationId,
      orgRole: found.user.orgRole,
      keyScope: found.key.scope ?? null,
    };
  }

  /**
   * Makes sure an admin exists. With a configured key, that key becomes (or stays) an
   * admin key. Without one, the first start creates the admin and returns its new key
   * so the caller can persist and print it; later starts return nothing.
   */
  async bootstrapAdmin(adminEmail: string, configuredKey?: string): Promise<{ generatedKey?: string; admin: UserRecord }> {
    // Nodes started together on one empty database race to create the admin and to store the
    // configured key; a loser's insert hits the winner's row, and looking again finds it.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.bootstrapOnce(adminEmail, configuredKey);
      } catch (err) {
        if (attempt >= BOOTSTRAP_ATTEMPTS) throw err;
      }
    }
  }

  private async bootstrapOnce(adminEmail: string, configuredKey?: string): Promise<{ generatedKey?: string; admin: UserRecord }> {
    let admin = await this.repos.users.findFirstAdmin();
    if (configuredKey) {
      const owner = await this.repos.apiKeys.findActiveByHash(hashApiKey(configuredKey));
      if (owner && !owner.user.isAdmin) {
        throw new Error('PIGEONHOLE_API_KEY is already the key of a non-admin user; choose another admin key');
      }
      if (owner) return { admin: owner.user };
      admin ??= (await this.createAdminUser(adminEmail)).admin;
      await this.issueKey(admin.id, configuredKey);
      return { admin };
    }
    if (admin) return { admin };
    const made = await this.createAdminUser(adminEmail);
    // Made by another node starting at the same moment: that node generates and shows the key.
    if (!made.created) return { admin: made.admin };
    admin = made.admin;
    const { apiKey } = await this.issueKey(admin.id);
    return { admin, generatedKey: apiKey };
  }

  private async createAdminUser(preferredEmail: string): Promise<{ admin: UserRecord; created: boolean }> {
    // A user may already hold admin@<domain> (created before the first start); the
    // admin then gets a variant of that address rather than the start failing.
    let email = preferredEmail;
    for (let holder = await this.repos.users.findByEmail(email); holder; holder = await this.repos.users.findByEmail(email)) {
      // Another node starting at the same moment made the admin already: it is the one.
      if (holder.isAdmin) return { admin: holder, created: false };
      email = preferredEmail.replace('@', `+${randomToken(6)}@`);
    }
    const admin: UserRecord = {
      id: newId(), email, name: 'Administrator', isAdmin: true, createdAt: this.clock.now(), organizationId: null, orgRole: null, active: true,
    };
    await this.repos.users.create(admin);
    return { admin, created: true };
  }
}
