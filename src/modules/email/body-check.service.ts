import { notFound } from '../../core/errors.js';
import type { AllowList, DnsLookup } from '../../jobs/outbound-targets.js';
import { probeUrl, type ProbeResult } from '../../jobs/link-probe.js';
import type { EmailRepository } from '../../storage/ports.js';
import { normalizeContentId, textUrls } from './content.js';
import type { HtmlWork } from './html-work.js';

/** Same targets as webhooks (README "Targets"): the guard, its allow list and its timeout. */
export interface BodyCheckSettings {
  blockPrivate: boolean | (() => Promise<boolean>);
  allow?: AllowList;
  lookup?: DnsLookup;
  /** per-URL timeout (the webhook timeout) */
  timeoutMs: number;
}

/** How many distinct URLs one check fetches; the rest are reported as not checked. */
export const MAX_CHECKED_URLS = 50;
/** How many are fetched at once. */
const CONCURRENCY = 6;

type Severity = 'Warning' | 'Error';
interface Issue { url: string; responseStatus: number | null; severity: Severity; message: string }

/** What checkBody found and fetched: URLs refused by the guard or past MAX_CHECKED_URLS are `skipped`. */
export interface BodyCheckCounts { detectedLinks: number; detectedImages: number; checkedLinks: number; checkedImages: number; skipped: number }

export interface BodyCheckResults {
  hasIssues: boolean;
  linkIssues: Issue[];
  imageIssues: Issue[];
  spellingIssues: never[];
}

/**
 * checkEmailBody: every link and image of a received email fetched from this server (HEAD,
 * then GET when HEAD fails), through the webhook guard against private addresses. Only
 * problems are reported, as the client's model has it: a link answering 2xx is not listed.
 * `cid:` images are checked against the email's own parts instead of the network.
 */
export class EmailBodyCheckService {
  constructor(
    private readonly emails: EmailRepository,
    private readonly htmlWork: HtmlWork,
    private readonly settings: BodyCheckSettings,
  ) {}

  async check(tenantId: string, emailId: string): Promise<BodyCheckResults> {
    const email = await this.emails.findById(tenantId, emailId);
    if (!email) throw notFound(`No email ${emailId}`);
    const contentIds = new Set((await this.emails.attachments(tenantId, emailId))
      .filter((a) => a.contentId).map((a) => normalizeContentId(a.contentId!).toLowerCase()));
    const { counts: _counts, ...results } = await this.checkBody(email, contentIds);
    return results;
  }

  /**
   * The check of bodies given directly (email audits, modules/email-audit), with what was found
   * and fetched counted. `contentIds` null: the parts are unknown, so cid: images are not judged.
   */
  async checkBody(body: { htmlBody: string | null; textBody: string | null }, contentIds: Set<string> | null): Promise<BodyCheckResults & { counts: BodyCheckCounts }> {
    const links = body.htmlBody !== null ? await this.htmlWork.links(body.htmlBody) : textUrls(body.textBody ?? '');
    const images = body.htmlBody !== null ? await this.htmlWork.images(body.htmlBody) : [];
    const counts: BodyCheckCounts = { detectedLinks: new Set(links).size, detectedImages: new Set(images).size, checkedLinks: 0, checkedImages: 0, skipped: 0 };

    const linkIssues: Issue[] = [];
    const imageIssues: Issue[] = [];
    const toFetch: Array<{ url: string; issues: Issue[] }> = [];
    const seen = new Set<string>();
    const consider = (raw: string, issues: Issue[]) => {
      if (seen.has(raw)) return;
      seen.add(raw);
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
      if (scheme === 'cid') {
        if (contentIds === null) return;
        const cid = normalizeContentId(decodeSafe(raw.slice(4))).toLowerCase();
        if (!contentIds.has(cid)) issues.push({ url: raw, responseStatus: null, severity: 'Error', message: `the email has no part with Content-ID <${cid}>` });
        return;
      }
      // Text bodies write www.example.com without a scheme; mail clients open it as http.
      const url = scheme === undefined && /^www\./i.test(raw) ? `http://${raw}` : raw;
      const real = /^https?:/i.test(url);
      // mailto:, tel:, data: and in-page anchors are not fetched and are not faults.
      if (!real && (scheme !== undefined || raw.startsWith('#'))) return;
      if (!real) {
        issues.push({ url: raw, responseStatus: null, severity: 'Warning', message: 'not an absolute http(s) URL: a mail client has no page to resolve it against' });
        return;
      }
      if (toFetch.length >= MAX_CHECKED_URLS) {
        counts.skipped++;
        issues.push({ url: raw, responseStatus: null, severity: 'Warning', message: `not checked: only the first ${MAX_CHECKED_URLS} URLs of an email are fetched` });
        return;
      }
      toFetch.push({ url, issues });
    };
    for (const link of links) consider(link, linkIssues);
    for (const image of images) consider(image, imageIssues);

    const blockPrivate = typeof this.settings.blockPrivate === 'function' ? await this.settings.blockPrivate() : this.settings.blockPrivate;
    const options = { timeoutMs: this.settings.timeoutMs, blockPrivate, allow: this.settings.allow, lookup: this.settings.lookup };
    const results = await mapLimited(toFetch, CONCURRENCY, (item) => probeUrl(item.url, options));
    toFetch.forEach((item, i) => {
      const result = results[i]!;
      if (result.refused) counts.skipped++;
      else if (item.issues === linkIssues) counts.checkedLinks++;
      else counts.checkedImages++;
      const issue = issueOf(item.url, result);
      if (issue) item.issues.push(issue);
    });
    return { hasIssues: linkIssues.length + imageIssues.length > 0, linkIssues, imageIssues, spellingIssues: [], counts };
  }
}

function issueOf(url: string, result: ProbeResult): Issue | undefined {
  if (result.refused) return { url, responseStatus: null, severity: 'Warning', message: `not checked: ${result.error}` };
  if (result.status === null) return { url, responseStatus: null, severity: 'Error', message: `no answer: ${result.error}` };
  if (result.status >= 400) return { url, responseStatus: result.status, severity: 'Error', message: `answered HTTP ${result.status}` };
  if (result.status >= 300) return { url, responseStatus: result.status, severity: 'Warning', message: `still redirecting (HTTP ${result.status}) after 5 redirects` };
  return undefined;
}

/** `run` over `items`, at most `limit` at a time, results in order. */
async function mapLimited<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
