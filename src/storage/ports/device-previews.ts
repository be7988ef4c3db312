/**
 * Storage port of device previews: profiles, runs with their targets and screenshots, the
 * screenshot bytes (once per sha256), share links and feedback. Every read and change is
 * scoped by tenant, except the lookup of a share link by its token hash (public links).
 */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface DevicePreviewProfileRecord {
  id: string;
  tenantId: string;
  localPart: string;
  displayName: string | null;
  /** target keys; null = the default targets */
  targets: string[] | null;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type DevicePreviewProfileChange = Partial<Pick<DevicePreviewProfileRecord, 'localPart' | 'displayName' | 'targets' | 'enabled' | 'updatedAt'>>;

export interface DevicePreviewRunRecord {
  id: string;
  tenantId: string;
  emailId: string | null;
  sourceType: string;
  /** mime | html: what the source bytes are */
  sourceFormat: 'mime' | 'html';
  sourceSha256: string;
  /** descriptive fields of the source (the module's shape) */
  source: Record<string, unknown>;
  requestedTargets: string[];
  status: string;
  warnings: string[];
  latestError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DevicePreviewTargetRecord {
  id: string;
  tenantId: string;
  runId: string;
  targetKey: string;
  displayOrder: number;
  status: string;
  failureCode: string | null;
  failureMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DevicePreviewScreenshotRecord {
  id: string;
  tenantId: string;
  runId: string;
  targetId: string;
  sha256: string;
  width: number;
  height: number;
  displayOrder: number;
  createdAt: Date;
}

export interface DevicePreviewShareLinkRecord {
  id: string;
  tenantId: string;
  runId: string;
  tokenHash: string;
  tokenPrefix: string;
  label: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastAccessedAt: Date | null;
  accessCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface DevicePreviewFeedbackRecord {
  id: string;
  tenantId: string;
  source: string;
  category: string;
  status: string;
  rating: number | null;
  runId: string | null;
  targetId: string | null;
  screenshotId: string | null;
  provider: string | null;
  title: string | null;
  comment: string | null;
  internalNote: string | null;
  sessionId: string | null;
  liveViewUrl: string | null;
  metadata: Record<string, string> | null;
  createdAt: Date;
  updatedAt: Date;
}

export type DevicePreviewFeedbackChange = Partial<Omit<DevicePreviewFeedbackRecord, 'id' | 'tenantId' | 'createdAt'>>;

export interface DevicePreviewFeedbackFilter {
  source?: string;
  runId?: string;
  status?: string;
  provider?: string;
  category?: string;
  /** contained in title, comment or internal note, any case */
  search?: string;
}

/** A new run with its targets (all stored in one transaction with the source bytes). */
export interface NewDevicePreviewRun {
  run: DevicePreviewRunRecord;
  sourceBytes: Buffer;
  targets: DevicePreviewTargetRecord[];
}

/** A finished render of one target: its screenshot (bytes stored once by hash). */
export interface DevicePreviewCapture {
  screenshot: DevicePreviewScreenshotRecord;
  png: Buffer;
}

export interface DevicePreviewRepository {
  insertProfile(profile: DevicePreviewProfileRecord): Promise<void>;
  findProfile(tenantId: string, id: string): Promise<DevicePreviewProfileRecord | undefined>;
  findProfileByLocalPart(tenantId: string, localPart: string): Promise<DevicePreviewProfileRecord | undefined>;
  listProfiles(tenantId: string): Promise<DevicePreviewProfileRecord[]>;
  updateProfile(tenantId: string, id: string, change: DevicePreviewProfileChange): Promise<DevicePreviewProfileRecord | undefined>;
  deleteProfile(tenantId: string, id: string): Promise<boolean>;

  insertRun(run: NewDevicePreviewRun): Promise<void>;
  findRun(tenantId: string, id: string): Promise<DevicePreviewRunRecord | undefined>;
  /** newest first; for one email when emailId is given */
  listRuns(tenantId: string, filter: { emailId?: string }, limit: number): Promise<DevicePreviewRunRecord[]>;
  pageRuns(tenantId: string, filter: { emailId?: string }, page: PageRequest): Promise<Slice<DevicePreviewRunRecord>>;
  /** the source bytes a run renders */
  runSource(tenantId: string, runId: string): Promise<Buffer | undefined>;
  updateRun(tenantId: string, id: string, change: Partial<Pick<DevicePreviewRunRecord, 'status' | 'warnings' | 'latestError' | 'updatedAt'>>): Promise<void>;
  /** the run, its targets, screenshots and links; blobs no screenshot or run references any more go too */
  deleteRun(tenantId: string, id: string): Promise<boolean>;

  targets(tenantId: string, runId: string): Promise<DevicePreviewTargetRecord[]>;
  /** Sets the status of the run's targets among `ids` (all when absent) whose status is one of `from`; answers how many. */
  setTargetStatus(tenantId: string, runId: string, change: { ids?: string[]; from: string[]; status: string; failureCode: string | null; failureMessage: string | null; at: Date }): Promise<number>;
  /** Records a target's screenshot and marks it READY, unless the target left CAPTURING meanwhile (cancelled): then false. */
  captureTarget(tenantId: string, targetId: string, capture: DevicePreviewCapture): Promise<boolean>;
  screenshots(tenantId: string, runId: string): Promise<DevicePreviewScreenshotRecord[]>;
  /** the PNG of a screenshot of the run */
  screenshotImage(tenantId: string, runId: string, screenshotId: string): Promise<Buffer | undefined>;

  insertShareLink(link: DevicePreviewShareLinkRecord): Promise<void>;
  shareLinks(tenantId: string, runId: string): Promise<DevicePreviewShareLinkRecord[]>;
  shareLinkById(tenantId: string, id: string): Promise<DevicePreviewShareLinkRecord | undefined>;
  findShareLinkByHash(tokenHash: string): Promise<DevicePreviewShareLinkRecord | undefined>;
  /** counts an access of a link */
  touchShareLink(id: string, at: Date): Promise<void>;
  revokeShareLink(tenantId: string, id: string, at: Date): Promise<boolean>;

  insertFeedback(feedback: DevicePreviewFeedbackRecord): Promise<void>;
  findFeedback(tenantId: string, id: string): Promise<DevicePreviewFeedbackRecord | undefined>;
  pageFeedback(tenantId: string, filter: DevicePreviewFeedbackFilter, page: PageRequest): Promise<Slice<DevicePreviewFeedbackRecord>>;
  updateFeedback(tenantId: string, id: string, change: DevicePreviewFeedbackChange): Promise<DevicePreviewFeedbackRecord | undefined>;
}
