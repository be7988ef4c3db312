import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type {
  InboxRecord, InboxRepository, PhoneNumberRecord, PhoneNumberRepository, RulesetAction, RulesetRecord, RulesetRepository, RulesetScope, Slice,
} from '../../storage/ports.js';
import { validatePhone } from '../phone/phone-validation.js';
import { judge, passes, type Verdict } from './ruleset-match.js';

export interface RulesetInput {
  scope: RulesetScope;
  action: RulesetAction;
  target: string;
}

/** Where a ruleset is attached: an inbox (email scopes), a phone number (SMS scopes), or the account (neither). */
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

const SMS_SCOPES: readonly RulesetScope[] = ['RECEIVING_SMS', 'SENDING_SMS'];
const isSmsScope = (scope: RulesetScope) => SMS_SCOPES.includes(scope);

/**
 * What `judge` compares: the ruleset with its owner in `inboxId`, so a phone number's SMS
 * rules take the place an inbox's own rules take for email (the number's first, then the account's).
 */
const asRule = (r: RulesetRecord): RulesetRecord => (r.phoneId ? { ...r, inboxId: r.phoneId } : r);

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
    private readonly phones: Pick<PhoneNumberRepository, 'findById'>,
  ) {}

  /**
   * createNewRuleset: email scopes attach to an inbox or the account, SMS scopes
   * (RECEIVING_SMS, SENDING_SMS) to a phone number of the caller's (phoneId) or the account.
   */
  async create(tenantId: string, input: RulesetInput, owner: RulesetOwner): Promise<RulesetRecord> {
    if (owner.inboxId && owner.phoneId) throw badRequest('give inboxId or phoneId, not both: a ruleset belongs to an inbox, a phone number or the account');
    const rule = checked(input);
    if (owner.phoneId && !isSmsScope(rule.scope)) {
      throw badRequest(`scope ${rule.scope} judges email: a phone number's ruleset has scope RECEIVING_SMS or SENDING_SMS`);
    }
    if (owner.inboxId && isSmsScope(rule.scope)) {
      throw badRequest(`scope ${rule.scope} judges SMS: attach it to a phone number (phoneId) or the account, not an inbox`);
    }
    const inboxId = await this.ownerInbox(tenantId, owner);
    const phoneId = owner.phoneId ? (await this.phone(tenantId, owner.phoneId)).id : null;
    const ruleset: RulesetRecord = { id: newId(), tenantId, inboxId, phoneId, ...rule, active: true, createdAt: this.clock.now() };
    await this.rulesets.create(ruleset);
    return ruleset;
  }

  async get(tenantId: string, id: string): Promise<RulesetRecord> {
    const ruleset = await this.rulesets.findById(tenantId, id);
    if (!ruleset) throw notFound(`No ruleset ${id}`);
    return ruleset;
  }

  async page(tenantId: string, query: RulesetQuery & { phoneId?: string }): Promise<{ slice: Slice<RulesetRecord>; request: PageRequest }> {
    if (query.phoneId) await this.phone(tenantId, query.phoneId);
    if (query.inboxId) await this.inbox(tenantId, query.inboxId);
    const request = pageRequest(query);
    const filter = { inboxId: query.inboxId, phoneId: query.phoneId, search: query.searchFilter || undefined, since: query.since, before: query.before };
    return { slice: await this.rulesets.page(tenantId, filter, request), request };
  }

  async setActive(tenantId: string, id: string, active: boolean): Promise<RulesetRecord> {
    if (!(await this.rulesets.setActive(tenantId, id, active))) throw notFound(`No ruleset ${id}`);
    return this.get(tenantId, id);
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.rulesets.delete(tenantId, id))) throw notFound(`No ruleset ${id}`);
  }

  /** deleteRulesets: those of one inbox or phone number, or every ruleset of the account. */
  async deleteAll(tenantId: string, owner: RulesetOwner): Promise<number> {
    if (owner.phoneId) {
      await this.phone(tenantId, owner.phoneId);
      return this.rulesets.deleteWhere(tenantId, { phoneId: owner.phoneId });
    }
    if (owner.inboxId) await this.inbox(tenantId, owner.inboxId);
    return this.rulesets.deleteWhere(tenantId, owner.inboxId ? { inboxId: owner.inboxId } : {});
  }

  /** testRuleset: whether this ruleset acts on the address or number (false when it is switched off). */
  async testRuleset(tenantId: string, id: string, target: string): Promise<RulesetTestResult> {
    const ruleset = asRule(await this.get(tenantId, id));
    return testResult(judge([ruleset], ruleset.inboxId, [judgedValue(ruleset.scope, target)]));
  }

  /** testInboxRulesetsForInbox: every email ruleset that applies to the inbox (its own and the account's), each judged on the address. */
  async testInbox(tenantId: string, inboxId: string, target: string): Promise<RulesetTestResult> {
    await this.inbox(tenantId, inboxId);
    const rules = (await this.rulesets.applicable(tenantId, inboxId)).filter((r) => !isSmsScope(r.scope));
    return testResult(judge(rules, inboxId, [target]));
  }

  /** testNewRuleset: the ruleset the options would create, judged on the address or number; nothing is stored. */
  testNew(input: RulesetInput, target: string): RulesetTestResult {
    const rule = { id: 'new', inboxId: null, ...checked(input), active: true };
    return testResult(judge([rule], null, [judgedValue(rule.scope, target)]));
  }

  /**
   * testRulesetReceiving: whether mail from the sender reaches the inbox (or any inbox: the
   * account's rules); with phoneId, whether an SMS from the sender's number reaches that number
   * under its RECEIVING_SMS rules and the account's.
   */
  async canReceive(tenantId: string, owner: RulesetOwner, sender: string): Promise<boolean> {
    if (owner.phoneId) return passes(await this.smsVerdict(await this.phone(tenantId, owner.phoneId), 'RECEIVING_SMS', sender));
    const inboxId = await this.ownerInbox(tenantId, owner);
    return passes(await this.verdictFor(tenantId, inboxId, 'RECEIVING_EMAILS', [sender]));
  }

  /** testRulesetSending: whether the inbox (or any inbox) may send to the recipient; with phoneId, whether the number may send an SMS to it. */
  async canSend(tenantId: string, owner: RulesetOwner, recipient: string): Promise<boolean> {
    if (owner.phoneId) return passes(await this.smsVerdict(await this.phone(tenantId, owner.phoneId), 'SENDING_SMS', recipient));
    const inboxId = await this.ownerInbox(tenantId, owner);
    return passes(await this.verdictFor(tenantId, inboxId, 'SENDING_EMAILS', [recipient]));
  }

  /**
   * What the SMS rules of `scope` (the number's own, then the account's) do to an SMS of the
   * number from or to `otherNumber`: the SMS pipelines' question.
   */
  async smsVerdict(phone: Pick<PhoneNumberRecord, 'tenantId' | 'id'>, scope: 'RECEIVING_SMS' | 'SENDING_SMS', otherNumber: string): Promise<Verdict<RulesetRecord>> {
    const rules = (await this.rulesets.applicable(phone.tenantId, null, scope, phone.id)).map(asRule);
    return judge(rules, phone.id, [judgedValue(scope, otherNumber)]);
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
    if (!owner.inboxId) return null;
    return (await this.inbox(tenantId, owner.inboxId)).id;
  }

  private async phone(tenantId: string, phoneId: string): Promise<PhoneNumberRecord> {
    const phone = await this.phones.findById(tenantId, phoneId);
    if (!phone) throw notFound(`No phone number ${phoneId}`);
    return phone;
  }

  private async inbox(tenantId: string, inboxId: string): Promise<InboxRecord> {
    const inbox = await this.inboxes.findById(tenantId, inboxId);
    if (!inbox) throw notFound(`No inbox ${inboxId}`);
    return inbox;
  }
}

/** Separators people write phone numbers with; rules compare the bare E.164 form. */
const PHONE_SEPARATORS = /[\s().-]/g;

/**
 * A phone number as SMS rules compare it: E.164 when libphonenumber-js can read it, else the
 * text without separators. Email scopes judge the text as it is.
 */
function judgedValue(scope: RulesetScope, value: string): string {
  if (!isSmsScope(scope)) return value;
  const bare = value.replace(PHONE_SEPARATORS, '');
  return validatePhone(bare).phoneNumber;
}

function checked(input: RulesetInput): RulesetInput {
  if (isSmsScope(input.scope)) {
    // A number (+12125550100), or a pattern of digits, + and * (+1212555*, *0100, *).
    const target = input.target.replace(PHONE_SEPARATORS, '');
    if (!/^\+?[0-9*]+$/.test(target)) {
      throw badRequest(`target of an ${input.scope} ruleset must be a phone number in E.164 form or a pattern of digits and * (+1212555*, *0100, *), got '${input.target}'`);
    }
    return { scope: input.scope, action: input.action, target: target.includes('*') ? target : validatePhone(target).phoneNumber };
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
