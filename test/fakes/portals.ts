/** In-memory guest portals, warmup programs and sender seats (storage/ports/portals.ts) for unit tests. */
import type { PageRequest } from '../../src/core/paging.js';
import type {
  GuestPortalRecord, GuestPortalRepository, GuestUserFilter, GuestUserRecord, SeatKind, SenderSeatRepository, Slice, WarmupProgramRecord,
  WarmupRepository, WarmupSendRecord, WarmupState,
} from '../../src/storage/ports.js';

const pageOf = <T extends { createdAt: Date }>(items: T[], page: PageRequest): Slice<T> => {
  const sorted = [...items].sort((a, b) => (a.createdAt.getTime() - b.createdAt.getTime()) * (page.sort === 'DESC' ? -1 : 1));
  return { items: sorted.slice(page.page * page.size, (page.page + 1) * page.size), total: items.length };
};

export class FakeGuestPortalRepository implements GuestPortalRepository {
  readonly portals: GuestPortalRecord[] = [];
  readonly users: GuestUserRecord[] = [];
  async create(portal: GuestPortalRecord) { this.portals.push({ ...portal }); }
  async findById(tenantId: string, id: string) { return this.portals.find((p) => p.tenantId === tenantId && p.id === id); }
  async findAnyById(id: string) { return this.portals.find((p) => p.id === id); }
  async list(tenantId: string) { return this.portals.filter((p) => p.tenantId === tenantId); }
  async createUser(user: GuestUserRecord) {
    if (this.users.some((u) => u.portalId === user.portalId && u.username === user.username)) return false;
    this.users.push({ ...user });
    return true;
  }
  async findUser(tenantId: string, id: string) { return this.users.find((u) => u.tenantId === tenantId && u.id === id); }
  async findUserByUsername(portalId: string, username: string) { return this.users.find((u) => u.portalId === portalId && u.username === username); }
  async pageUsers(tenantId: string, filter: GuestUserFilter, page: PageRequest) {
    const search = filter.search?.toLowerCase();
    return pageOf(this.users.filter((u) => u.tenantId === tenantId && (!filter.portalId || u.portalId === filter.portalId)
      && (!search || [u.username, u.name, u.emailAddress].some((t) => t?.toLowerCase().includes(search)))), page);
  }
}

export class FakeWarmupRepository implements WarmupRepository {
  readonly programs: WarmupProgramRecord[] = [];
  readonly sends: WarmupSendRecord[] = [];
  async create(program: WarmupProgramRecord) { this.programs.push({ ...program }); }
  async findById(tenantId: string, id: string) {
    const found = this.programs.find((p) => p.tenantId === tenantId && p.id === id);
    return found && { ...found };
  }
  async page(tenantId: string, page: PageRequest) { return pageOf(await this.list(tenantId), page); }
  async list(tenantId: string) { return this.programs.filter((p) => p.tenantId === tenantId).map((p) => ({ ...p })); }
  async active() { return this.programs.filter((p) => p.state === 'ACTIVE').map((p) => ({ ...p })); }
  async update(program: WarmupProgramRecord, expectedState: WarmupState) {
    const i = this.programs.findIndex((p) => p.tenantId === program.tenantId && p.id === program.id && p.state === expectedState);
    if (i < 0) return false;
    this.programs[i] = { ...program, createdAt: this.programs[i]!.createdAt };
    return true;
  }
  async delete(tenantId: string, id: string) {
    const i = this.programs.findIndex((p) => p.tenantId === tenantId && p.id === id);
    if (i < 0) return false;
    this.programs.splice(i, 1);
    return true;
  }
  async recordSend(send: WarmupSendRecord) { this.sends.push({ ...send }); }
  async sentOn(programId: string, day: number) { return this.sends.filter((s) => s.programId === programId && s.day === day && !s.error).length; }
  async sentPerProgram(tenantId: string) {
    const ids = [...new Set(this.sends.filter((s) => s.tenantId === tenantId).map((s) => s.programId))];
    return ids.map((programId) => {
      const mine = this.sends.filter((s) => s.programId === programId);
      return { programId, sent: mine.filter((s) => !s.error).length, failed: mine.filter((s) => s.error).length };
    });
  }
  async sentPerDate(tenantId: string, since: Date) {
    const counts = new Map<string, number>();
    for (const s of this.sends) {
      if (s.tenantId !== tenantId || s.error || s.createdAt < since) continue;
      const date = s.createdAt.toISOString().slice(0, 10);
      counts.set(date, (counts.get(date) ?? 0) + 1);
    }
    return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([date, sent]) => ({ date, sent }));
  }
}

export class FakeSenderSeatRepository implements SenderSeatRepository {
  readonly caps = new Map<string, number>();
  readonly seats: Array<{ tenantId: string; inboxId: string }> = [];
  async cap(tenantId: string, kind: SeatKind) { return this.caps.get(`${tenantId}/${kind}`); }
  async setCap(tenantId: string, kind: SeatKind, seats: number) { this.caps.set(`${tenantId}/${kind}`, seats); }
  async removeCap(tenantId: string, kind: SeatKind) {
    this.caps.delete(`${tenantId}/${kind}`);
    if (kind === 'delivery') for (let i = this.seats.length - 1; i >= 0; i--) if (this.seats[i]!.tenantId === tenantId) this.seats.splice(i, 1);
  }
  async holders(tenantId: string) { return this.seats.filter((s) => s.tenantId === tenantId).map((s) => s.inboxId); }
  async take(tenantId: string, inboxId: string, seats: number) {
    const held = await this.holders(tenantId);
    if (held.includes(inboxId)) return true;
    if (held.length >= seats) return false;
    this.seats.push({ tenantId, inboxId });
    return true;
  }
}
