import { createHash, randomBytes } from 'node:crypto';
import { badRequest, notFound } from '../../core/errors.js';
import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { DevicePreviewRepository, DevicePreviewShareLinkRecord } from '../../storage/ports.js';
import type { DevicePreviewRuns, RunView } from './runs.service.js';

/** A link without an expiry given lasts this long; none lasts longer than a year. */
export const DEFAULT_SHARE_DAYS = 7;
const MAX_SHARE_MS = 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
const PREFIX_LENGTH = 8;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Share links of device preview runs: a random token (256 bits) opens the run's results and
 * screenshots with no API key until it expires or is revoked. Only the token's hash is
 * stored, so the token is shown once, when the link is made.
 */
export class DevicePreviewShareLinks {
  constructor(private readonly repo: DevicePreviewRepository, private readonly runs: DevicePreviewRuns, private readonly clock: Clock) {}

  async create(tenantId: string, runId: string, input: { label?: string | null; expiresAt?: string | null }): Promise<{ link: DevicePreviewShareLinkRecord; token: string }> {
    await this.runs.get(tenantId, runId);
    const now = this.clock.now();
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : new Date(now.getTime() + DEFAULT_SHARE_DAYS * DAY_MS);
    if (Number.isNaN(expiresAt.getTime())) throw badRequest('expiresAt is not a date');
    if (expiresAt.getTime() <= now.getTime()) throw badRequest('expiresAt is in the past: a share link must expire in the future');
    if (expiresAt.getTime() - now.getTime() > MAX_SHARE_MS) throw badRequest('expiresAt is more than a year away; share links last at most 365 days');
    const token = randomBytes(32).toString('base64url');
    const link: DevicePreviewShareLinkRecord = {
      id: newId(), tenantId, runId, tokenHash: hashToken(token), tokenPrefix: token.slice(0, PREFIX_LENGTH), label: input.label ?? null,
      expiresAt, revokedAt: null, lastAccessedAt: null, accessCount: 0, createdAt: now, updatedAt: now,
    };
    await this.repo.insertShareLink(link);
    return { link, token };
  }

  async list(tenantId: string, runId: string): Promise<DevicePreviewShareLinkRecord[]> {
    await this.runs.get(tenantId, runId);
    return this.repo.shareLinks(tenantId, runId);
  }

  /** Revokes a link: false when it was already revoked (it stays listed, with revokedAt). */
  async revoke(tenantId: string, linkId: string): Promise<boolean> {
    const revoked = await this.repo.revokeShareLink(tenantId, linkId, this.clock.now());
    if (revoked) return true;
    if (!(await this.repo.shareLinkById(tenantId, linkId))) throw notFound(`No device preview share link ${linkId}`);
    return false;
  }

  /** The run a live token opens (each opening counted); 404 for an unknown, expired or revoked token alike. */
  async open(token: string): Promise<{ link: DevicePreviewShareLinkRecord; view: RunView }> {
    const link = await this.repo.findShareLinkByHash(hashToken(token));
    const now = this.clock.now();
    if (!link || link.revokedAt || (link.expiresAt && link.expiresAt.getTime() <= now.getTime())) {
      throw notFound('No such device preview share link, or it has expired or been revoked');
    }
    await this.repo.touchShareLink(link.id, now);
    const view = await this.runs.get(link.tenantId, link.runId);
    return { link: { ...link, accessCount: link.accessCount + 1, lastAccessedAt: now }, view };
  }

  async screenshot(token: string, screenshotId: string): Promise<Buffer> {
    const { link } = await this.open(token);
    return this.runs.screenshot(link.tenantId, link.runId, screenshotId);
  }
}
