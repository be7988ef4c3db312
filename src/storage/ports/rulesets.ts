/** Storage port of rulesets (RulesetController): block, allow, filter and bounce rules of an inbox or a whole account. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export type RulesetScope = 'RECEIVING_EMAILS' | 'SENDING_EMAILS' | 'RECEIVING_SMS' | 'SENDING_SMS';
export type RulesetAction = 'BLOCK' | 'ALLOW' | 'FILTER_REMOVE' | 'BOUNCE_SOFT' | 'BOUNCE_HARD';

export interface RulesetRecord {
  id: string;
  tenantId: string;
  /** the inbox it is attached to; null = every inbox of the account */
  inboxId: string | null;
  /** the phone number an SMS ruleset is attached to; null (with a null inboxId) = the account */
  phoneId: string | null;
  scope: RulesetScope;
  action: RulesetAction;
  /** an address or a `*` wildcard pattern, lower-case */
  target: string;
  /** false: kept, but acts on nothing */
  active: boolean;
  createdAt: Date;
}

export interface RulesetFilter {
  /** only the rulesets of this inbox */
  inboxId?: string;
  /** only the rulesets of this phone number */
  phoneId?: string;
  /** target contains this (any case) */
  search?: string;
  since?: Date;
  before?: Date;
}

export interface RulesetRepository {
  create(ruleset: RulesetRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<RulesetRecord | undefined>;
  page(tenantId: string, filter: RulesetFilter, page: PageRequest): Promise<Slice<RulesetRecord>>;
  /**
   * The rulesets (active or not) that apply to the inbox, its own and the account's (attached
   * to neither an inbox nor a phone), or only the account's when inboxId is null; with
   * phoneId, that number's own too; of `scope` when given. Oldest first.
   */
  applicable(tenantId: string, inboxId: string | null, scope?: RulesetScope, phoneId?: string | null): Promise<RulesetRecord[]>;
  /** false when there is no such ruleset */
  setActive(tenantId: string, id: string, active: boolean): Promise<boolean>;
  /** false when there is no such ruleset */
  delete(tenantId: string, id: string): Promise<boolean>;
  /** deletes the tenant's rulesets, or those of one inbox; answers how many */
  deleteWhere(tenantId: string, filter: { inboxId?: string; phoneId?: string }): Promise<number>;
}
