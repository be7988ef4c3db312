import type { Clock } from '../../core/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { PageRequest } from '../../core/paging.js';
import type {
  DeliverabilityEntityResult, DeliverabilityExpectationRecord, DeliverabilityScope, DeliverabilitySelector, DeliverabilityTestRecord,
  DeliverabilityTestRepository, DeliverabilityTestStatus, EmailRepository, InboxRepository, PhoneNumberRepository, SmsRepository,
} from '../../storage/ports.js';
import type { RenderRequest } from '../render/chromium-renderer.js';
import { emailMeets, selectEntities, smsMeets } from './entity-selection.js';
import { reportHtml } from './report-html.js';
import { tally } from './tally.js';

/** Most messages read per entity when a test is evaluated. */
const MESSAGES_READ = 5000;
/** Most tests an analytics answer reads. */
export const MAX_TESTS_READ = 2000;

const FINISHED: ReadonlySet<DeliverabilityTestStatus> = new Set(['STOPPED', 'COMPLETE', 'FAILED']);

export interface SelectorInput {
  type: DeliverabilitySelector['type'];
  pattern?: string | null;
  phoneCountry?: string;
  entityIds?: string[] | null;
  excludeEntityIds?: string[] | null;
  tags?: string[] | null;
}

export interface ExpectationInput {
  name?: string | null;
  minCount: number;
  from?: string | null;
  to?: string | null;
  subject?: string | null;
}

export interface CreateTestInput {
  name?: string | null;
  description?: string | null;
  scope: DeliverabilityScope;
  startAt?: string | null;
  maxDurationSeconds?: number | null;
  successThresholdPercent?: number | null;
  selector: SelectorInput;
  expectations: ExpectationInput[];
}

export interface UpdateTestInput {
  name?: string | null;
  description?: string | null;
  startAt?: string | null;
  maxDurationSeconds?: number | null;
  clearMaxDuration?: boolean | null;
  successThresholdPercent?: number | null;
  clearSuccessThreshold?: boolean | null;
  expectations?: ExpectationInput[] | null;
}

export const toSelector = (s: SelectorInput): DeliverabilitySelector => ({
  type: s.type, pattern: s.pattern?.trim() || null, phoneCountry: s.phoneCountry ?? null, entityIds: s.entityIds ?? [],
  excludeEntityIds: s.excludeEntityIds ?? [], tags: s.tags ?? [],
});

const toExpectations = (list: ExpectationInput[]): DeliverabilityExpectationRecord[] => list.map((e) => ({
  name: e.name?.trim() || null, minCount: e.minCount, from: e.from?.trim() || null, to: e.to?.trim() || null, subject: e.subject?.trim() || null,
}));

/**
 * Deliverability tests (DeliverabilityTestController): did every chosen inbox (or phone number)
 * receive what it should? A test's selector picks entities of the caller; its expectations say
 * how many messages matching a sender, recipient and subject each must receive after the start.
 * Once started the entities are fixed, and the test is evaluated against the stored mail (or
 * SMS) whenever it is read: COMPLETE when every entity has met every expectation, or at
 * maxDurationSeconds COMPLETE when the success threshold is met and FAILED otherwise (timedOut).
 * A scheduled test starts when it is first read at or after startAt. Nothing is polled in the
 * background and nothing is cached: every read sees the mail stored so far.
 */
export class DeliverabilityTestService {
  constructor(
    private readonly repo: DeliverabilityTestRepository,
    private readonly inboxes: InboxRepository,
    private readonly phones: PhoneNumberRepository,
    private readonly emails: EmailRepository,
    private readonly sms: SmsRepository,
    private readonly clock: Clock,
    /** prints HTML to PDF (the server's Chromium): the test report */
    private readonly printer: { pdf(request: RenderRequest): Promise<Buffer> },
  ) {}

  /** The test's report as a PDF printed by Chromium (503 naming the package where it is absent). */
  async reportPdf(tenantId: string, id: string): Promise<{ test: DeliverabilityTestRecord; pdf: Buffer }> {
    const test = await this.get(tenantId, id);
    return { test, pdf: await this.printer.pdf({ html: reportHtml(test, this.clock.now()), width: 794, height: 1123 }) };
  }

  now(): Date {
    return this.clock.now();
  }

  select(tenantId: string, scope: DeliverabilityScope, selector: DeliverabilitySelector) {
    return selectEntities({ inboxes: this.inboxes, phones: this.phones }, tenantId, scope, selector);
  }

  async create(tenantId: string, input: CreateTestInput): Promise<DeliverabilityTestRecord> {
    const now = this.clock.now();
    const selector = toSelector(input.selector);
    const chosen = await this.select(tenantId, input.scope, selector);
    const startAt = input.startAt ? new Date(input.startAt) : null;
    const test: DeliverabilityTestRecord = {
      id: newId(), tenantId, name: input.name?.trim() || null, description: input.description?.trim() || null, scope: input.scope, selector,
      expectations: toExpectations(input.expectations), status: startAt ? 'SCHEDULED' : 'CREATED', startAt: startAt ?? now, startedAt: null,
      completedAt: null, maxDurationSeconds: input.maxDurationSeconds ?? null, successThresholdPercent: input.successThresholdPercent ?? null,
      selectedEntityCount: chosen.length, entities: [], results: [], lastEvaluatedAt: null, timedOut: false, failureReason: null,
      createdAt: now, updatedAt: now,
    };
    await this.repo.insert(test);
    return this.refresh(test);
  }

  /** The test, brought up to date: started when its time came, evaluated while running. */
  async get(tenantId: string, id: string): Promise<DeliverabilityTestRecord> {
    const test = await this.repo.get(tenantId, id);
    if (!test) throw notFound(`No deliverability test ${id}`);
    return this.refresh(test);
  }

  async page(tenantId: string, page: PageRequest) {
    const slice = await this.repo.page(tenantId, page);
    const items = [];
    for (const test of slice.items) items.push(await this.refresh(test));
    return { items, total: slice.total };
  }

  async update(tenantId: string, id: string, input: UpdateTestInput): Promise<DeliverabilityTestRecord> {
    const test = await this.get(tenantId, id);
    const changesRun = input.startAt != null || input.maxDurationSeconds != null || input.clearMaxDuration || input.successThresholdPercent != null
      || input.clearSuccessThreshold || input.expectations != null;
    if (changesRun && FINISHED.has(test.status)) throw conflict(`test ${id} is ${test.status}: only its name and description can change`);
    if (input.startAt != null && test.status !== 'CREATED' && test.status !== 'SCHEDULED') throw conflict(`test ${id} has started: startAt cannot change`);
    const next: DeliverabilityTestRecord = {
      ...test,
      ...(input.name !== undefined ? { name: input.name?.trim() || null } : {}),
      ...(input.description !== undefined ? { description: input.description?.trim() || null } : {}),
      ...(input.startAt != null ? { startAt: new Date(input.startAt), status: 'SCHEDULED' as const } : {}),
      ...(input.clearMaxDuration ? { maxDurationSeconds: null } : input.maxDurationSeconds != null ? { maxDurationSeconds: input.maxDurationSeconds } : {}),
      ...(input.clearSuccessThreshold ? { successThresholdPercent: null } : input.successThresholdPercent != null ? { successThresholdPercent: input.successThresholdPercent } : {}),
      ...(input.expectations != null ? { expectations: toExpectations(input.expectations) } : {}),
      updatedAt: this.clock.now(),
    };
    await this.repo.update(next);
    return this.refresh(next);
  }

  /** start: a CREATED or SCHEDULED test starts now; a PAUSED one resumes. */
  async start(tenantId: string, id: string): Promise<DeliverabilityTestRecord> {
    const test = await this.get(tenantId, id);
    if (test.status === 'PAUSED') return this.save({ ...test, status: 'RUNNING', updatedAt: this.clock.now() });
    if (test.status !== 'CREATED' && test.status !== 'SCHEDULED') throw conflict(`test ${id} is ${test.status}: only a CREATED, SCHEDULED or PAUSED test can start`);
    return this.save(await this.begin(test, this.clock.now()));
  }

  async pause(tenantId: string, id: string): Promise<DeliverabilityTestRecord> {
    const test = await this.get(tenantId, id);
    if (test.status !== 'RUNNING') throw conflict(`test ${id} is ${test.status}: only a RUNNING test can pause`);
    return this.save({ ...test, status: 'PAUSED', updatedAt: this.clock.now() });
  }

  async stop(tenantId: string, id: string): Promise<DeliverabilityTestRecord> {
    const test = await this.get(tenantId, id);
    if (FINISHED.has(test.status)) throw conflict(`test ${id} is already ${test.status}`);
    const now = this.clock.now();
    return this.save({ ...test, status: 'STOPPED', completedAt: now, updatedAt: now });
  }

  async duplicate(tenantId: string, id: string): Promise<DeliverabilityTestRecord> {
    const test = await this.get(tenantId, id);
    return this.create(tenantId, {
      name: test.name ? `${test.name} (copy)` : null, description: test.description, scope: test.scope,
      maxDurationSeconds: test.maxDurationSeconds, successThresholdPercent: test.successThresholdPercent,
      selector: { ...test.selector, phoneCountry: test.selector.phoneCountry ?? undefined }, expectations: test.expectations,
    });
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.repo.delete(tenantId, id))) throw notFound(`No deliverability test ${id}`);
  }

  /** Tests made in the window (newest first), the running and scheduled ones brought up to date. */
  async listCreated(tenantId: string, window: { since: Date; before: Date; scope?: DeliverabilityScope }): Promise<DeliverabilityTestRecord[]> {
    if (window.since.getTime() >= window.before.getTime()) throw badRequest('since must be before before');
    const tests = await this.repo.listCreated(tenantId, window, MAX_TESTS_READ);
    const current = [];
    for (const test of tests) current.push(await this.refresh(test));
    return current;
  }

  private async save(test: DeliverabilityTestRecord): Promise<DeliverabilityTestRecord> {
    await this.repo.update(test);
    return test;
  }

  /** Fixes the entities and starts the clock. */
  private async begin(test: DeliverabilityTestRecord, startedAt: Date): Promise<DeliverabilityTestRecord> {
    const entities = await this.select(test.tenantId, test.scope, test.selector).catch((err: unknown) => {
      if (err instanceof AppError) return err;
      throw err;
    });
    const now = this.clock.now();
    if (entities instanceof AppError) return { ...test, status: 'FAILED', startedAt, completedAt: now, failureReason: entities.message, updatedAt: now };
    if (entities.length === 0) {
      return { ...test, status: 'FAILED', startedAt, completedAt: now, selectedEntityCount: 0, failureReason: `the selector chose no ${test.scope === 'INBOX' ? 'inbox' : 'phone number'}`, updatedAt: now };
    }
    return this.evaluate({ ...test, status: 'RUNNING', startedAt, entities, selectedEntityCount: entities.length, updatedAt: now });
  }

  private async refresh(test: DeliverabilityTestRecord): Promise<DeliverabilityTestRecord> {
    const now = this.clock.now();
    if (test.status === 'SCHEDULED' && now >= test.startAt) return this.save(await this.begin(test, test.startAt));
    if (test.status === 'RUNNING') return this.save(await this.evaluate(test));
    return test;
  }

  /** Counts each entity's matching messages since the start; finishes the test when it is done or out of time. */
  private async evaluate(test: DeliverabilityTestRecord): Promise<DeliverabilityTestRecord> {
    const now = this.clock.now();
    const since = new Date(test.startedAt!.getTime() - 1);
    const results: DeliverabilityEntityResult[] = [];
    for (const entity of test.entities) {
      let counts: number[];
      if (test.scope === 'INBOX') {
        const mail = await this.emails.list(test.tenantId, { inboxIds: [entity.entityId], since }, 'ASC', MESSAGES_READ);
        counts = test.expectations.map((e) => mail.filter((m) => emailMeets(m, e)).length);
      } else {
        const { items } = await this.sms.page(test.tenantId, { phoneId: entity.entityId, since }, { page: 0, size: MESSAGES_READ, sort: 'ASC' });
        counts = test.expectations.map((e) => items.filter((m) => smsMeets(m, e)).length);
      }
      results.push({ ...entity, counts, matched: counts.every((n, i) => n >= test.expectations[i]!.minCount), evaluatedAt: now });
    }
    const evaluated: DeliverabilityTestRecord = { ...test, results, lastEvaluatedAt: now };
    const t = tally(evaluated);
    if (t.total > 0 && t.matched === t.total) return { ...evaluated, status: 'COMPLETE', completedAt: now, updatedAt: now };
    const deadline = test.maxDurationSeconds === null ? null : test.startedAt!.getTime() + test.maxDurationSeconds * 1000;
    if (deadline !== null && now.getTime() >= deadline) {
      const passed = t.thresholdMet === true;
      return {
        ...evaluated, status: passed ? 'COMPLETE' : 'FAILED', completedAt: now, timedOut: true, updatedAt: now,
        failureReason: passed ? null : `timed out after ${test.maxDurationSeconds} s with ${t.matched} of ${t.total} entities matched${test.successThresholdPercent === null ? '' : ` (${t.completion}%, under the ${test.successThresholdPercent}% threshold)`}`,
      };
    }
    return evaluated;
  }
}
