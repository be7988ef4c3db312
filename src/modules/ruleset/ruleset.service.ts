import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { InboxRecord, InboxRepository, RulesetAction, RulesetRecord, RulesetRepository, RulesetScope, Slice } from '../../storage/ports.js';
import { judge, passes, type Verdict } from './ruleset-match.js';

export interface RulesetInput {
  scope: RulesetScope;
  action: RulesetAction;
  target: string;
}

/** Where a ruleset is attached: an inbox, or the account (neither); phones do not exist here yet. */
export interface RulesetOwner {
  inboxId?: string | null;
  phoneId?: string | null;
}

export interface RulesetQuery {
  inboxId?: string;
  page?: number;
  size?: number;
  sort?: SortDirection;
  searchFilter?: string;
  since?: Date;
  before?: Date;
}

export interface RulesetTestResult {
  rulesetMatches: Record<string, boolean>;
  matches: boolean;
}

const NO_SMS = 'this server does not offer phone numbers or SMS yet';

/**
 * RulesetController: a user's block, allow, filter and bounce rules, and the test operations.
 * Every answer about what rules do comes from `judge` (ruleset-match.ts), the same function
 * the pipelines call through `verdict`.
 */
export class RulesetService {
  constructor(
    private readonly rulesets: RulesetRepository,
    private readonly inboxes: InboxRepository,
    private readonly clock: Clock,
  ) {}

  async create(tenantId: string, input: RulesetInput, owner: RulesetOwner): Promise<RulesetRecord> {
    const inboxId = await this.ownerInbox(tenantId, owner);
    const ruleset: RulesetRecord = { id: newId(), tenantId, inboxId, ...checked(input), active: true, createdAt: this.clock.now() };
    await this.rulesets.create(ruleset);
    return ruleset;
  }

  async get(tenantId: string, id: string): Promise<RulesetRecord> {
    const ruleset = await this.rulesets.findById(tenantId, id);
    if (!ruleset) throw notFound(`No ruleset ${id}`);
    return ruleset;
  }

  async page(tenantId: string, query: RulesetQuery & { phoneId?: string }): Promise<{ slice: Slice<RulesetRecord>; request: PageRequest }> {
    if (query.phoneId) throw badRequest(`phoneId: ${NO_SMS}`);
    if (query.inboxId) await this.inbox(tenantId, query.inboxId);
    const request = pageRequest(query);
    const filter = { inboxId: query.inboxId, search: query.searchFilter || undefined, since: query.since, before: query.before };
    return { slice: await this.rulesets.page(tenantId, filter, request), request };
  }

  async setActive(tenantId: string, id: string, active: boolean): Promise<RulesetRecord> {
    if (!(await this.rulesets.setActive(tenantId, id, active))) throw notFound(`No ruleset ${id}`);
    return this.get(tenantId, id);
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.rulesets.delete(tenantId, id))) throw notFound(`No ruleset ${id}`);
  }

  /** deleteRulesets: those of one inbox, or every ruleset of the account. */
  async deleteAll(tenantId: string, owner: RulesetOwner): Promise<number> {
    if (owner.phoneId) throw badRequest(`phoneId: ${NO_SMS}`);
    if (owner.inboxId) await this.inbox(tenantId, owner.inboxId);
    return this.rulesets.deleteWhere(tenantId, owner.inboxId ? { inboxId: owner.inboxId } : {});
  }

  /** testRuleset: whether this ruleset acts on the address (false when it is switched off). */
  async testRuleset(tenantId: string, id: string, target: string): Promise<RulesetTestResult> {
    const ruleset = await this.get(tenantId, id);
    return testResult(judge([ruleset], ruleset.inboxId, [target]));
  }

  /** testInboxRulesetsForInbox: every ruleset that applies to the inbox (its own and the account's), each judged on the address. */
  async testInbox(tenantId: string, inboxId: string, target: string): Promise<RulesetTestResult> {
    await this.inbox(tenantId, inboxId);
    return testResult(judge(await this.rulesets.applicable(tenantId, inboxId), inboxId, [target]));
  }

  /** testNewRuleset: the ruleset the options would create, judged on the address; nothing is stored. */
  testNew(input: RulesetInput, target: string): RulesetTestResult {
    const rule = { id: 'new', inboxId: null, ...checked(input), active: true };
    return testResult(judge([rule], null, [target]));
  }

  /** testRulesetReceiving: whether mail from the sender reaches the inbox (or any inbox: the account's rules). */
  async canReceive(tenantId: string, owner: RulesetOwner, sender: string): Promise<boolean> {
    const inboxId = await this.ownerInbox(tenantId, owner);
    return passes(await this.verdictFor(tenantId, inboxId, 'RECEIVING_EMAILS', [sender]));
  }

  /** testRulesetSending: whether the inbox (or any inbox) may send to the recipient. */
  async canSend(tenantId: string, owner: RulesetOwner, recipient: string): Promise<boolean> {
    const inboxId = await this.ownerInbox(tenantId, owner);
    return passes(await this.verdictFor(tenantId, inboxId, 'SENDING_EMAILS', [recipient]));
  }

  /** What the rules of `scope` do to a message of the inbox whose judged addresses are given: the pipelines' question. */
  verdict(inbox: InboxRecord, scope: RulesetScope, addresses: string[]): Promise<Verdict<RulesetRecord>> {
    return this.verdictFor(inbox.tenantId, inbox.id, scope, addresses);
  }

  /** The rules of `scope` for the inbox, for a judge over several messages (the send guard judges each recipient). */
  rulesOf(inbox: InboxRecord, scope: RulesetScope): Promise<RulesetRecord[]> {
    return this.rulesets.applicable(inbox.tenantId, inbox.id, scope);
  }

  private async verdictFor(tenantId: string, inboxId: string | null, scope: RulesetScope, addresses: string[]): Promise<Verdict<RulesetRecord>> {
    return judge(await this.rulesets.applicable(tenantId, inboxId, scope), inboxId, addresses);
  }

  private async ownerInbox(tenantId: string, owner: RulesetOwner): Promise<string | null> {
    if (owner.phoneId) throw badRequest(`phoneId: ${NO_SMS}`);
    if (!owner.inboxId) return null;
    return (await this.inbox(tenantId, owner.inboxId)).id;
  }

  private async inbox(tenantId: string, inboxId: string): Promise<InboxRecord> {
    const inbox = await this.inboxes.findById(tenantId, inboxId);
    if (!inbox) throw notFound(`No inbox ${inboxId}`);
    return inbox;
  }
}

function checked(input: RulesetInput): RulesetInput {
  if (input.scope === 'RECEIVING_SMS' || input.scope === 'SENDING_SMS') {
    throw badRequest(`scope ${input.scope}: ${NO_SMS}; use RECEIVING_EMAILS or SENDING_EMAILS`);
  }
  const target = input.target.trim().toLowerCase();
  if (!target) throw badRequest('target must not be blank: give an address or a pattern such as *@example.com or *');
  if (/\s/.test(target)) throw badRequest(`target must not contain spaces: '${input.target}'`);
  return { scope: input.scope, action: input.action, target };
}

function testResult(verdict: Verdict): RulesetTestResult {
  const rulesetMatches = Object.fromEntries(verdict.matches);
  return { rulesetMatches, matches: Object.values(rulesetMatches).some(Boolean) };
}
