import { createHash } from 'node:crypto';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import { waitForEvent } from '../../events/wait.js';
import type {
  AutomationJobRepository, ClaimedAutomationJob, DevicePreviewRepository, DevicePreviewRunRecord, DevicePreviewScreenshotRecord,
  DevicePreviewTargetRecord, EmailRepository, Slice,
} from '../../storage/ports.js';
import { normalizeContentId } from '../email/content.js';
import { MessageParser } from '../email/parser.js';
import type { ChromiumRenderer } from '../render/chromium-renderer.js';
import { DEFAULT_TARGETS, deviceTarget, NATIVE_UNAVAILABLE, nativeTarget } from './device-targets.js';
import { checkTargets } from './profiles.service.js';
import { FINISHED_RUN, PENDING_TARGET, RERUNNABLE_FAILURE, pngSize, runStatus } from './run-status.js';

export const DEVICE_PREVIEW_RUN = 'device-preview-run' as const;
/** Runs a list without a limit answers, and the most it answers. */
const DEFAULT_LIST_LIMIT = 20;
const MAX_LIST_LIMIT = 100;
/** waitForDevicePreviewRun without timeoutMillis. */
const DEFAULT_WAIT_MS = 60_000;

/** A run with what it is made of: what every run answer is built from. */
export interface RunView {
  run: DevicePreviewRunRecord;
  targets: DevicePreviewTargetRecord[];
  screenshots: DevicePreviewScreenshotRecord[];
}

/** What a run renders and where it came from. */
export interface RunSource {
  type: 'STORED_EMAIL' | 'RAW_UPLOAD' | 'DEVICE_PREVIEW_INGEST';
  emailId: string | null;
  /** the HTML document rendered (a text-only email: its text in a <pre>) */
  html: string;
  /** an imported message: stored as it came, parsed again when rendered for its cid: parts */
  mime?: Buffer;
  /** descriptive fields shown on the run (subject, from, to, alias, ...) */
  details: Record<string, unknown>;
  /** a profile the targets came from */
  profile?: { id: string; localPart: string; displayName: string | null; targets: string[] | null };
}

/** A text-only email as mail clients show it: its lines as they are, wrapped. */
export function textDocument(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!doctype html><meta charset="utf-8"><pre style="white-space:pre-wrap;word-wrap:break-word;font-family:monospace;margin:8px">${escaped}</pre>`;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Device preview runs: an email's HTML rendered in Chromium at the geometry of each target
 * (viewport, pixel ratio, colour scheme, user agent). A run is a durable job: its targets are
 * rows with their own state, rendered by an automation job (kind device-preview-run) under a
 * lease, so a restart or another node carries on where a crashed worker stopped. Native
 * mail-client targets are stored as SETUP_REQUIRED with a warning: they are never rendered.
 */
export class DevicePreviewRuns {
  /** wakes the automation job worker after a run is queued */
  wake: () => void = () => {};

  constructor(
    private readonly repo: DevicePreviewRepository,
    private readonly emails: EmailRepository,
    private readonly jobs: AutomationJobRepository,
    private readonly renderer: ChromiumRenderer,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly parser: MessageParser = MessageParser.inProcess(),
  ) {}

  /** An imported message (raw RFC 5322 bytes), parsed as received mail is, as a run source. */
  async importSource(message: Buffer, details: { sourceAlias?: string | null; externalId?: string | null }): Promise<RunSource> {
    if (message.length === 0) throw badRequest('The message is empty: send the whole .eml file');
    const parsed = await this.parser.parse(message);
    if (parsed.htmlBody === null && parsed.textBody === null) throw badRequest('The message has no HTML or text body to render');
    return {
      type: 'RAW_UPLOAD', emailId: null, html: parsed.htmlBody ?? textDocument(parsed.textBody ?? ''), mime: message,
      details: {
        sourceAlias: details.sourceAlias ?? null, sourceExternalId: details.externalId ?? null, sourceFrom: parsed.from?.emailAddress ?? null,
        sourceTo: parsed.to.map((r) => r.emailAddress), sourceSubject: parsed.subject, sourceMessageId: parsed.messageId, sourceSizeBytes: message.length,
      },
    };
  }

  /** The HTML of a stored email of the tenant, as a run source. */
  async emailSource(tenantId: string, emailId: string): Promise<RunSource> {
    const email = await this.emails.findById(tenantId, emailId);
    if (!email) throw notFound(`No email ${emailId}`);
    return {
      type: 'STORED_EMAIL', emailId, html: email.htmlBody ?? textDocument(email.textBody ?? ''),
      details: {
        sourceInboxId: email.inboxId, sourceFrom: email.from ?? null, sourceTo: email.recipients.to.map((r) => r.emailAddress), sourceSubject: email.subject ?? null,
        sourceMessageId: email.messageId ?? null, sourceSizeBytes: email.sizeBytes,
      },
    };
  }

  async create(tenantId: string, source: RunSource, nativeTargets: string[] | null | undefined): Promise<RunView> {
    const keys = nativeTargets ? checkTargets(nativeTargets) : source.profile?.targets ?? DEFAULT_TARGETS;
    const now = this.clock.now();
    const runId = newId();
    const targets: DevicePreviewTargetRecord[] = keys.map((key, i) => {
      const native = !deviceTarget(key);
      return {
        id: newId(), tenantId, runId, targetKey: key, displayOrder: i,
        status: native ? 'SETUP_REQUIRED' : 'WAITING', failureCode: native ? 'NATIVE_TARGET_UNAVAILABLE' : null,
        failureMessage: native ? NATIVE_UNAVAILABLE : null, createdAt: now, updatedAt: now,
      };
    });
    const unavailable = keys.filter((k) => nativeTarget(k));
    const warnings = unavailable.length > 0 ? [`${unavailable.join(', ')}: ${NATIVE_UNAVAILABLE}`] : [];
    const bytes = source.mime ?? Buffer.from(source.html, 'utf8');
    const run: DevicePreviewRunRecord = {
      id: runId, tenantId, emailId: source.emailId, sourceType: source.type, sourceFormat: source.mime ? 'mime' : 'html', sourceSha256: sha256(bytes),
      source: {
        ...source.details,
        ...(source.profile ? { sourceProfileId: source.profile.id, sourceProfileLocalPart: source.profile.localPart, sourceProfileDisplayName: source.profile.displayName } : {}),
      },
      requestedTargets: keys, status: runStatus(targets), warnings,
      latestError: targets.some((t) => t.status === 'WAITING') ? null : 'No target of this run can be rendered here',
      createdAt: now, updatedAt: now,
    };
    await this.repo.insertRun({ run, sourceBytes: bytes, targets });
    if (targets.some((t) => t.status === 'WAITING')) await this.queue(tenantId, runId);
    return { run, targets, screenshots: [] };
  }

  /** ensureDevicePreviewRun: the email's newest run for the same targets unless it failed; else a new one. */
  async ensure(tenantId: string, emailId: string, nativeTargets: string[] | null | undefined): Promise<{ view: RunView; created: boolean }> {
    const source = await this.emailSource(tenantId, emailId);
    const keys = nativeTargets ? checkTargets(nativeTargets) : DEFAULT_TARGETS;
    const [latest] = await this.repo.listRuns(tenantId, { emailId }, 1);
    if (latest && latest.status !== 'FAILED' && latest.requestedTargets.join('\n') === keys.join('\n')) {
      return { view: await this.view(latest), created: false };
    }
    return { view: await this.create(tenantId, source, keys), created: true };
  }

  async get(tenantId: string, runId: string): Promise<RunView> {
    const run = await this.repo.findRun(tenantId, runId);
    if (!run) throw notFound(`No device preview run ${runId}`);
    return this.view(run);
  }

  async list(tenantId: string, filter: { emailId?: string }, limit: number | undefined): Promise<RunView[]> {
    if (filter.emailId) await this.checkEmail(tenantId, filter.emailId);
    const runs = await this.repo.listRuns(tenantId, filter, Math.min(limit ?? DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT));
    return Promise.all(runs.map((r) => this.view(r)));
  }

  async page(tenantId: string, filter: { emailId?: string }, input: { page?: number; size?: number; sort?: SortDirection }): Promise<{ slice: Slice<RunView>; request: PageRequest }> {
    if (filter.emailId) await this.checkEmail(tenantId, filter.emailId);
    const request = pageRequest(input, { sort: 'DESC' });
    const slice = await this.repo.pageRuns(tenantId, filter, request);
    return { slice: { items: await Promise.all(slice.items.map((r) => this.view(r))), total: slice.total }, request };
  }

  async screenshot(tenantId: string, runId: string, screenshotId: string): Promise<Buffer> {
    const png = await this.repo.screenshotImage(tenantId, runId, screenshotId);
    if (!png) throw notFound(`No screenshot ${screenshotId} in device preview run ${runId}`);
    return png;
  }

  /** Holds until the run has finished (every target rendered or failed), or the timeout: then timedOut with the run as it is. */
  async wait(tenantId: string, runId: string, timeoutMillis: number | undefined, signal?: AbortSignal): Promise<{ timedOut: boolean; view: RunView }> {
    const first = await this.get(tenantId, runId);
    if (FINISHED_RUN.includes(first.run.status)) return { timedOut: false, view: first };
    const done = await waitForEvent(this.bus, 'device-preview.run-updated', (e) => e.tenantId === tenantId && e.runId === runId, timeoutMillis ?? DEFAULT_WAIT_MS,
      async () => {
        const view = await this.get(tenantId, runId);
        return FINISHED_RUN.includes(view.run.status) ? view : undefined;
      }, { signal });
    return done ? { timedOut: false, view: done } : { timedOut: true, view: await this.get(tenantId, runId) };
  }

  /** Stops the targets not rendered yet (a render under way finishes, but its screenshot is not kept). */
  async cancel(tenantId: string, runId: string, reason: string | null | undefined): Promise<{ view: RunView; cancelled: number }> {
    await this.get(tenantId, runId);
    const at = this.clock.now();
    const message = `Cancelled${reason ? `: ${reason}` : ''}`;
    const cancelled = await this.repo.setTargetStatus(tenantId, runId, { from: PENDING_TARGET, status: 'FAILED', failureCode: 'CANCELLED', failureMessage: message, at });
    if (cancelled > 0) await this.repo.updateRun(tenantId, runId, { latestError: message, updatedAt: at });
    return { view: await this.refresh(tenantId, runId), cancelled };
  }

  async delete(tenantId: string, runId: string): Promise<void> {
    if (!(await this.repo.deleteRun(tenantId, runId))) throw notFound(`No device preview run ${runId}`);
    this.announce(tenantId, runId, 'DELETED');
  }

  async rerun(tenantId: string, runId: string, targetIds: string[], failedOnly: boolean): Promise<{ view: RunView; affected: number; warnings: string[] }> {
    const current = await this.get(tenantId, runId);
    const byId = new Map(current.targets.map((t) => [t.id, t]));
    const unknown = targetIds.filter((id) => !byId.has(id));
    if (unknown.length > 0) throw badRequest(`Not targets of device preview run ${runId}: ${unknown.join(', ')}`);
    const warnings: string[] = [];
    const native = targetIds.filter((id) => !deviceTarget(byId.get(id)!.targetKey));
    if (native.length > 0) warnings.push(`${native.length} native target(s) not rerun: ${NATIVE_UNAVAILABLE}`);
    const renderable = targetIds.filter((id) => deviceTarget(byId.get(id)!.targetKey));
    const from = failedOnly ? RERUNNABLE_FAILURE : ['READY', ...RERUNNABLE_FAILURE];
    const skipped = renderable.filter((id) => !from.includes(byId.get(id)!.status));
    if (skipped.length > 0) warnings.push(`${skipped.length} target(s) not rerun: ${failedOnly ? 'only failed targets are rerun (failedOnly)' : 'still rendering'}`);
    const affected = await this.repo.setTargetStatus(tenantId, runId, {
      ids: renderable, from, status: 'WAITING', failureCode: null, failureMessage: null, at: this.clock.now(),
    });
    if (affected > 0) {
      await this.repo.updateRun(tenantId, runId, { latestError: null });
      await this.queue(tenantId, runId);
    }
    return { view: await this.refresh(tenantId, runId), affected, warnings };
  }

  /** The automation job of a run: renders its targets still pending, one after another (the renderer bounds concurrency across runs). */
  async runJob(job: ClaimedAutomationJob): Promise<Record<string, unknown> | null> {
    const runId = String(job.payload?.runId ?? '');
    const run = await this.repo.findRun(job.tenantId, runId);
    if (!run) return { skipped: 'the run was deleted' };
    const source = await this.repo.runSource(job.tenantId, runId);
    if (source === undefined) return { skipped: 'the run was deleted' };
    let html: string;
    let inlinePart: Awaited<ReturnType<DevicePreviewRuns['inlineParts']>>;
    if (run.sourceFormat === 'mime') {
      const parsed = await this.parser.parse(source);
      html = parsed.htmlBody ?? textDocument(parsed.textBody ?? '');
      inlinePart = partsOf(parsed.attachments);
    } else {
      html = source.toString('utf8');
      inlinePart = run.emailId ? await this.inlineParts(job.tenantId, run.emailId) : undefined;
    }
    let rendered = 0;
    for (const target of await this.repo.targets(job.tenantId, runId)) {
      const device = deviceTarget(target.targetKey);
      if (!device || !PENDING_TARGET.includes(target.status)) continue;
      // CAPTURING too: a worker that died mid-render left it so, and its lease ran out
      const claimed = await this.repo.setTargetStatus(job.tenantId, runId, {
        ids: [target.id], from: PENDING_TARGET, status: 'CAPTURING', failureCode: null, failureMessage: null, at: this.clock.now(),
      });
      if (claimed === 0) continue;
      await this.refresh(job.tenantId, runId);
      try {
        const png = await this.renderer.screenshot({
          html, width: device.width, height: device.height, deviceScaleFactor: device.deviceScaleFactor,
          colorScheme: device.colorScheme, userAgent: device.userAgent, inlinePart,
        });
        const size = pngSize(png);
        if (!size) throw new Error('the renderer answered bytes that are not a PNG');
        const at = this.clock.now();
        await this.repo.captureTarget(job.tenantId, target.id, {
          png,
          screenshot: { id: newId(), tenantId: job.tenantId, runId, targetId: target.id, sha256: sha256(png), width: size.width, height: size.height, displayOrder: target.displayOrder, createdAt: at },
        });
        rendered++;
      } catch (err) {
        const timedOut = err instanceof AppError && err.code === 'TIMEOUT';
        const code = timedOut ? 'RENDER_TIMEOUT' : err instanceof AppError && err.code === 'UNAVAILABLE' ? 'RENDERER_UNAVAILABLE' : 'RENDER_FAILED';
        const message = (err as Error).message;
        await this.repo.setTargetStatus(job.tenantId, runId, {
          ids: [target.id], from: ['CAPTURING'], status: timedOut ? 'TIMED_OUT' : 'FAILED', failureCode: code, failureMessage: message, at: this.clock.now(),
        });
        await this.repo.updateRun(job.tenantId, runId, { latestError: `${target.targetKey}: ${message}` });
      }
      await this.refresh(job.tenantId, runId);
    }
    return { runId, rendered };
  }

  /** Re-derives the run's status from its targets, stores it and tells waiters. */
  private async refresh(tenantId: string, runId: string): Promise<RunView> {
    const view = await this.get(tenantId, runId);
    const status = runStatus(view.targets);
    const at = this.clock.now();
    await this.repo.updateRun(tenantId, runId, { status, updatedAt: at });
    view.run = { ...view.run, status, updatedAt: at };
    this.announce(tenantId, runId, status);
    return view;
  }

  private announce(tenantId: string, runId: string, status: string): void {
    this.bus.publish('device-preview.run-updated', { tenantId, inboxId: '', runId, status, createdAt: this.clock.now() });
  }

  private async queue(tenantId: string, runId: string): Promise<void> {
    const now = this.clock.now();
    await this.jobs.enqueue([{ id: newId(), tenantId, kind: DEVICE_PREVIEW_RUN, subjectId: runId, inboxId: null, emailId: null, payload: { runId }, nextAttemptAt: now, createdAt: now }]);
    this.wake();
  }

  private async view(run: DevicePreviewRunRecord): Promise<RunView> {
    const [targets, screenshots] = await Promise.all([this.repo.targets(run.tenantId, run.id), this.repo.screenshots(run.tenantId, run.id)]);
    return { run, targets, screenshots };
  }

  private async checkEmail(tenantId: string, emailId: string): Promise<void> {
    if (!(await this.emails.findById(tenantId, emailId))) throw notFound(`No email ${emailId}`);
  }

  /** The email's cid: parts, answered to the renderer from storage. */
  private async inlineParts(tenantId: string, emailId: string) {
    const byId = new Map<string, string>();
    for (const record of await this.emails.attachments(tenantId, emailId)) {
      if (!record.contentId) continue;
      const id = normalizeContentId(record.contentId);
      byId.set(id, record.id);
      if (!byId.has(id.toLowerCase())) byId.set(id.toLowerCase(), record.id);
    }
    if (byId.size === 0) return undefined;
    return async (cid: string) => {
      const id = byId.get(normalizeContentId(cid)) ?? byId.get(normalizeContentId(cid).toLowerCase());
      const found = id ? await this.emails.attachment(tenantId, id) : undefined;
      return found ? { status: 200, contentType: found.record.contentType || 'application/octet-stream', body: found.content } : undefined;
    };
  }
}

/** cid: parts of a parsed message, answered to the renderer. */
function partsOf(attachments: Array<{ contentType: string; contentId: string | null; content: Buffer }>) {
  const byId = new Map<string, { contentType: string; content: Buffer }>();
  for (const part of attachments) {
    if (!part.contentId) continue;
    const id = normalizeContentId(part.contentId);
    byId.set(id, part);
    if (!byId.has(id.toLowerCase())) byId.set(id.toLowerCase(), part);
  }
  if (byId.size === 0) return undefined;
  return async (cid: string) => {
    const part = byId.get(normalizeContentId(cid)) ?? byId.get(normalizeContentId(cid).toLowerCase());
    return part ? { status: 200, contentType: part.contentType || 'application/octet-stream', body: part.content } : undefined;
  };
}
