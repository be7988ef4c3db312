import type { Clock } from '../../core/clock.js';
import type { EventBus } from '../../events/bus.js';
import type { AutomationJobRepository, DevicePreviewRepository, EmailRepository } from '../../storage/ports.js';
import type { ChromiumRenderer } from '../render/chromium-renderer.js';
import type { MessageParser } from '../email/parser.js';
import { DEVICE_TARGETS, NATIVE_TARGETS, NATIVE_UNAVAILABLE } from './device-targets.js';
import { DevicePreviewFeedback } from './feedback.service.js';
import { DevicePreviewProfiles } from './profiles.service.js';
import { DevicePreviewRuns, type RunView } from './runs.service.js';
import { DevicePreviewShareLinks } from './share-links.service.js';

/** DevicePreviewsController: profiles, runs (rendered by a durable job), share links and feedback. */
export class DevicePreviewService {
  readonly profiles: DevicePreviewProfiles;
  readonly runs: DevicePreviewRuns;
  readonly shareLinks: DevicePreviewShareLinks;
  readonly feedback: DevicePreviewFeedback;

  constructor(repo: DevicePreviewRepository, emails: EmailRepository, jobs: AutomationJobRepository, renderer: ChromiumRenderer, bus: EventBus, clock: Clock, parser?: MessageParser) {
    this.profiles = new DevicePreviewProfiles(repo, clock);
    this.runs = new DevicePreviewRuns(repo, emails, jobs, renderer, bus, clock, parser);
    this.shareLinks = new DevicePreviewShareLinks(repo, this.runs, clock);
    this.feedback = new DevicePreviewFeedback(repo, this.runs, clock);
  }

  /** A run from a stored email of the tenant. */
  async runFromEmail(tenantId: string, emailId: string, nativeTargets: string[] | null | undefined): Promise<RunView> {
    return this.runs.create(tenantId, await this.runs.emailSource(tenantId, emailId), nativeTargets);
  }

  /** A run from an imported HTML body: rendered as it is (no MIME, so no cid: parts). */
  async runFromHtml(tenantId: string, input: { html: string; subject?: string | null; from?: string | null; to?: string | null; sourceAlias?: string | null; externalId?: string | null; options?: { nativeTargets?: string[] | null } | null }): Promise<RunView> {
    return this.runs.create(tenantId, {
      type: 'RAW_UPLOAD', emailId: null, html: input.html,
      details: {
        sourceAlias: input.sourceAlias ?? null, sourceExternalId: input.externalId ?? null, sourceFrom: input.from ?? null,
        sourceTo: input.to ? [input.to] : null, sourceSubject: input.subject ?? null, sourceSizeBytes: Buffer.byteLength(input.html),
      },
    }, input.options?.nativeTargets);
  }

  /** A run from an imported message (raw RFC 5322 bytes). */
  async runFromMessage(tenantId: string, message: Buffer, input: { sourceAlias?: string | null; externalId?: string | null; nativeTargets?: string[] | null }): Promise<RunView> {
    return this.runs.create(tenantId, await this.runs.importSource(message, input), input.nativeTargets);
  }

  /**
   * Every target this server knows: the device targets (Chromium at device geometry, AVAILABLE)
   * and the native mail-client targets, which are NOT_CONFIGURED here and always will be.
   */
  availability() {
    const common = { visible: true, creditCost: 0, requestQueueConfigured: false, healthyWorkers: 0, recentWorkers: 0, publicPollingWorkers: 0 };
    return {
      enabled: true,
      heartbeatOfflineAfterSeconds: 0,
      error: null,
      targets: [
        ...DEVICE_TARGETS.map((t) => ({
          ...common, target: t.key, baseTarget: t.key.replace(/-(light|dark)$/, ''), provider: 'CHROMIUM', client: `Chromium at ${t.label} geometry`,
          surface: 'BROWSER', platform: t.platform, formFactor: t.deviceType, engine: 'Chromium', appearance: t.colorScheme.toUpperCase(),
          enabled: true, status: 'AVAILABLE' as const,
          statusReason: `A Chromium render at ${t.width}×${t.height} CSS pixels, pixel ratio ${t.deviceScaleFactor}, ${t.colorScheme} scheme, with the device's user agent; not a native mail-client render`,
          timeoutSeconds: 0, availableSlots: 0,
        })),
        ...NATIVE_TARGETS.map((t) => ({
          ...common, target: t.key, baseTarget: t.key, provider: t.provider, client: t.client, surface: t.surface, platform: t.platform,
          formFactor: t.formFactor, engine: t.engine, appearance: 'LIGHT', enabled: false, status: 'NOT_CONFIGURED' as const,
          statusReason: NATIVE_UNAVAILABLE, timeoutSeconds: 0, availableSlots: 0,
        })),
      ],
    };
  }
}
