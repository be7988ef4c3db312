import type { Static } from '@sinclair/typebox';
import type { Clock } from '../../core/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { InboxRepository, SenderSeatRepository, Slice, WarmupProgramRecord, WarmupRepository, WarmupState } from '../../storage/ports.js';
import type { EmailWarmupUsageSummaryDto } from './warmup.schemas.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Most emails one pass sends for one program: a large day is sent over several passes. */
export const SENDS_PER_PASS = 100;
const DEFAULT_SUBJECT = 'Warmup';

export interface WarmupInput {
  name?: string | null;
  senderInboxIds?: string[];
  seedAddresses?: string[];
  startVolume?: number;
  dailyIncrease?: number;
  maxDailyVolume?: number;
  durationDays?: number;
  subject?: string | null;
}

/** How warmup emails go out: SendingService.send (so every send passes the guards and is a real, recorded send). */
export interface WarmupSender {
  send(tenantId: string, inboxId: string, input: { to: string[]; subject: string; body: string }): Promise<{ sent: { id: string } }>;
}

export interface ProgramProgress {
  /** 0-based day in active time; undefined for drafts */
  day: number | undefined;
  target: number | undefined;
  sentToday: number;
}

export type WarmupUsage = Static<typeof EmailWarmupUsageSummaryDto>;

/** The emails day `day` (0-based) of the program sends. */
export const targetOn = (p: Pick<WarmupProgramRecord, 'startVolume' | 'dailyIncrease' | 'maxDailyVolume'>, day: number): number =>
  Math.min(p.maxDailyVolume, p.startVolume + day * p.dailyIncrease);

/** Active time so far: the runs before this one, and the current run up to now. */
const activeTime = (p: WarmupProgramRecord, now: Date): number =>
  p.activeMs + (p.state === 'ACTIVE' && p.runningSince ? Math.max(0, now.getTime() - p.runningSince.getTime()) : 0);

/**
 * Email warmup programs (EmailWarmupController). A program sends a ramping daily volume
 * (startVolume on day 1, dailyIncrease more each day, at most maxDailyVolume) from its sender
 * inboxes to its seed addresses, each in turn, for durationDays of active time (a pause stops
 * the clock), then completes. DRAFT → ACTIVE (start) ⇄ PAUSED (pause, resume) → COMPLETED
 * (complete, or the last day ends); only drafts are editable. The sending is `runDue`, a pass
 * of the scheduled job (jobs/scheduler.ts PeriodicJob: one node at a time), through the
 * SendingService. Warmup sender seats cap the distinct sender inboxes of running programs.
 */
export class WarmupService {
  /** told when a program starts or resumes (main.ts points it at the job, to run a pass now) */
  onActivated: () => void = () => {};

  constructor(
    private readonly programs: WarmupRepository,
    private readonly inboxes: InboxRepository,
    private readonly seats: SenderSeatRepository,
    private readonly sender: WarmupSender,
    private readonly clock: Clock,
  ) {}

  async create(tenantId: string, input: Required<Pick<WarmupInput, 'senderInboxIds' | 'seedAddresses' | 'startVolume' | 'dailyIncrease' | 'maxDailyVolume' | 'durationDays'>> & WarmupInput): Promise<WarmupProgramRecord> {
    const now = this.clock.now();
    const program: WarmupProgramRecord = {
      id: newId(),
      tenantId,
      name: input.name?.trim() || null,
      state: 'DRAFT',
      senderInboxIds: input.senderInboxIds,
      seedAddresses: input.seedAddresses,
      startVolume: input.startVolume,
      dailyIncrease: input.dailyIncrease,
      maxDailyVolume: input.maxDailyVolume,
      durationDays: input.durationDays,
      subject: input.subject?.trim() || null,
      activeMs: 0,
      runningSince: null,
      startedAt: null,
      completedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.checkProgram(program);
    await this.programs.create(program);
    return program;
  }

  async get(tenantId: string, id: string): Promise<WarmupProgramRecord> {
    const program = await this.programs.findById(tenantId, id);
    if (!program) throw notFound(`No warmup program ${id}`);
    return program;
  }

  async page(tenantId: string, query: { page?: number; size?: number; sort?: SortDirection }): Promise<{ slice: Slice<WarmupProgramRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    return { slice: await this.programs.page(tenantId, request), request };
  }

  /** Only drafts are editable: 409 otherwise. */
  async update(tenantId: string, id: string, input: WarmupInput): Promise<WarmupProgramRecord> {
    const program = await this.get(tenantId, id);
    if (program.state !== 'DRAFT') throw conflict(`Warmup program ${id} is ${program.state}: only drafts can be changed`);
    const changed: WarmupProgramRecord = {
      ...program,
      ...(input.name !== undefined ? { name: input.name?.trim() || null } : {}),
      ...(input.subject !== undefined ? { subject: input.subject?.trim() || null } : {}),
      senderInboxIds: input.senderInboxIds ?? program.senderInboxIds,
      seedAddresses: input.seedAddresses ?? program.seedAddresses,
      startVolume: input.startVolume ?? program.startVolume,
      dailyIncrease: input.dailyIncrease ?? program.dailyIncrease,
      maxDailyVolume: input.maxDailyVolume ?? program.maxDailyVolume,
      durationDays: input.durationDays ?? program.durationDays,
      updatedAt: this.clock.now(),
    };
    await this.checkProgram(changed);
    if (!(await this.programs.update(changed, 'DRAFT'))) throw conflict(`Warmup program ${id} changed state meanwhile: only drafts can be changed`);
    return changed;
  }

  async delete(tenantId: string, id: string, confirm: boolean): Promise<void> {
    if (!confirm) throw badRequest('confirm must be true to delete a warmup program (its record of sends goes with it)');
    if (!(await this.programs.delete(tenantId, id))) throw notFound(`No warmup program ${id}`);
  }

  start(tenantId: string, id: string) {
    return this.move(tenantId, id, ['DRAFT'], 'ACTIVE', 'start');
  }

  pause(tenantId: string, id: string) {
    return this.move(tenantId, id, ['ACTIVE'], 'PAUSED', 'pause');
  }

  resume(tenantId: string, id: string) {
    return this.move(tenantId, id, ['PAUSED'], 'ACTIVE', 'resume');
  }

  complete(tenantId: string, id: string) {
    return this.move(tenantId, id, ['ACTIVE', 'PAUSED'], 'COMPLETED', 'complete');
  }

  async progress(program: WarmupProgramRecord): Promise<ProgramProgress> {
    if (program.state === 'DRAFT') return { day: undefined, target: undefined, sentToday: 0 };
    const day = Math.min(program.durationDays - 1, Math.floor(activeTime(program, this.clock.now()) / DAY_MS));
    const running = program.state === 'ACTIVE' || program.state === 'PAUSED';
    return { day, target: running ? targetOn(program, day) : undefined, sentToday: await this.programs.sentOn(program.id, day) };
  }

  async totals(tenantId: string): Promise<Map<string, { sent: number; failed: number }>> {
    return new Map((await this.programs.sentPerProgram(tenantId)).map((t) => [t.programId, { sent: t.sent, failed: t.failed }]));
  }

  async usage(tenantId: string): Promise<WarmupUsage> {
    const now = this.clock.now();
    const [programs, cap, totals, days] = await Promise.all([
      this.programs.list(tenantId),
      this.seats.cap(tenantId, 'warmup'),
      this.totals(tenantId),
      this.programs.sentPerDate(tenantId, new Date(startOfDay(now).getTime() - 29 * DAY_MS)),
    ]);
    const senders = sendersOf(programs);
    const today = now.toISOString().slice(0, 10);
    let sentTotal = 0;
    let failedTotal = 0;
    for (const t of totals.values()) {
      sentTotal += t.sent;
      failedTotal += t.failed;
    }
    return {
      senderSeats: cap ?? null,
      senderSeatsUsed: senders.length,
      senderSeatsAvailable: cap === undefined ? null : Math.max(0, cap - senders.length),
      senderInboxIds: senders,
      programs: programs.length,
      activePrograms: programs.filter((p) => p.state === 'ACTIVE').length,
      sentToday: days.find((d) => d.date === today)?.sent ?? 0,
      sentTotal,
      failedTotal,
      days,
      perProgram: programs.map((p) => ({ programId: p.id, name: p.name, state: p.state, ...(totals.get(p.id) ?? { sent: 0, failed: 0 }) })),
    };
  }

  async setSeats(tenantId: string, seats: number): Promise<WarmupUsage> {
    await this.seats.setCap(tenantId, 'warmup', seats, this.clock.now());
    return this.usage(tenantId);
  }

  async removeSeats(tenantId: string): Promise<WarmupUsage> {
    await this.seats.removeCap(tenantId, 'warmup');
    return this.usage(tenantId);
  }

  /**
   * One pass over every active program: completes those past their last day, and sends each
   * the emails its current day still lacks (at most SENDS_PER_PASS). Resolves to the emails sent.
   */
  async runDue(): Promise<number> {
    let sent = 0;
    for (const program of await this.programs.active()) {
      const now = this.clock.now();
      const day = Math.floor(activeTime(program, now) / DAY_MS);
      if (day >= program.durationDays) {
        await this.programs.update({ ...program, state: 'COMPLETED', activeMs: activeTime(program, now), runningSince: null, completedAt: now, updatedAt: now }, 'ACTIVE');
        continue;
      }
      const done = await this.programs.sentOn(program.id, day);
      const missing = Math.min(SENDS_PER_PASS, targetOn(program, day) - done);
      for (let i = 0; i < missing; i++) {
        const turn = done + i;
        const senderInboxId = program.senderInboxIds[turn % program.senderInboxIds.length]!;
        const recipient = program.seedAddresses[turn % program.seedAddresses.length]!;
        let sentEmailId: string | null = null;
        let error: string | null = null;
        try {
          const outcome = await this.sender.send(program.tenantId, senderInboxId, {
            to: [recipient],
            subject: program.subject ?? DEFAULT_SUBJECT,
            body: `Warmup email ${turn + 1} of day ${day + 1} of warmup program ${program.name ?? program.id}.`,
          });
          sentEmailId = outcome.sent.id;
          sent++;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          error = err.message;
        }
        await this.programs.recordSend({
          id: newId(), tenantId: program.tenantId, programId: program.id, day, senderInboxId, recipient, sentEmailId, error, createdAt: this.clock.now(),
        });
        // a refused send (a deleted inbox, a guard) is not tried again in this pass
        if (error) break;
      }
    }
    return sent;
  }

  private async move(tenantId: string, id: string, from: WarmupState[], to: WarmupState, command: string): Promise<WarmupProgramRecord> {
    const program = await this.get(tenantId, id);
    if (!from.includes(program.state)) {
      throw conflict(`Cannot ${command} warmup program ${id}: it is ${program.state} (${command} applies to ${from.join(' or ')} programs)`);
    }
    const now = this.clock.now();
    if (to === 'ACTIVE') {
      await this.checkSenders(program);
      await this.checkSeats(program);
    }
    const moved: WarmupProgramRecord = {
      ...program,
      state: to,
      activeMs: to === 'ACTIVE' ? program.activeMs : activeTime(program, now),
      runningSince: to === 'ACTIVE' ? now : null,
      startedAt: program.startedAt ?? (to === 'ACTIVE' ? now : null),
      completedAt: to === 'COMPLETED' ? now : null,
      updatedAt: now,
    };
    if (!(await this.programs.update(moved, program.state))) throw conflict(`Warmup program ${id} changed state meanwhile; try again`);
    if (to === 'ACTIVE') this.onActivated();
    return moved;
  }

  private async checkProgram(program: WarmupProgramRecord): Promise<void> {
    if (program.maxDailyVolume < program.startVolume) throw badRequest('maxDailyVolume must be at least startVolume');
    await this.checkSenders(program);
  }

  private async checkSenders(program: WarmupProgramRecord): Promise<void> {
    for (const inboxId of program.senderInboxIds) {
      if (!(await this.inboxes.findById(program.tenantId, inboxId))) throw badRequest(`senderInboxIds: ${inboxId} is not an inbox of yours`);
    }
  }

  /** Running programs (active or paused) together use at most the warmup seats' distinct sender inboxes. */
  private async checkSeats(program: WarmupProgramRecord): Promise<void> {
    const cap = await this.seats.cap(program.tenantId, 'warmup');
    if (cap === undefined) return;
    const others = (await this.programs.list(program.tenantId)).filter((p) => p.id !== program.id);
    const used = new Set(sendersOf(others));
    const wanted = new Set([...used, ...program.senderInboxIds]);
    if (wanted.size > cap) {
      throw conflict(`Warmup program ${program.id} needs ${wanted.size - used.size} more sender seat(s): running programs already use ${used.size} of the `
        + `${cap} warmup sender seats; raise them with PUT /email-warmup/programs/sender-seats or complete another program`);
    }
  }
}

/** Distinct sender inboxes of the running (active or paused) programs. */
function sendersOf(programs: WarmupProgramRecord[]): string[] {
  return [...new Set(programs.filter((p) => p.state === 'ACTIVE' || p.state === 'PAUSED').flatMap((p) => p.senderInboxIds))];
}

const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
