import type { Clock } from '../../core/clock.js';
import { badRequest, conflict, notFound, unavailable } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { isNoSuchRecord } from '../../core/dns.js';
import { expireDueInboxes } from '../../jobs/expiry.js';
import type {
  CustomDomainRecord, CustomDomainRepository, DnsRecordState, DomainHealthEventRecord, ExpiredInboxRecord, ExpiredInboxRepository, InboxRecord,
  InboxRepository, InboxType,
} from '../../storage/ports.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { isDomainName } from '../inbox/address.js';
import type { EventMap } from '../../events/bus.js';
import {
  dkimName, dmarcName, domainNameRecords, findingMessages, isVerified, judgeRecords, mergeStates, newDomainKeys, RECORD_LABELS, REQUIRED_LABELS,
  verificationName, type DomainKeys, type DomainLookups, type DomainNameRecord, type Lookup, type RecordFinding, type RecordLabel,
} from './domain.records.js';

/** The lookups a check asks: node:dns/promises' Resolver (core/dns.ts createResolver) answers them. */
export interface DnsLookup {
  resolveTxt(name: string): Promise<string[][]>;
  resolveMx(name: string): Promise<Array<{ exchange: string; priority: number }>>;
  getServers?(): string[];
}

export interface DomainSettings {
  /** where this server takes SMTP: the MX and SPF records name it (PIGEONHOLE_PUBLIC_HOST, else the bind host) */
  mailHost: string;
  /** PIGEONHOLE_DOMAIN */
  domain: string;
  /** PIGEONHOLE_DOMAIN_POOL */
  domainPool: readonly string[];
}

export interface CreateDomainInput {
  domain: string;
  description?: string | null;
  createdCatchAllInbox?: boolean | null;
  domainType?: 'HTTP_INBOX' | 'SMTP_DOMAIN' | null;
}

/** A domain with what the API shows of it. */
export interface DomainView {
  record: CustomDomainRecord;
  records: DomainNameRecord[];
  hasMissingRecords: boolean;
  hasDuplicateRecords: boolean;
  missingRecordsMessage: string | null;
  duplicateRecordsMessage: string | null;
}

const NOT_CHECKED = 'Not checked yet: publish the records, then call getDomain with checkForErrors=true or wait for the scheduled check';
const MAX_DESCRIPTION = 10_000;
const HEALTH_EVENTS_SHOWN = 100;
const CHECK_BATCH = 50;

/** The health event raised when a record goes wrong or comes right, by label. */
const EVENT_TYPES: Record<RecordLabel, string> = {
  VERIFICATION: 'DOMAIN_AUTHENTICATION_ISSUE', MX: 'DOMAIN_AUTHENTICATION_ISSUE', SPF: 'SPF_RECORD_ISSUE', DKIM: 'DKIM_RECORDS_MISSING', DMARC: 'DMARC_RECORD_ISSUE',
};
const isIssue = (state: DnsRecordState | undefined) => state === 'MISSING' || state === 'DUPLICATE';

/**
 * DomainController: custom domains verified over real DNS (a resolver on PIGEONHOLE_DNS_SERVERS),
 * checked on demand and on a schedule, with health events when a check finds something changed;
 * wildcard catch-all inboxes; and the service's own domains.
 */
export class DomainService {
  constructor(
    private readonly domains: CustomDomainRepository,
    private readonly inboxService: InboxService,
    private readonly inboxes: InboxRepository,
    private readonly expired: ExpiredInboxRepository,
    private readonly dns: DnsLookup,
    private readonly clock: Clock,
    private readonly settings: DomainSettings,
    private readonly onExpired?: (record: ExpiredInboxRecord) => void,
    private readonly onInboxChanged?: (change: EventMap['inbox.changed']) => void,
  ) {}

  async create(tenantId: string, input: CreateDomainInput): Promise<DomainView> {
    const domain = input.domain.trim().toLowerCase().replace(/\.$/, '');
    if (!isDomainName(domain) || !domain.includes('.')) throw badRequest(`domain '${input.domain}' is not a domain name`);
    if (this.serviceDomains().has(domain)) throw badRequest(`'${domain}' is a domain of this server already; every inbox may use it`);
    const description = input.description?.trim() || null;
    if (description && description.length > MAX_DESCRIPTION) throw badRequest(`description is longer than ${MAX_DESCRIPTION} characters`);
    const inboxType: InboxType = input.domainType === 'SMTP_DOMAIN' ? 'SMTP' : 'HTTP';
    const now = this.clock.now();
    const record: CustomDomainRecord = {
      id: newId(), tenantId, domain, verified: false, inboxType, description, ...(await newDomainKeys()), catchAllInboxId: null,
      recordStates: {}, missingMessage: null, duplicateMessage: null, checkedAt: null, createdAt: now, updatedAt: now,
    };
    if (!(await this.domains.create(record))) throw conflict(`The domain ${domain} is already registered on this server`);
    if (input.createdCatchAllInbox) return this.addCatchAll(tenantId, record.id);
    return this.view(record);
  }

  async get(tenantId: string, id: string, checkForErrors = false): Promise<DomainView> {
    const record = await this.find(tenantId, id);
    return this.view(checkForErrors ? await this.check(record, true) : record);
  }

  async list(tenantId: string): Promise<DomainView[]> {
    return (await this.domains.list(tenantId)).map((d) => this.view(d));
  }

  /** True when one of the tenant's domains has a required record missing, or any record twice. */
  async hasIssues(tenantId: string): Promise<boolean> {
    return (await this.list(tenantId)).some((d) => d.hasMissingRecords || d.hasDuplicateRecords);
  }

  async healthEvents(tenantId: string, id: string): Promise<DomainHealthEventRecord[]> {
    await this.find(tenantId, id);
    return this.domains.healthEvents(tenantId, id, HEALTH_EVENTS_SHOWN);
  }

  /** updateDomain: sets (an inbox of the caller's) or clears (null) the catch-all inbox. */
  async update(tenantId: string, id: string, input: { catchAllInboxId?: string | null }): Promise<DomainView> {
    const record = await this.find(tenantId, id);
    if (input.catchAllInboxId === undefined) return this.view(record);
    if (input.catchAllInboxId !== null) {
      const inbox = await this.inboxes.findById(tenantId, input.catchAllInboxId);
      if (!inbox) throw badRequest(`catchAllInboxId ${input.catchAllInboxId} is not an inbox of yours`);
    }
    return this.view((await this.domains.setCatchAll(tenantId, id, input.catchAllInboxId, this.clock.now())) ?? record);
  }

  /**
   * addDomainWildcardCatchAll: a new inbox (on this server's domain: an address on the custom
   * domain would need the domain verified first) that takes mail to every address of the domain
   * without an inbox of its own. The domain's existing catch-all inbox when it has one.
   */
  async addCatchAll(tenantId: string, id: string): Promise<DomainView> {
    const record = await this.find(tenantId, id);
    if (record.catchAllInboxId && (await this.inboxes.findById(tenantId, record.catchAllInboxId))) return this.view(record);
    const inbox = await this.inboxService.create(tenantId, {
      name: `Catch-all of ${record.domain}`, description: `Mail to any address of ${record.domain} without an inbox of its own`, inboxType: record.inboxType,
    });
    return this.view((await this.domains.setCatchAll(tenantId, id, inbox.id, this.clock.now())) ?? record);
  }

  async catchAllInbox(tenantId: string, id: string): Promise<InboxRecord> {
    const record = await this.find(tenantId, id);
    const inbox = record.catchAllInboxId ? await this.inboxes.findById(tenantId, record.catchAllInboxId) : undefined;
    if (!inbox) throw notFound(`Domain ${id} has no catch-all inbox: add one with addDomainWildcardCatchAll`);
    return inbox;
  }

  /**
   * deleteDomain: the domain goes, and its inboxes are disabled: expired at once through the
   * expiry path (they can neither send nor receive; their mail stays readable and the expiry
   * is on record). Answers the ids of the inboxes disabled.
   */
  async delete(tenantId: string, id: string): Promise<string[]> {
    const record = await this.find(tenantId, id);
    const now = this.clock.now();
    const onDomain = await this.inboxes.list(tenantId, { domainId: id }, 'ASC', Number.MAX_SAFE_INTEGER);
    const disabled: string[] = [];
    for (const inbox of onDomain) {
      if (inbox.expiresAt && inbox.expiresAt.getTime() <= now.getTime()) continue;
      await this.inboxes.update(tenantId, inbox.id, { expiresAt: now });
      disabled.push(inbox.id);
    }
    if (!(await this.domains.delete(tenantId, record.id))) throw notFound(`No domain ${id}`);
    if (disabled.length > 0) {
      await expireDueInboxes(this.expired, this.clock, { tenantId, onExpired: this.onExpired });
      this.onInboxChanged?.({ tenantId, inboxId: disabled.length === 1 ? disabled[0]! : '', change: 'updated', expiresAt: now, createdAt: now });
    }
    return disabled;
  }

  /**
   * The inbox that takes mail to `address` when no inbox has it: the catch-all inbox of the
   * verified custom domain of the address. Only verified domains: an unverified one is only
   * a claim, and must not draw mail meant for others.
   */
  async catchAllFor(address: string): Promise<InboxRecord | undefined> {
    const at = address.lastIndexOf('@');
    if (at <= 0) return undefined;
    const domain = await this.domains.findByName(address.slice(at + 1).trim().toLowerCase());
    if (!domain?.verified || !domain.catchAllInboxId) return undefined;
    return this.inboxes.findById(domain.tenantId, domain.catchAllInboxId);
  }

  /** One scheduled pass: every domain of every tenant checked again. Resolves to how many changed state. */
  async checkAll(): Promise<number> {
    let changed = 0;
    let after: string | null = null;
    for (;;) {
      const batch = await this.domains.batch(after, CHECK_BATCH);
      for (const record of batch) {
        const checked = await this.check(record, false).catch(() => record);
        if (checked.verified !== record.verified || JSON.stringify(checked.recordStates) !== JSON.stringify(record.recordStates)) changed++;
      }
      if (batch.length < CHECK_BATCH) return changed;
      after = batch[batch.length - 1]!.id;
    }
  }

  /** The service's own domains: PIGEONHOLE_DOMAIN and PIGEONHOLE_DOMAIN_POOL. */
  serviceDomains(): Set<string> {
    return new Set([this.settings.domain, ...this.settings.domainPool].map((d) => d.toLowerCase()));
  }

  get defaultDomain(): string {
    return this.settings.domain;
  }

  get pool(): readonly string[] {
    return this.settings.domainPool.filter((d) => d !== this.settings.domain);
  }

  /** The caller's verified custom domains (of one inbox type when given). */
  async verifiedDomains(tenantId: string, inboxType?: InboxType): Promise<CustomDomainRecord[]> {
    return (await this.domains.list(tenantId)).filter((d) => d.verified && (!inboxType || d.inboxType === inboxType));
  }

  private async find(tenantId: string, id: string): Promise<CustomDomainRecord> {
    const record = await this.domains.get(tenantId, id);
    if (!record) throw notFound(`No domain ${id}`);
    return record;
  }

  private keysOf(record: CustomDomainRecord): DomainKeys | undefined {
    if (!record.verificationToken || !record.dkimSelector || !record.dkimPublicKey) return undefined;
    return { domain: record.domain, verificationToken: record.verificationToken, dkimSelector: record.dkimSelector, dkimPublicKey: record.dkimPublicKey };
  }

  /**
   * Looks the domain's records up, stores what changed and the health events it raises.
   * `strict`: when every lookup failed (the resolver is away) this is a 503 rather than the
   * stored state, which a failed lookup never changes.
   */
  private async check(record: CustomDomainRecord, strict: boolean): Promise<CustomDomainRecord> {
    const keys = this.keysOf(record);
    if (!keys) return record;
    const findings = judgeRecords(keys, this.settings.mailHost, await this.lookups(keys));
    if (strict && findings.every((f) => f.state === 'UNKNOWN')) {
      const servers = this.dns.getServers?.().join(', ') || 'the system resolvers';
      throw unavailable(`DNS lookups for ${record.domain} failed (asked ${servers}): ${findings[0]!.detail}`);
    }
    const states = mergeStates(record.recordStates, findings);
    const verified = isVerified(states);
    const messages = this.messages(findings, record);
    const now = this.clock.now();
    const events = this.healthEvents_(record, states, verified, findings, now);
    return (await this.domains.recordCheck(record.tenantId, record.id, {
      verified, recordStates: states, missingMessage: messages.missing, duplicateMessage: messages.duplicate, checkedAt: now,
    }, events)) ?? record;
  }

  /** The messages of a check; a record whose lookup failed keeps its part of the last message. */
  private messages(findings: RecordFinding[], record: CustomDomainRecord): { missing: string | null; duplicate: string | null } {
    const known = findings.filter((f) => f.state !== 'UNKNOWN');
    const fresh = findingMessages(known);
    const failed = findings.filter((f) => f.state === 'UNKNOWN');
    if (failed.length === 0) return fresh;
    const keep = (message: string | null) => (message ?? '').split('; ').filter((part) => failed.some((f) => part.startsWith(`${f.label}:`) || part.startsWith(`${f.label} (`)));
    const join = (a: string | null, b: string[]) => [...(a ? [a] : []), ...b].join('; ') || null;
    return { missing: join(fresh.missing, keep(record.missingMessage)), duplicate: join(fresh.duplicate, keep(record.duplicateMessage)) };
  }

  private healthEvents_(record: CustomDomainRecord, states: Record<string, DnsRecordState>, verified: boolean, findings: RecordFinding[], now: Date): DomainHealthEventRecord[] {
    const events: DomainHealthEventRecord[] = [];
    const event = (eventType: string, status: 'OPEN' | 'RESOLVED', severity: 'INFO' | 'WARNING' | 'CRITICAL', title: string, message: string, recommendation: string | null) =>
      events.push({
        id: newId(), tenantId: record.tenantId, domainId: record.id, domainName: record.domain, eventType, status, severity, title, message, recommendation,
        eventTime: now, createdAt: now,
      });
    for (const label of RECORD_LABELS) {
      const before = record.recordStates[label];
      const after = states[label];
      // Only changes from a known state: before the first check the records are simply not published yet.
      if (before === undefined || before === 'UNKNOWN' || after === 'UNKNOWN' || isIssue(before) === isIssue(after)) continue;
      const required = REQUIRED_LABELS.has(label);
      const finding = findings.find((f) => f.label === label);
      if (isIssue(after)) {
        // a DKIM record still there but with another key: signatures made with ours fail
        const type = label === 'DKIM' && finding?.detail?.includes('different key') ? 'DKIM_VERIFICATION_FAILED' : EVENT_TYPES[label];
        event(type, 'OPEN', required ? 'CRITICAL' : 'WARNING', `${label} record of ${record.domain} ${after === 'DUPLICATE' ? 'duplicated' : 'missing'}`,
          finding?.detail ?? `${label} record problem`, `Publish the ${label} record exactly as getDomain lists it in domainNameRecords`);
      } else {
        event(EVENT_TYPES[label], 'RESOLVED', 'INFO', `${label} record of ${record.domain} found`, `The ${label} record of ${record.domain} is published as listed`, null);
      }
    }
    if (verified !== record.verified) {
      if (verified) {
        event('SENDING_ENABLED', 'RESOLVED', 'INFO', `${record.domain} verified`,
          `The verification and DKIM records of ${record.domain} are published: inboxes may use the domain and its mail is DKIM-signed`, null);
      } else {
        event('SENDING_DISABLED', 'OPEN', 'CRITICAL', `${record.domain} no longer verified`,
          `A required record of ${record.domain} is gone or wrong: new inboxes on the domain are refused and its catch-all takes no mail`,
          'Publish the VERIFICATION and DKIM records as getDomain lists them');
      }
    }
    return events;
  }

  private async lookups(keys: DomainKeys): Promise<DomainLookups> {
    const txt = (name: string): Promise<Lookup<string>> => this.lookup(() => this.dns.resolveTxt(name).then((rs) => rs.map((parts) => parts.join(''))));
    const [verification, mx, apexTxt, dkim, dmarc] = await Promise.all([
      txt(verificationName(keys.domain)),
      this.lookup(() => this.dns.resolveMx(keys.domain)),
      txt(keys.domain),
      txt(dkimName(keys.dkimSelector, keys.domain)),
      txt(dmarcName(keys.domain)),
    ]);
    return { verification, mx, apexTxt, dkim, dmarc };
  }

  private async lookup<T>(ask: () => Promise<T[]>): Promise<Lookup<T>> {
    try {
      return { ok: true, records: await ask() };
    } catch (error) {
      if (isNoSuchRecord(error)) return { ok: true, records: [] };
      const e = error as { code?: string; message?: string };
      return { ok: false, error: e.code ?? e.message ?? String(error) };
    }
  }

  view(record: CustomDomainRecord): DomainView {
    const keys = this.keysOf(record);
    const records = keys ? domainNameRecords(keys, this.settings.mailHost) : [];
    const checked = record.checkedAt !== null;
    const requiredMissing = [...REQUIRED_LABELS].some((l) => record.recordStates[l] !== 'PRESENT');
    return {
      record,
      records,
      hasMissingRecords: !record.verified && requiredMissing,
      hasDuplicateRecords: Object.values(record.recordStates).includes('DUPLICATE'),
      missingRecordsMessage: checked ? record.missingMessage : record.verified ? null : NOT_CHECKED,
      duplicateRecordsMessage: record.duplicateMessage,
    };
  }
}
