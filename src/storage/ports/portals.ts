/** Storage ports of guest portals, email warmup programs and sender seats. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface GuestPortalRecord {
  id: string;
  tenantId: string;
  name: string | null;
  description: string | null;
  linkHelp: string | null;
  domainId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface GuestUserRecord {
  id: string;
  tenantId: string;
  portalId: string;
  name: string | null;
  username: string;
  emailAddress: string | null;
  inboxId: string | null;
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface GuestUserFilter {
  portalId?: string;
  /** case-insensitive partial match on username, name, email address */
  search?: string;
  since?: Date;
  before?: Date;
}

export interface GuestPortalRepository {
  create(portal: GuestPortalRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<GuestPortalRecord | undefined>;
  /** a portal by id alone: the guests' pages know no tenant */
  findAnyById(id: string): Promise<GuestPortalRecord | undefined>;
  /** oldest first */
  list(tenantId: string): Promise<GuestPortalRecord[]>;
  /** false when the username is taken in the portal */
  createUser(user: GuestUserRecord): Promise<boolean>;
  findUser(tenantId: string, id: string): Promise<GuestUserRecord | undefined>;
  findUserByUsername(portalId: string, username: string): Promise<GuestUserRecord | undefined>;
  pageUsers(tenantId: string, filter: GuestUserFilter, page: PageRequest): Promise<Slice<GuestUserRecord>>;
}

export type WarmupState = 'DRAFT' | 'ACTIVE' | 'PAUSED' | 'COMPLETED';

export interface WarmupProgramRecord {
  id: string;
  tenantId: string;
  name: string | null;
  state: WarmupState;
  senderInboxIds: string[];
  seedAddresses: string[];
  startVolume: number;
  dailyIncrease: number;
  maxDailyVolume: number;
  durationDays: number;
  subject: string | null;
  /** active time before the current run, in ms */
  activeMs: number;
  /** when the current run (ACTIVE) began */
  runningSince: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface WarmupSendRecord {
  id: string;
  tenantId: string;
  programId: string;
  day: number;
  senderInboxId: string;
  recipient: string;
  sentEmailId: string | null;
  error: string | null;
  createdAt: Date;
}

export interface WarmupRepository {
  create(program: WarmupProgramRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<WarmupProgramRecord | undefined>;
  page(tenantId: string, page: PageRequest): Promise<Slice<WarmupProgramRecord>>;
  list(tenantId: string): Promise<WarmupProgramRecord[]>;
  /** every ACTIVE program of every tenant (the scheduler's pass) */
  active(): Promise<WarmupProgramRecord[]>;
  /**
   * Writes the program's editable fields, state and timing, only while its state is still
   * `expectedState` (a command racing another loses); false otherwise.
   */
  update(program: WarmupProgramRecord, expectedState: WarmupState): Promise<boolean>;
  delete(tenantId: string, id: string): Promise<boolean>;
  recordSend(send: WarmupSendRecord): Promise<void>;
  /** successful sends of a program on one of its days */
  sentOn(programId: string, day: number): Promise<number>;
  /** successful sends per program of the tenant */
  sentPerProgram(tenantId: string): Promise<Array<{ programId: string; sent: number; failed: number }>>;
  /** successful sends of the tenant per UTC date (YYYY-MM-DD), at or after `since` */
  sentPerDate(tenantId: string, since: Date): Promise<Array<{ date: string; sent: number }>>;
}

export type SeatKind = 'delivery' | 'warmup';

export interface SenderSeatRepository {
  cap(tenantId: string, kind: SeatKind): Promise<number | undefined>;
  setCap(tenantId: string, kind: SeatKind, seats: number, at: Date): Promise<void>;
  /** removes the cap, and for delivery every seat held */
  removeCap(tenantId: string, kind: SeatKind): Promise<void>;
  /** inboxes holding a delivery seat, first taken first */
  holders(tenantId: string): Promise<string[]>;
  /**
   * Gives the inbox a delivery seat unless all `seats` are taken: true when it holds one (it
   * already did, or got one now). Two inboxes racing for the last seat: one gets it.
   */
  take(tenantId: string, inboxId: string, seats: number, at: Date): Promise<boolean>;
}
