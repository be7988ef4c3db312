/**
 * Organisations, their members and SCIM's side of them in memory: one fake for the
 * `organizations`, `users` (what these services use of it) and `scim` ports, sharing the users.
 */
import type {
  OrganizationRecord, OrganizationRepository, OrgRole, ScimGroupRecord, ScimRepository, ScimUserRecord, ScimUserWrite, UserRecord,
} from '../../src/storage/ports.js';

interface ScimSide {
  userName: string;
  externalId: string | null;
  attributes: Record<string, unknown>;
  version: number;
  updatedAt: Date;
}

export class FakeDirectory {
  readonly orgs = new Map<string, OrganizationRecord>();
  readonly users = new Map<string, UserRecord>();
  readonly scimSide = new Map<string, ScimSide>();
  readonly groupRows = new Map<string, ScimGroupRecord>();

  addUser(user: Partial<UserRecord> & { id: string; email: string }): UserRecord {
    const record: UserRecord = { name: null, isAdmin: false, createdAt: new Date(0), organizationId: null, orgRole: null, active: true, ...user };
    this.users.set(record.id, record);
    return record;
  }

  private scimUser(user: UserRecord): ScimUserRecord {
    const side = this.scimSide.get(user.id);
    return {
      user: { ...user },
      userName: side?.userName ?? null,
      externalId: side?.externalId ?? null,
      attributes: structuredClone(side?.attributes ?? {}),
      version: side?.version ?? 0,
      updatedAt: side?.updatedAt ?? null,
    };
  }

  private clash(userId: string, write: ScimUserWrite): 'userNameTaken' | 'emailTaken' | undefined {
    for (const [id, side] of this.scimSide) if (id !== userId && side.userName.toLowerCase() === write.userName.toLowerCase()) return 'userNameTaken';
    for (const u of this.users.values()) if (u.id !== userId && u.email === write.email) return 'emailTaken';
    return undefined;
  }

  readonly organizations: OrganizationRepository = {
    create: async (org) => {
      if ([...this.orgs.values()].some((o) => o.slug === org.slug)) return false;
      this.orgs.set(org.id, { ...org });
      return true;
    },
    findById: async (id) => this.orgs.get(id),
    findBySlug: async (slug) => [...this.orgs.values()].find((o) => o.slug === slug),
    list: async () => [...this.orgs.values()],
    delete: async (id) => {
      for (const u of this.users.values()) if (u.organizationId === id) Object.assign(u, { organizationId: null, orgRole: null });
      for (const g of this.groupRows.values()) if (g.organizationId === id) this.groupRows.delete(g.id);
      return this.orgs.delete(id);
    },
    setMember: async (organizationId, userId, role: OrgRole) => {
      const u = this.users.get(userId);
      if (!u) return false;
      Object.assign(u, { organizationId, orgRole: role });
      return true;
    },
    removeMember: async (organizationId, userId) => {
      const u = this.users.get(userId);
      if (!u || u.organizationId !== organizationId) return false;
      Object.assign(u, { organizationId: null, orgRole: null });
      return true;
    },
    members: async (organizationId) => [...this.users.values()].filter((u) => u.organizationId === organizationId),
    memberIds: async (organizationId) => [...this.users.values()].filter((u) => u.organizationId === organizationId).map((u) => u.id),
    setActive: async (userId, active) => {
      const u = this.users.get(userId);
      if (!u) return false;
      u.active = active;
      return true;
    },
  };

  readonly userRepository = {
    findById: async (id: string) => this.users.get(id),
  };

  readonly scim: ScimRepository = {
    users: async (organizationId) => [...this.users.values()].filter((u) => u.organizationId === organizationId).map((u) => this.scimUser(u)),
    user: async (organizationId, userId) => {
      const u = this.users.get(userId);
      return u && u.organizationId === organizationId ? this.scimUser(u) : undefined;
    },
    createUser: async (organizationId, user, write) => {
      const clash = this.clash(user.id, write);
      if (clash) return clash;
      this.addUser({ id: user.id, email: write.email, name: write.name, createdAt: user.createdAt, organizationId, orgRole: 'MEMBER', active: write.active });
      this.scimSide.set(user.id, { userName: write.userName, externalId: write.externalId, attributes: structuredClone(write.attributes), version: 1, updatedAt: write.at });
      return 'ok';
    },
    updateUser: async (organizationId, userId, expectedVersion, write) => {
      const u = this.users.get(userId);
      if (!u || u.organizationId !== organizationId) return 'missing';
      const clash = this.clash(userId, write);
      if (clash) return clash;
      if ((this.scimSide.get(userId)?.version ?? 0) !== expectedVersion) return 'stale';
      this.scimSide.set(userId, { userName: write.userName, externalId: write.externalId, attributes: structuredClone(write.attributes), version: expectedVersion + 1, updatedAt: write.at });
      Object.assign(u, { email: write.email, name: write.name, active: write.active });
      return 'ok';
    },
    deleteUser: async (organizationId, userId) => {
      const u = this.users.get(userId);
      if (!u || u.organizationId !== organizationId) return false;
      this.users.delete(userId);
      this.scimSide.delete(userId);
      for (const g of this.groupRows.values()) g.memberIds = g.memberIds.filter((m) => m !== userId);
      return true;
    },
    groups: async (organizationId) => [...this.groupRows.values()].filter((g) => g.organizationId === organizationId).map((g) => structuredClone(g)),
    group: async (organizationId, groupId) => {
      const g = this.groupRows.get(groupId);
      return g && g.organizationId === organizationId ? structuredClone(g) : undefined;
    },
    groupsOf: async (userId) => [...this.groupRows.values()].filter((g) => g.memberIds.includes(userId)).map((g) => ({ id: g.id, displayName: g.displayName })),
    createGroup: async (group) => {
      this.groupRows.set(group.id, structuredClone({ ...group, memberIds: [...new Set(group.memberIds)] }));
    },
    updateGroup: async (organizationId, groupId, expectedVersion, write) => {
      const g = this.groupRows.get(groupId);
      if (!g || g.organizationId !== organizationId) return 'missing';
      if (g.version !== expectedVersion) return 'stale';
      Object.assign(g, { displayName: write.displayName, externalId: write.externalId, memberIds: [...new Set(write.memberIds)], version: expectedVersion + 1, updatedAt: write.at });
      return 'ok';
    },
    deleteGroup: async (organizationId, groupId) => {
      const g = this.groupRows.get(groupId);
      if (!g || g.organizationId !== organizationId) return false;
      return this.groupRows.delete(groupId);
    },
  };
}
