import type { Static } from '@sinclair/typebox';
import { badRequest, notFound } from '../../core/errors.js';
import { fetchBytes } from '../../jobs/webhook-http.js';
import type { AllowList } from '../../jobs/outbound-targets.js';
import type { EmailRepository } from '../../storage/ports.js';
import { normalizeContentId } from '../email/content.js';
import type { ChromiumRenderer, Resource } from './chromium-renderer.js';
import { MAX_SCREENSHOT_PIXELS, type GetEmailScreenshotOptions } from './render.schemas.js';

export type ScreenshotOptions = Static<typeof GetEmailScreenshotOptions>;

export const DEFAULT_WIDTH = 1024;
export const DEFAULT_HEIGHT = 768;
/** One remote file of an email: enough for any image a mail client would show. */
const MAX_REMOTE_BYTES = 5 * 1024 * 1024;
/** Remote files fetched per render; the rest are not loaded. */
const MAX_REMOTE_FILES = 50;

/** Remote content goes out under the webhook targets' policy (README "Targets"). */
export interface RemoteContentPolicy {
  blockPrivate: boolean | (() => Promise<boolean>);
  allow?: AllowList;
  /** per-file timeout (the webhook timeout) */
  timeoutMs: number;
}

/**
 * getEmailScreenshotAsBase64 / getEmailScreenshotAsBinary: a received email's HTML body (its
 * text body in a <pre> when it has none) rendered in Chromium as a PNG, its cid: images from
 * its own parts, remote content blocked unless the options ask for it.
 */
export class EmailScreenshotService {
  constructor(
    private readonly emails: EmailRepository,
    private readonly renderer: ChromiumRenderer,
    private readonly remotePolicy: RemoteContentPolicy,
  ) {}

  async screenshot(tenantId: string, emailId: string, options: ScreenshotOptions, signal?: AbortSignal): Promise<Buffer> {
    const width = options.width ?? DEFAULT_WIDTH;
    const height = options.height ?? DEFAULT_HEIGHT;
    const ratio = options.deviceScaleFactor ?? 1;
    const pixels = Math.ceil(width * ratio) * Math.ceil(height * ratio);
    if (pixels > MAX_SCREENSHOT_PIXELS) {
      throw badRequest(`width × height × deviceScaleFactor² is ${pixels} pixels; at most ${MAX_SCREENSHOT_PIXELS} are rendered`);
    }
    // The email is found before the browser is asked for: a missing one is 404 with or without Chromium.
    const email = await this.emails.findById(tenantId, emailId);
    if (!email) throw notFound(`No email ${emailId}`);
    const html = email.htmlBody ?? textDocument(email.textBody ?? '');
    const parts = await this.partsByContentId(tenantId, emailId);
    return this.renderer.screenshot({
      html, width, height, deviceScaleFactor: ratio,
      colorScheme: options.colorScheme ?? 'light',
      userAgent: options.userAgent ?? undefined,
      inlinePart: email.htmlBody === null ? undefined : async (cid) => {
        const id = parts.get(normalizeContentId(cid)) ?? parts.get(normalizeContentId(cid).toLowerCase());
        const found = id ? await this.emails.attachment(tenantId, id) : undefined;
        return found ? { status: 200, contentType: found.record.contentType || 'application/octet-stream', body: found.content } : undefined;
      },
      remote: options.loadRemoteContent ? await this.remoteFetcher() : undefined,
    }, signal);
  }

  private async partsByContentId(tenantId: string, emailId: string): Promise<Map<string, string>> {
    const byId = new Map<string, string>();
    for (const record of await this.emails.attachments(tenantId, emailId)) {
      if (!record.contentId) continue;
      const id = normalizeContentId(record.contentId);
      byId.set(id, record.id);
      if (!byId.has(id.toLowerCase())) byId.set(id.toLowerCase(), record.id);
    }
    return byId;
  }

  private async remoteFetcher(): Promise<(url: string) => Promise<Resource>> {
    const { blockPrivate, allow, timeoutMs } = this.remotePolicy;
    const block = typeof blockPrivate === 'function' ? await blockPrivate() : blockPrivate;
    let fetched = 0;
    return async (url) => {
      if (++fetched > MAX_REMOTE_FILES) throw new Error(`only ${MAX_REMOTE_FILES} remote files are loaded per screenshot`);
      const answer = await fetchBytes(url, { timeoutMs, blockPrivate: block, allow, maxBytes: MAX_REMOTE_BYTES });
      return { status: answer.status, contentType: answer.contentType ?? 'application/octet-stream', body: answer.body };
    };
  }
}

/** A text-only email as mail clients show it: its lines as they are, wrapped. */
function textDocument(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!doctype html><meta charset="utf-8"><pre style="white-space:pre-wrap;word-wrap:break-word;font-family:monospace;margin:8px">${escaped}</pre>`;
}
