/**
 * Organisations: the server admin creates them and puts users in them with a role; an
 * organisation's ADMIN members manage the API keys of its members (so users provisioned by SCIM
 * can get keys without the server admin).
 */
import type { Clock } from '../../core/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Principal } from '../../core/principal.js';
import type { ApiKeyRecord, OrganizationRecord, OrgRole, Repositories, UserRecord } from '../../storage/ports.js';
import type { IssuedKey, UserService } from '../user/user.service.js';

/** Lower-case letters, digits and hyphens, 2-63 characters, not starting or ending with a hyphen. */
export const SLUG_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$';
const SLUG_RE = new RegExp(SLUG_PATTERN);

export class OrganizationService {
  constructor(
    private readonly repos: Pick<Repositories, 'organizations' | 'users'>,
    private readonly users: Pick<UserService, 'issueKey' | 'listKeys' | 'revokeKey'>,
    private readonly clock: Clock,
  ) {}

  async create(input: { slug: string; name?: string | null }): Promise<OrganizationRecord> {
    const slug = input.slug.trim();
    if (!SLUG_RE.test(slug)) throw badRequest(`'${input.slug}' is not a slug: use 2-63 lower-case letters, digits and hyphens (not first or last)`);
    const org: OrganizationRecord = { id: newId(), slug, name: input.name?.trim() || null, createdAt: this.clock.now() };
    if (!(await this.repos.organizations.create(org))) throw conflict(`An organisation with slug '${slug}' already exists`);
    return org;
  }

  list(): Promise<OrganizationRecord[]> {
    return this.repos.organizations.list();
  }

  async get(organizationId: string): Promise<OrganizationRecord> {
    const org = await this.repos.organizations.findById(organizationId);
    if (!org) throw notFound(`No organisation ${organizationId}`);
    return org;
  }

  async delete(organizationId: string): Promise<void> {
    if (!(await this.repos.organizations.delete(organizationId))) throw notFound(`No organisation ${organizationId}`);
  }

  async members(organizationId: string): Promise<UserRecord[]> {
    await this.get(organizationId);
    return this.repos.organizations.members(organizationId);
  }

  /** Puts the user in the organisation with the role (moving it from any other), or changes its role. */
  async setMember(organizationId: string, userId: string, role: OrgRole): Promise<UserRecord> {
    await this.get(organizationId);
    if (!(await this.repos.organizations.setMember(organizationId, userId, role))) throw notFound(`No user ${userId}`);
    return (await this.repos.users.findById(userId))!;
  }

  async removeMember(organizationId: string, userId: string): Promise<void> {
    await this.get(organizationId);
    if (!(await this.repos.organizations.removeMember(organizationId, userId))) {
      throw notFound(`User ${userId} is not a member of organisation ${organizationId}`);
    }
  }

  // ------------------------------------------------------------ an organisation admin's own

  /** The caller's organisation, when the caller is one of its ADMINs; 403 otherwise. */
  private adminOrganization(caller: Principal): string {
    if (!caller.organizationId) throw forbidden('You are not a member of an organisation');
    if (caller.orgRole !== 'ADMIN') throw forbidden("Only an ADMIN of the organisation may manage its members' API keys");
    return caller.organizationId;
  }

  /** A member of the caller's organisation; 404 for anyone else (users outside it are not the caller's to see). */
  private async member(caller: Principal, userId: string): Promise<UserRecord> {
    const organizationId = this.adminOrganization(caller);
    const user = await this.repos.users.findById(userId);
    if (!user || user.organizationId !== organizationId) throw notFound(`No member ${userId} in your organisation`);
    return user;
  }

  async ownMembers(caller: Principal): Promise<UserRecord[]> {
    return this.repos.organizations.members(this.adminOrganization(caller));
  }

  async issueMemberKey(caller: Principal, userId: string): Promise<IssuedKey> {
    const user = await this.member(caller, userId);
    if (!user.active) throw badRequest(`Member ${userId} is deactivated: a key would be refused`);
    return this.users.issueKey(user.id);
  }

  async listMemberKeys(caller: Principal, userId: string): Promise<ApiKeyRecord[]> {
    return this.users.listKeys((await this.member(caller, userId)).id);
  }

  async revokeMemberKey(caller: Principal, userId: string, keyId: string): Promise<void> {
    await this.users.revokeKey((await this.member(caller, userId)).id, keyId);
  }
}
