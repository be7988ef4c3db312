/**
 * SCIM 2.0 (RFC 7643/7644) for an organisation: its members are the Users, its groups the Groups.
 * scimmy gives the schemas (validation of what comes in, the shape of what goes out, the
 * `attributes`/`excludedAttributes` projection, the Schemas documents) and applies PATCH
 * operations; filters are ours (scim-filter.ts says why). Storage goes through the `scim` port;
 * every list is the organisation's whole set, filtered, sorted and paged here.
 */
import SCIMMY from 'scimmy';
import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { Principal } from '../../core/principal.js';
import type {
  OrganizationRecord, Repositories, ScimGroupRecord, ScimUserRecord, ScimUserWrite, ScimWriteOutcome,
} from '../../storage/ports.js';
import { ScimError } from './scim-errors.js';
import { getAttr, matches, parseFilter, splitAttrPath, type AttributeTraits, type FilterNode } from './scim-filter.js';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SEARCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** Most resources one list answer holds (ServiceProviderConfig's filter.maxResults). */
export const MAX_RESULTS = 200;
/** Bounds of a PatchOp message (scimmy parses each path, value filters included). */
const MAX_PATCH_OPERATIONS = 1000;
const MAX_PATH_LENGTH = 1024;
/** Tries of a write that lost a race with another writer of the same resource (no If-Match given). */
const WRITE_ATTEMPTS = 5;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The User schema carries the enterprise extension (optional). Done once for the process.
if (!SCIMMY.Schemas.User.definition.attributes.some((a: unknown) => (a as { id?: string }).id === ENTERPRISE_SCHEMA)) {
  SCIMMY.Schemas.User.extend(SCIMMY.Schemas.EnterpriseUser as never, false);
}

const USER_TRAITS: AttributeTraits = {
  caseExact: new Set(['id', 'externalid', 'meta.version', 'meta.location', 'groups.value']),
  dateTimes: new Set(['meta.created', 'meta.lastmodified']),
};
const GROUP_TRAITS: AttributeTraits = {
  caseExact: new Set(['id', 'externalid', 'meta.version', 'meta.location', 'members.value']),
  dateTimes: new Set(['meta.created', 'meta.lastmodified']),
};

export type ResourceKind = 'Users' | 'Groups';

/** One SCIM answer: status, JSON body (none for 204/304) and headers (ETag, Location). */
export interface ScimAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ScimListQuery {
  filter?: string;
  startIndex?: unknown;
  count?: unknown;
  sortBy?: string;
  sortOrder?: string;
  attributes?: string;
  excludedAttributes?: string;
}

/** Who a SCIM call comes from, and for which organisation. */
export interface ScimCaller {
  organization: OrganizationRecord;
  /** scheme://host/scim/v2/{slug}: the base of every `location` */
  base: string;
}

export interface ScimKeys {
  resolve(apiKey: string): Promise<Principal | undefined>;
}

export interface ScimThrottle {
  lockedFor(address: string | undefined): number;
  failed(address: string | undefined): number;
}

type Json = Record<string, unknown>;

const etagOf = (version: number) => `W/"${version}"`;
const asObject = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);

/** scimmy's schema errors are TypeErrors (a missing userName, a string where a boolean goes): they are the client's. */
function asScimError(err: unknown): never {
  if (err instanceof ScimError) throw err;
  const e = err as { status?: unknown; scimType?: unknown; message?: unknown; name?: string };
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    throw new ScimError(e.status, typeof e.scimType === 'string' ? e.scimType : undefined, String(e.message));
  }
  if (err instanceof TypeError) throw new ScimError(400, 'invalidValue', err.message);
  throw err;
}

export class ScimService {
  /** set by the composition root when failed logins are throttled (app.ts) */
  throttle: ScimThrottle | undefined;

  constructor(
    private readonly repos: Pick<Repositories, 'scim' | 'organizations' | 'apiKeys'>,
    private readonly keys: ScimKeys,
    private readonly clock: Clock,
  ) {}

  // ---------------------------------------------------------------- auth

  /**
   * The caller: `Authorization: Bearer <api key>` or `x-api-key`, of an ADMIN of the organisation
   * named by `slug` or of the server admin. No credentials 401; a wrong key 401 (counted against
   * the address); an unknown organisation 404; any other key 403.
   */
  async authorize(headers: Readonly<Record<string, string | string[] | undefined>>, ip: string, slug: string, baseUrl: string): Promise<ScimCaller> {
    this.refuseWhileLockedOut(ip);
    const key = credentialOf(headers);
    const challenge = { 'www-authenticate': 'Bearer realm="SCIM"' };
    if (!key) throw new ScimError(401, undefined, 'Authentication required: send an API key of an organisation admin as Authorization: Bearer <key> (or x-api-key)', challenge);
    const principal = await this.keys.resolve(key);
    if (!principal) {
      this.refuseWhileLockedOut(ip);
      this.throttle?.failed(ip);
      throw new ScimError(401, undefined, 'Invalid or revoked API key', challenge);
    }
    const organization = await this.repos.organizations.findBySlug(slug.toLowerCase());
    if (!organization) throw new ScimError(404, undefined, `No organisation '${slug}'`);
    const isOrgAdmin = principal.organizationId === organization.id && principal.orgRole === 'ADMIN';
    if (!principal.isAdmin && !isOrgAdmin) {
      throw new ScimError(403, undefined, `SCIM for organisation '${organization.slug}' needs an API key of one of its ADMIN members (or of the server admin)`);
    }
    return { organization, base: `${baseUrl}/scim/v2/${organization.slug}` };
  }

  private refuseWhileLockedOut(ip: string): void {
    const lockedFor = this.throttle?.lockedFor(ip) ?? 0;
    if (lockedFor === 0) return;
    const seconds = Math.ceil(lockedFor / 1000);
    throw new ScimError(429, undefined, `Too many failed API keys from your address: try again in ${seconds} s`, { 'retry-after': String(seconds) });
  }

  // ---------------------------------------------------------------- users

  private async userResource(caller: ScimCaller, record: ScimUserRecord, groups?: Array<{ id: string; displayName: string }>): Promise<Json> {
    const { user } = record;
    const attributes: Json = record.version > 0
      ? { ...record.attributes }
      : { emails: [{ value: user.email, primary: true, type: 'work' }], ...(user.name ? { displayName: user.name } : {}) };
    const memberOf = groups ?? (await this.repos.scim.groupsOf(user.id));
    const extension = ENTERPRISE_SCHEMA in attributes;
    return {
      schemas: extension ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
      id: user.id,
      ...(record.externalId !== null ? { externalId: record.externalId } : {}),
      userName: record.userName ?? user.email,
      ...attributes,
      active: user.active,
      ...(memberOf.length > 0
        ? { groups: memberOf.map((g) => ({ value: g.id, display: g.displayName, $ref: `${caller.base}/Groups/${g.id}`, type: 'direct' })) }
        : {}),
      meta: {
        resourceType: 'User',
        created: user.createdAt.toISOString(),
        lastModified: (record.updatedAt ?? user.createdAt).toISOString(),
        location: `${caller.base}/Users/${user.id}`,
        version: etagOf(record.version),
      },
    };
  }

  private async findUser(caller: ScimCaller, id: string): Promise<ScimUserRecord> {
    const record = await this.repos.scim.user(caller.organization.id, id);
    if (!record) throw new ScimError(404, undefined, `Resource ${id} not found`);
    return record;
  }

  /** What an incoming User resource says, checked against the User schema. */
  private userWrite(body: unknown, current?: ScimUserRecord): ScimUserWrite {
    const input = asObject(body);
    if (!input) throw new ScimError(400, 'invalidSyntax', 'The request body must be a JSON object (a User resource)');
    let coerced: Json;
    try {
      coerced = JSON.parse(JSON.stringify(new SCIMMY.Schemas.User(stripReadOnly(input), 'in'))) as Json;
    } catch (err) {
      asScimError(err);
    }
    const { schemas: _s, meta: _m, id: _id, groups: _g, userName, externalId, active, password: _p, ...attributes } = coerced;
    if (typeof userName !== 'string' || userName.trim() === '') throw new ScimError(400, 'invalidValue', "Required attribute 'userName' is missing");
    if (current?.user.isAdmin && active === false) throw new ScimError(400, 'mutability', 'The server administrator cannot be deactivated through SCIM');
    const email = emailOf(attributes, userName);
    const name = displayNameOf(attributes);
    return {
      email,
      name,
      active: active === undefined ? true : active === true,
      userName: userName.trim(),
      externalId: typeof externalId === 'string' ? externalId : null,
      attributes,
      at: this.clock.now(),
    };
  }

  async createUser(caller: ScimCaller, body: unknown): Promise<ScimAnswer> {
    const write = this.userWrite(body);
    const id = newId();
    const outcome = await this.repos.scim.createUser(caller.organization.id, { id, isAdmin: false, createdAt: write.at }, write);
    this.throwOnConflict(outcome, write);
    const record = await this.findUser(caller, id);
    const resource = await this.userResource(caller, record, []);
    return { status: 201, body: resource, headers: { location: `${caller.base}/Users/${id}`, etag: etagOf(record.version) } };
  }

  async getUser(caller: ScimCaller, id: string, query: ScimListQuery, ifNoneMatch?: string): Promise<ScimAnswer> {
    const record = await this.findUser(caller, id);
    const etag = etagOf(record.version);
    if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) return { status: 304, headers: { etag } };
    const resource = await this.userResource(caller, record);
    return { status: 200, body: project('User', resource, query), headers: { etag } };
  }

  async listUsers(caller: ScimCaller, query: ScimListQuery): Promise<ScimAnswer> {
    const filter = query.filter ? parseFilter(query.filter) : undefined;
    const records = await this.repos.scim.users(caller.organization.id);
    const groups = await this.repos.scim.groups(caller.organization.id);
    const byUser = new Map<string, Array<{ id: string; displayName: string }>>();
    for (const g of groups) for (const m of g.memberIds) byUser.set(m, [...(byUser.get(m) ?? []), { id: g.id, displayName: g.displayName }]);
    const resources = await Promise.all(records.map((r) => this.userResource(caller, r, byUser.get(r.user.id) ?? [])));
    return { status: 200, body: listResponse('User', resources, filter, query, USER_TRAITS) };
  }

  async replaceUser(caller: ScimCaller, id: string, body: unknown, ifMatch?: string): Promise<ScimAnswer> {
    return this.writeUser(caller, id, ifMatch, async (current) => {
      const write = this.userWrite(body, current);
      // externalId left out of a PUT is cleared (RFC 7644 §3.5.1 replaces the whole resource)
      return write;
    });
  }

  async patchUser(caller: ScimCaller, id: string, body: unknown, ifMatch?: string): Promise<ScimAnswer> {
    const operations = patchOperations(body, 'User');
    return this.writeUser(caller, id, ifMatch, async (current) => {
      const resource = await this.userResource(caller, current);
      const patched = await applyPatch('User', resource, operations);
      if (!patched) return undefined;
      return this.userWrite(patched, current);
    });
  }

  private async writeUser(caller: ScimCaller, id: string, ifMatch: string | undefined, change: (current: ScimUserRecord) => Promise<ScimUserWrite | undefined>): Promise<ScimAnswer> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.findUser(caller, id);
      checkIfMatch(ifMatch, etagOf(current.version));
      const write = await change(current);
      if (write) {
        const outcome = await this.repos.scim.updateUser(caller.organization.id, id, current.version, write);
        if (outcome === 'missing') throw new ScimError(404, undefined, `Resource ${id} not found`);
        if (outcome === 'stale') {
          if (ifMatch || attempt >= WRITE_ATTEMPTS) throw new ScimError(412, undefined, `Resource ${id} was changed by another request: read it again`);
          continue;
        }
        this.throwOnConflict(outcome, write);
      }
      const record = await this.findUser(caller, id);
      return { status: 200, body: await this.userResource(caller, record), headers: { etag: etagOf(record.version) } };
    }
  }

  private throwOnConflict(outcome: ScimWriteOutcome, write: ScimUserWrite): void {
    if (outcome === 'userNameTaken') throw new ScimError(409, 'uniqueness', `userName '${write.userName}' is already taken`);
    if (outcome === 'emailTaken') throw new ScimError(409, 'uniqueness', `The email ${write.email} already belongs to another user`);
  }

  /** Removes access at once: the user, its keys and everything it owns are deleted. */
  async deleteUser(caller: ScimCaller, id: string, ifMatch?: string): Promise<ScimAnswer> {
    const current = await this.findUser(caller, id);
    checkIfMatch(ifMatch, etagOf(current.version));
    if (current.user.isAdmin) throw new ScimError(400, 'mutability', 'The server administrator cannot be deleted through SCIM');
    if (!(await this.repos.scim.deleteUser(caller.organization.id, id))) throw new ScimError(404, undefined, `Resource ${id} not found`);
    return { status: 204 };
  }

  // ---------------------------------------------------------------- groups

  private groupResource(caller: ScimCaller, group: ScimGroupRecord, names: Map<string, string>): Json {
    return {
      schemas: [GROUP_SCHEMA],
      id: group.id,
      ...(group.externalId !== null ? { externalId: group.externalId } : {}),
      displayName: group.displayName,
      members: group.memberIds.map((m) => ({ value: m, ...(names.has(m) ? { display: names.get(m) } : {}), $ref: `${caller.base}/Users/${m}`, type: 'User' })),
      meta: {
        resourceType: 'Group',
        created: group.createdAt.toISOString(),
        lastModified: group.updatedAt.toISOString(),
        location: `${caller.base}/Groups/${group.id}`,
        version: etagOf(group.version),
      },
    };
  }

  private async memberNames(caller: ScimCaller): Promise<Map<string, string>> {
    const users = await this.repos.scim.users(caller.organization.id);
    return new Map(users.map((u) => [u.user.id, (typeof u.attributes.displayName === 'string' ? u.attributes.displayName : null) ?? u.userName ?? u.user.email]));
  }

  private async findGroup(caller: ScimCaller, id: string): Promise<ScimGroupRecord> {
    const group = await this.repos.scim.group(caller.organization.id, id);
    if (!group) throw new ScimError(404, undefined, `Resource ${id} not found`);
    return group;
  }

  private async groupWrite(caller: ScimCaller, body: unknown, selfId?: string): Promise<{ displayName: string; externalId: string | null; memberIds: string[] }> {
    const input = asObject(body);
    if (!input) throw new ScimError(400, 'invalidSyntax', 'The request body must be a JSON object (a Group resource)');
    let coerced: Json;
    try {
      coerced = JSON.parse(JSON.stringify(new SCIMMY.Schemas.Group(stripReadOnly(input), 'in'))) as Json;
    } catch (err) {
      asScimError(err);
    }
    const displayName = typeof coerced.displayName === 'string' ? coerced.displayName.trim() : '';
    if (!displayName) throw new ScimError(400, 'invalidValue', "Required attribute 'displayName' is missing");
    const members = Array.isArray(coerced.members) ? (coerced.members as Json[]) : [];
    const memberIds = members.map((m) => m.value);
    const names = await this.memberNames(caller);
    for (const m of memberIds) {
      if (typeof m !== 'string' || !names.has(m)) throw new ScimError(400, 'invalidValue', `Member '${String(m)}' is not a user of organisation '${caller.organization.slug}'`);
    }
    const others = (await this.repos.scim.groups(caller.organization.id)).filter((g) => g.id !== selfId);
    if (others.some((g) => g.displayName.toLowerCase() === displayName.toLowerCase())) {
      throw new ScimError(409, 'uniqueness', `A group named '${displayName}' already exists`);
    }
    return { displayName, externalId: typeof coerced.externalId === 'string' ? coerced.externalId : null, memberIds: memberIds as string[] };
  }

  async createGroup(caller: ScimCaller, body: unknown): Promise<ScimAnswer> {
    const write = await this.groupWrite(caller, body);
    const now = this.clock.now();
    const group: ScimGroupRecord = { id: newId(), organizationId: caller.organization.id, ...write, version: 1, createdAt: now, updatedAt: now };
    await this.repos.scim.createGroup(group);
    const stored = await this.findGroup(caller, group.id);
    return {
      status: 201,
      body: this.groupResource(caller, stored, await this.memberNames(caller)),
      headers: { location: `${caller.base}/Groups/${group.id}`, etag: etagOf(stored.version) },
    };
  }

  async getGroup(caller: ScimCaller, id: string, query: ScimListQuery, ifNoneMatch?: string): Promise<ScimAnswer> {
    const group = await this.findGroup(caller, id);
    const etag = etagOf(group.version);
    if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) return { status: 304, headers: { etag } };
    return { status: 200, body: project('Group', this.groupResource(caller, group, await this.memberNames(caller)), query), headers: { etag } };
  }

  async listGroups(caller: ScimCaller, query: ScimListQuery): Promise<ScimAnswer> {
    const filter = query.filter ? parseFilter(query.filter) : undefined;
    const names = await this.memberNames(caller);
    const resources = (await this.repos.scim.groups(caller.organization.id)).map((g) => this.groupResource(caller, g, names));
    return { status: 200, body: listResponse('Group', resources, filter, query, GROUP_TRAITS) };
  }

  async replaceGroup(caller: ScimCaller, id: string, body: unknown, ifMatch?: string): Promise<ScimAnswer> {
    return this.writeGroup(caller, id, ifMatch, async () => body);
  }

  async patchGroup(caller: ScimCaller, id: string, body: unknown, ifMatch?: string): Promise<ScimAnswer> {
    const operations = patchOperations(body, 'Group');
    return this.writeGroup(caller, id, ifMatch, async (current) => applyPatch('Group', current, operations));
  }

  private async writeGroup(caller: ScimCaller, id: string, ifMatch: string | undefined, change: (current: Json) => Promise<unknown>): Promise<ScimAnswer> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.findGroup(caller, id);
      checkIfMatch(ifMatch, etagOf(current.version));
      const next = await change(this.groupResource(caller, current, await this.memberNames(caller)));
      if (next !== undefined) {
        const write = await this.groupWrite(caller, next, id);
        const outcome = await this.repos.scim.updateGroup(caller.organization.id, id, current.version, { ...write, at: this.clock.now() });
        if (outcome === 'missing') throw new ScimError(404, undefined, `Resource ${id} not found`);
        if (outcome === 'stale') {
          if (ifMatch || attempt >= WRITE_ATTEMPTS) throw new ScimError(412, undefined, `Resource ${id} was changed by another request: read it again`);
          continue;
        }
      }
      const stored = await this.findGroup(caller, id);
      return { status: 200, body: this.groupResource(caller, stored, await this.memberNames(caller)), headers: { etag: etagOf(stored.version) } };
    }
  }

  async deleteGroup(caller: ScimCaller, id: string, ifMatch?: string): Promise<ScimAnswer> {
    const current = await this.findGroup(caller, id);
    checkIfMatch(ifMatch, etagOf(current.version));
    if (!(await this.repos.scim.deleteGroup(caller.organization.id, id))) throw new ScimError(404, undefined, `Resource ${id} not found`);
    return { status: 204 };
  }

  // ---------------------------------------------------------------- discovery

  serviceProviderConfig(caller: ScimCaller): ScimAnswer {
    return {
      status: 200,
      body: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
        documentationUri: 'https://github.com/pigeonhole/pigeonhole#scim-20',
        patch: { supported: true },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
        filter: { supported: true, maxResults: MAX_RESULTS },
        changePassword: { supported: false },
        sort: { supported: true },
        etag: { supported: true },
        authenticationSchemes: [
          {
            type: 'oauthbearertoken',
            name: 'Bearer API key',
            description: 'An API key of an ADMIN of the organisation (or of the server admin), as Authorization: Bearer <key> or in the x-api-key header',
            primary: true,
          },
        ],
        meta: { resourceType: 'ServiceProviderConfig', location: `${caller.base}/ServiceProviderConfig` },
      },
    };
  }

  private resourceTypeDocs(caller: ScimCaller): Json[] {
    return [
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
        id: 'User', name: 'User', endpoint: '/Users', description: 'A member of the organisation (a Pigeonhole user)', schema: USER_SCHEMA,
        schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
        meta: { resourceType: 'ResourceType', location: `${caller.base}/ResourceTypes/User` },
      },
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
        id: 'Group', name: 'Group', endpoint: '/Groups', description: 'A group of the organisation', schema: GROUP_SCHEMA,
        meta: { resourceType: 'ResourceType', location: `${caller.base}/ResourceTypes/Group` },
      },
    ];
  }

  resourceTypes(caller: ScimCaller, id?: string): ScimAnswer {
    const docs = this.resourceTypeDocs(caller);
    if (id === undefined) return { status: 200, body: { schemas: [LIST_SCHEMA], totalResults: docs.length, itemsPerPage: docs.length, startIndex: 1, Resources: docs } };
    const doc = docs.find((d) => d.id === id);
    if (!doc) throw new ScimError(404, undefined, `No resource type ${id}`);
    return { status: 200, body: doc };
  }

  schemas(caller: ScimCaller, id?: string): ScimAnswer {
    const base = `${caller.base}/Schemas`;
    const docs = [SCIMMY.Schemas.User, SCIMMY.Schemas.Group, SCIMMY.Schemas.EnterpriseUser].map((s) => {
      const doc = s.definition.describe(base) as Json;
      // The User schema's description lists the extension's attributes as its own: leave them to the extension's document.
      if (doc.id === USER_SCHEMA) doc.attributes = (doc.attributes as Json[]).filter((a) => a.name !== ENTERPRISE_SCHEMA);
      return doc;
    });
    if (id === undefined) return { status: 200, body: { schemas: [LIST_SCHEMA], totalResults: docs.length, itemsPerPage: docs.length, startIndex: 1, Resources: docs } };
    const doc = docs.find((d) => d.id === id);
    if (!doc) throw new ScimError(404, undefined, `No schema ${id}`);
    return { status: 200, body: doc };
  }
}

// ---------------------------------------------------------------- helpers

function credentialOf(headers: Readonly<Record<string, string | string[] | undefined>>): string | undefined {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const authorization = one(headers.authorization);
  const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  const apiKey = one(headers['x-api-key']);
  return bearer ?? (apiKey ? apiKey : undefined);
}

/** Read-only attributes a client sends back (id, meta, groups) are ignored, as RFC 7643 §2.2 allows. */
function stripReadOnly(input: Json): Json {
  const { id: _id, meta: _meta, groups: _groups, ...rest } = input;
  return rest;
}

function emailOf(attributes: Json, userName: string): string {
  const emails = Array.isArray(attributes.emails) ? (attributes.emails as Json[]) : [];
  const chosen = emails.find((e) => e.primary === true) ?? emails[0];
  const candidate = typeof chosen?.value === 'string' ? chosen.value : userName;
  const email = candidate.trim().toLowerCase();
  if (!EMAIL_RE.test(email)) {
    throw new ScimError(400, 'invalidValue', `A user needs an email address: give one in 'emails' (primary) or make userName an address ('${candidate}' is not)`);
  }
  return email;
}

function displayNameOf(attributes: Json): string | null {
  if (typeof attributes.displayName === 'string' && attributes.displayName.trim()) return attributes.displayName.trim();
  const name = asObject(attributes.name);
  if (!name) return null;
  if (typeof name.formatted === 'string' && name.formatted.trim()) return name.formatted.trim();
  const parts = [name.givenName, name.familyName].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return parts.length > 0 ? parts.join(' ') : null;
}

function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => bare(t) === bare(etag));
}

function checkIfMatch(ifMatch: string | undefined, etag: string): void {
  if (ifMatch !== undefined && !etagMatches(ifMatch, etag)) {
    throw new ScimError(412, undefined, `If-Match ${ifMatch} does not match the resource's version ${etag}`);
  }
}

type PatchOperation = { op: 'add' | 'remove' | 'replace'; path?: string; value?: unknown };

/** The operations of a PatchOp message; op names are taken in any case (Entra ID sends "Replace"), and "True"/"False" strings for booleans. */
function patchOperations(body: unknown, kind: 'User' | 'Group'): PatchOperation[] {
  const input = asObject(body);
  if (!input) throw new ScimError(400, 'invalidSyntax', 'The request body must be a PatchOp message');
  const schemas = input.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA)) {
    throw new ScimError(400, 'invalidSyntax', `A PATCH body's schemas must be ["${PATCH_SCHEMA}"]`);
  }
  const ops = input.Operations ?? input.operations;
  if (!Array.isArray(ops) || ops.length === 0) throw new ScimError(400, 'invalidSyntax', "A PatchOp message needs a non-empty 'Operations' list");
  if (ops.length > MAX_PATCH_OPERATIONS) throw new ScimError(400, 'invalidSyntax', `A PatchOp message holds at most ${MAX_PATCH_OPERATIONS} operations`);
  return ops.map((raw, i) => {
    const o = asObject(raw);
    if (!o || typeof o.op !== 'string') throw new ScimError(400, 'invalidSyntax', `Operation ${i + 1} needs an 'op'`);
    const op = o.op.toLowerCase();
    if (op !== 'add' && op !== 'remove' && op !== 'replace') throw new ScimError(400, 'invalidSyntax', `Operation ${i + 1}: unknown op '${o.op}'`);
    if (o.path !== undefined && (typeof o.path !== 'string' || o.path.length > MAX_PATH_LENGTH)) {
      throw new ScimError(400, 'invalidPath', `Operation ${i + 1}: 'path' must be a string of at most ${MAX_PATH_LENGTH} characters`);
    }
    let value = o.value;
    if (kind === 'User') value = booleanStrings(o.path as string | undefined, value);
    return { op, ...(o.path !== undefined ? { path: o.path as string } : {}), ...('value' in o ? { value } : {}) };
  });
}

function booleanStrings(path: string | undefined, value: unknown): unknown {
  const toBool = (v: unknown) => (typeof v === 'string' && /^(true|false)$/i.test(v) ? v.toLowerCase() === 'true' : v);
  if (path !== undefined) return path.toLowerCase() === 'active' ? toBool(value) : value;
  const obj = asObject(value);
  if (!obj) return value;
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, k.toLowerCase() === 'active' ? toBool(v) : v]));
}

/** Applies the operations (scimmy's PatchOp) to the resource; undefined when nothing changed. */
async function applyPatch(kind: 'User' | 'Group', resource: Json, operations: PatchOperation[]): Promise<Json | undefined> {
  try {
    const schema = kind === 'User' ? SCIMMY.Schemas.User : SCIMMY.Schemas.Group;
    const message = new SCIMMY.Messages.PatchOp({ schemas: [PATCH_SCHEMA], Operations: operations });
    const patched = await message.apply(new schema(resource, 'out'), async (instance: unknown) => instance as never);
    return patched === undefined ? undefined : (JSON.parse(JSON.stringify(patched)) as Json);
  } catch (err) {
    asScimError(err);
  }
}

/** `attributes` / `excludedAttributes` (comma-separated) on one resource, through scimmy's schema. */
function project(kind: 'User' | 'Group', resource: Json, query: ScimListQuery): Json {
  const attributes = typeof query.attributes === 'string' && query.attributes.trim() ? query.attributes : undefined;
  const excluded = typeof query.excludedAttributes === 'string' && query.excludedAttributes.trim() ? query.excludedAttributes : undefined;
  if (!attributes && !excluded) return resource;
  try {
    const names = (attributes ?? excluded)!.split(',').map((a) => a.trim()).filter(Boolean);
    for (const n of names) if (!/^[A-Za-z0-9_:.$-]+$/.test(n)) throw new ScimError(400, 'invalidValue', `'${n}' is not an attribute name`);
    const filter = new SCIMMY.Types.Filter(names.map((a) => `${a} ${attributes ? 'pr' : 'np'}`).join(' and '));
    const schema = kind === 'User' ? SCIMMY.Schemas.User : SCIMMY.Schemas.Group;
    const out = JSON.parse(JSON.stringify(new schema(resource, 'out', undefined, filter))) as Json;
    // schemas and id are always returned (RFC 7643 §3.1, §7 "returned: always").
    return { schemas: resource.schemas, ...out };
  } catch (err) {
    asScimError(err);
  }
}

function intParam(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const text = Array.isArray(value) ? value[0] : value;
  const n = typeof text === 'number' ? text : Number(text);
  if (!Number.isInteger(n) || Math.abs(n) > 1_000_000_000) throw new ScimError(400, 'invalidValue', `'${name}' must be an integer`);
  return n;
}

function sortKey(resource: Json, sortBy: string): string | number | undefined {
  const path = splitAttrPath(sortBy);
  let current: unknown = resource;
  for (const segment of path) {
    current = getAttr(current, segment);
    if (Array.isArray(current)) current = (current.find((e) => asObject(e)?.primary === true) ?? current[0]) as unknown;
  }
  if (asObject(current)) current = getAttr(current, 'value');
  if (typeof current === 'string') return current.toLowerCase();
  if (typeof current === 'number') return current;
  if (typeof current === 'boolean') return current ? 1 : 0;
  return undefined;
}

/** A ListResponse: filtered, sorted (missing values last), paged from `startIndex` (1-based), projected. */
function listResponse(kind: 'User' | 'Group', all: Json[], filter: FilterNode | undefined, query: ScimListQuery, traits: AttributeTraits): Json {
  const startIndex = Math.max(1, intParam(query.startIndex, 'startIndex', 1));
  const count = Math.min(MAX_RESULTS, Math.max(0, intParam(query.count, 'count', MAX_RESULTS)));
  let found = filter ? all.filter((r) => matches(filter, r, traits)) : all;
  if (query.sortBy) {
    const order = (query.sortOrder ?? 'ascending').toLowerCase();
    if (order !== 'ascending' && order !== 'descending') throw new ScimError(400, 'invalidValue', "sortOrder must be 'ascending' or 'descending'");
    const sign = order === 'descending' ? -1 : 1;
    const keyed = found.map((r) => ({ r, k: sortKey(r, query.sortBy!) }));
    keyed.sort((a, b) => {
      if (a.k === undefined || b.k === undefined) return a.k === b.k ? 0 : a.k === undefined ? 1 : -1;
      return sign * (a.k < b.k ? -1 : a.k > b.k ? 1 : 0);
    });
    found = keyed.map((x) => x.r);
  }
  const page = found.slice(startIndex - 1, startIndex - 1 + count).map((r) => project(kind, r, query));
  return { schemas: [LIST_SCHEMA], totalResults: found.length, itemsPerPage: page.length, startIndex, Resources: page };
}

/** A SearchRequest body (POST /.search) as list query parameters. */
export function searchQuery(body: unknown): ScimListQuery {
  const input = asObject(body);
  if (!input) throw new ScimError(400, 'invalidSyntax', 'The request body must be a SearchRequest');
  const schemas = input.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(SEARCH_SCHEMA)) throw new ScimError(400, 'invalidSyntax', `A search body's schemas must be ["${SEARCH_SCHEMA}"]`);
  const list = (v: unknown, name: string) => {
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || !v.every((a) => typeof a === 'string')) throw new ScimError(400, 'invalidValue', `'${name}' must be a list of attribute names`);
    return v.join(',');
  };
  const str = (v: unknown, name: string) => {
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new ScimError(400, 'invalidValue', `'${name}' must be a string`);
    return v;
  };
  return {
    filter: str(input.filter, 'filter'),
    startIndex: input.startIndex,
    count: input.count,
    sortBy: str(input.sortBy, 'sortBy'),
    sortOrder: str(input.sortOrder, 'sortOrder'),
    attributes: list(input.attributes, 'attributes'),
    excludedAttributes: list(input.excludedAttributes, 'excludedAttributes'),
  };
}
