import { randomBytes } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { AppError, badRequest, conflict } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { EventBus } from '../../events/bus.js';
import { waitForEvent } from '../../events/wait.js';
import type { DevicePreviewIngestRepository, PreviewIngestDomainRecord, PreviewSubmissionRecord } from '../../storage/ports.js';
import type { DevicePreviewProfiles, ProfileView } from './profiles.service.js';
import type { DevicePreviewRuns, RunView } from './runs.service.js';

/** A recipient of mail that is a device preview submission. */
export interface PreviewRecipient {
  address: string;
  localPart: string;
  domain: PreviewIngestDomainRecord;
}

export interface SubmissionQuery {
  since: Date;
  emailDomainId?: string;
  profileId?: string;
  localPart?: string;
  limit?: number;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Most submissions (or runs) a list answers. */
const MAX_LISTED = 500;

/**
 * Device preview email domains: each user may have one subdomain of the server's mail domain.
 * Mail to <local part>@<subdomain>.<mail domain> is taken at RCPT like an inbox's
 * (transports/smtp asks `recipient`), and at DATA becomes a device preview run (its raw bytes
 * stored with the run before the 250) of the targets of the user's profile with that local part
 * (the default targets when none matches), recorded as a submission. The lists and waits read
 * the submissions; a wait is woken by the run events, never by polling.
 */
export class DevicePreviewIngestService {
  constructor(
    private readonly repo: DevicePreviewIngestRepository,
    private readonly profiles: DevicePreviewProfiles,
    private readonly runs: DevicePreviewRuns,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    /** the server's mail domain (PIGEONHOLE_DOMAIN): ingest domains are its subdomains */
    readonly mailDomain: string,
  ) {}

  /** The user's domain, made (with a random subdomain) on first use. */
  async domainOf(tenantId: string): Promise<PreviewIngestDomainRecord> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const found = await this.repo.findDomain(tenantId);
      if (found) return found;
      const now = this.clock.now();
      await this.repo.createDomain({ id: newId(), tenantId, subdomain: `preview-${randomBytes(5).toString('hex')}`, createdAt: now, updatedAt: now });
    }
    throw new Error('no device preview email domain could be made');
  }

  async settings(tenantId: string): Promise<{ domain: PreviewIngestDomainRecord; profiles: ProfileView[] }> {
    return { domain: await this.domainOf(tenantId), profiles: await this.profiles.list(tenantId) };
  }

  async rename(tenantId: string, subdomain: string): Promise<{ domain: PreviewIngestDomainRecord; profiles: ProfileView[] }> {
    const label = subdomain.trim().toLowerCase();
    if (!LABEL.test(label)) throw badRequest(`subdomain "${subdomain}" is not one DNS label (letters, digits and inner hyphens, at most 63)`);
    await this.domainOf(tenantId);
    if (!(await this.repo.renameDomain(tenantId, label, this.clock.now()))) throw conflict(`subdomain "${label}" is taken`);
    return this.settings(tenantId);
  }

  fullDomain(domain: PreviewIngestDomainRecord): string {
    return `${domain.subdomain}.${this.mailDomain}`;
  }

  /** The ingest domain an address is at, if any: a cheap string test first, so other mail costs no lookup. */
  async recipient(address: string): Promise<PreviewRecipient | undefined> {
    const at = address.lastIndexOf('@');
    const host = address.slice(at + 1).toLowerCase();
    const suffix = `.${this.mailDomain.toLowerCase()}`;
    if (at <= 0 || !host.endsWith(suffix)) return undefined;
    const label = host.slice(0, -suffix.length);
    if (!LABEL.test(label)) return undefined;
    const domain = await this.repo.findDomainBySubdomain(label);
    return domain && { address: address.toLowerCase(), localPart: address.slice(0, at).toLowerCase(), domain };
  }

  /** A message to ingest addresses: one run and one submission per recipient. A message that cannot be rendered is a 400 for the sender to be told. */
  async receive(raw: Buffer, recipients: PreviewRecipient[]): Promise<void> {
    for (const recipient of recipients) {
      const tenantId = recipient.domain.tenantId;
      const profile = (await this.profiles.list(tenantId)).find((p) => p.localPart.toLowerCase() === recipient.localPart && p.enabled);
      const receivedAt = this.clock.now();
      let view: RunView;
      const source = await this.runs.importSource(raw, { sourceAlias: recipient.address });
      try {
        view = await this.runs.create(tenantId, {
          ...source, type: 'DEVICE_PREVIEW_INGEST',
          details: { ...source.details, sourceRecipientEmailAddress: recipient.address, sourceRecipientLocalPart: recipient.localPart, sourceIngestDomainId: recipient.domain.id },
          ...(profile ? { profile: { id: profile.id, localPart: profile.localPart, displayName: profile.displayName, targets: profile.targets } } : {}),
        }, null);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await this.record(recipient, profile, receivedAt, source.details, { status: 'FAILED', runId: null, failureStage: 'RUN_CREATE', latestError: err.message });
        continue;
      }
      await this.record(recipient, profile, receivedAt, source.details, { status: 'RUN_CREATED', runId: view.run.id, failureStage: null, latestError: null });
    }
  }

  async submissions(tenantId: string, query: SubmissionQuery): Promise<PreviewSubmissionRecord[]> {
    return this.repo.listSubmissions(tenantId, {
      since: query.since, ingestDomainId: query.emailDomainId, profileId: query.profileId, localPart: query.localPart, limit: Math.min(query.limit ?? 50, MAX_LISTED),
    });
  }

  /** The runs the submissions of the query made, oldest first. */
  async submissionRuns(tenantId: string, query: SubmissionQuery): Promise<RunView[]> {
    const views: RunView[] = [];
    for (const s of await this.submissions(tenantId, query)) if (s.runId) views.push(await this.runs.get(tenantId, s.runId));
    return views;
  }

  /** Holds until the query finds something or the timeout: woken by the run events of the tenant. */
  async wait<T>(tenantId: string, find: () => Promise<T[]>, timeoutMillis: number | undefined, signal?: AbortSignal): Promise<{ timedOut: boolean; found: T[] }> {
    const found = await waitForEvent(this.bus, 'device-preview.run-updated', { tenantId }, timeoutMillis ?? 60_000,
      async () => {
        const list = await find();
        return list.length > 0 ? list : undefined;
      }, { signal });
    return found ? { timedOut: false, found } : { timedOut: true, found: [] };
  }

  private async record(recipient: PreviewRecipient, profile: ProfileView | undefined, receivedAt: Date, details: Record<string, unknown>,
    outcome: Pick<PreviewSubmissionRecord, 'status' | 'runId' | 'failureStage' | 'latestError'>): Promise<void> {
    const now = this.clock.now();
    await this.repo.addSubmission({
      id: newId(), tenantId: recipient.domain.tenantId, ingestDomainId: recipient.domain.id, profileId: profile?.id ?? null,
      recipientEmailAddress: recipient.address, recipientLocalPart: recipient.localPart, matchedProfile: profile !== undefined,
      sourceFrom: (details.sourceFrom as string | null) ?? null, sourceTo: (details.sourceTo as string[] | null) ?? null,
      sourceSubject: (details.sourceSubject as string | null) ?? null, sourceMessageId: (details.sourceMessageId as string | null) ?? null,
      sourceSizeBytes: (details.sourceSizeBytes as number) ?? 0, receivedAt, completedAt: now, createdAt: now, updatedAt: now, ...outcome,
    });
    // the waits of this tenant look again (a run made announces itself only when it renders)
    this.bus.publish('device-preview.run-updated', { tenantId: recipient.domain.tenantId, inboxId: '', runId: outcome.runId ?? '', status: outcome.status, createdAt: now });
  }
}
