import { AppError, notFound } from '../../core/errors.js';
import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { AddressRunKind, DeviceRenderTestRecord, DeviceRenderTestRepository, EmailRepository } from '../../storage/ports.js';
import type { DevicePreviewService } from '../device-previews/device-previews.service.js';
import { checkTargets } from '../device-previews/profiles.service.js';
import type { InboxService } from '../inbox/inbox.service.js';

/** The tag of the inboxes device render tests make, and of the import addresses'. */
export const RENDER_TEST_TAG = 'device-render-test';
export const IMPORT_ADDRESS_TAG = 'device-preview-import';
/** How long a test waits for its message. */
export const RENDER_TEST_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Device render tests: an address on this server (an inbox of the caller, tagged) whose first
 * message becomes a device preview run (modules/device-previews: Chromium at each default
 * target's geometry, rendered by its durable job) with a share link to its results. As with
 * placement tests, nothing waits in the background: the test looks for its message whenever it
 * is read, and mail to the address is stored by ingest like any other.
 */
export class DeviceRenderTestService {
  constructor(
    private readonly tests: DeviceRenderTestRepository,
    private readonly inboxes: InboxService,
    private readonly emails: EmailRepository,
    private readonly previews: DevicePreviewService,
    private readonly clock: Clock,
  ) {}

  async create(tenantId: string, kind: AddressRunKind = 'RENDER_TEST', nativeTargets: string[] | null = null): Promise<DeviceRenderTestRecord> {
    // unknown targets are refused now rather than failing the run when the message comes
    const targets = nativeTargets === null ? null : checkTargets(nativeTargets);
    const now = this.clock.now();
    const id = newId();
    const inbox = kind === 'RENDER_TEST'
      ? await this.inboxes.create(tenantId, { name: `Device render test ${id}`, tags: [RENDER_TEST_TAG] })
      : await this.inboxes.create(tenantId, { name: `Device preview import ${id}`, tags: [IMPORT_ADDRESS_TAG] });
    return this.tests.insert({
      id, tenantId, kind, nativeTargets: targets, inboxId: inbox.id, emailAddress: inbox.emailAddress, status: 'WAITING_FOR_EMAIL', emailId: null, sourceFrom: null,
      sourceSubject: null, sourceTo: null, sourceMessageId: null, sourceSizeBytes: null, senderDomain: null, runId: null, shareToken: null, failureCode: null, failureMessage: null,
      expiresAt: new Date(now.getTime() + RENDER_TEST_LIFETIME_MS), createdAt: now, updatedAt: now,
    });
  }

  /** The test, with its run started when its message has arrived. */
  async get(tenantId: string, id: string, kind: AddressRunKind = 'RENDER_TEST'): Promise<DeviceRenderTestRecord> {
    const test = await this.tests.get(tenantId, id);
    if (!test || test.kind !== kind) throw notFound(kind === 'RENDER_TEST' ? `No device render test ${id}` : `No device preview import address ${id}`);
    if (test.status !== 'WAITING_FOR_EMAIL') return test;
    const [first] = await this.emails.list(tenantId, { inboxIds: [test.inboxId] }, 'ASC', 1);
    const now = this.clock.now();
    if (!first) {
      if (now < test.expiresAt) return test;
      return this.save({ ...test, status: 'EXPIRED', failureCode: 'EXPIRED', failureMessage: 'No message reached the address within the hour', updatedAt: now });
    }
    const email = await this.emails.findById(tenantId, first.id);
    const sourceFrom = email?.from ?? null;
    const received = {
      ...test, emailId: first.id, sourceFrom, sourceSubject: email?.subject ?? null, sourceTo: email ? email.recipients.to.map((r) => r.emailAddress) : null,
      sourceMessageId: email?.messageId ?? null, sourceSizeBytes: email?.sizeBytes ?? null,
      senderDomain: sourceFrom?.split('@')[1]?.replace(/>.*$/, '').toLowerCase() ?? null, updatedAt: now,
    };
    try {
      const view = await this.previews.runFromEmail(tenantId, first.id, test.nativeTargets);
      if (test.kind === 'IMPORT_ADDRESS') return this.save({ ...received, status: 'RUN_CREATED', runId: view.run.id });
      const { token } = await this.previews.shareLinks.create(tenantId, view.run.id, { label: `device render test ${test.id}` });
      return this.save({ ...received, status: 'RUN_CREATED', runId: view.run.id, shareToken: token });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return this.save({ ...received, status: 'FAILED', failureCode: err.code, failureMessage: err.message });
    }
  }

  private async save(test: DeviceRenderTestRecord): Promise<DeviceRenderTestRecord> {
    await this.tests.update(test);
    return test;
  }
}
