import { badRequest, notFound } from '../../core/errors.js';
import type { EmailRecord, EmailRepository } from '../../storage/ports.js';
import {
  cidReferences, codeContext, contentTypeMatches, decodeCharset, findCodes, isTextual,
  javaRegex, normalizeContentId, replaceCidReferences, textUrls, type CodeCandidate, type CodeSource,
} from './content.js';
import { HtmlWork } from './html-work.js';
import type { HtmlValidation } from './html-validation.js';
import type { EmailFeatureSupportResult } from './client-support.js';
import { mimeParts } from './mime-parts.js';
import { displayBody } from './display-body.js';
import { RegexRunner, RegexTimeoutError, type RegexRunnerOptions } from './regex-runner.js';

export type CodeMethod = 'AUTO' | 'PATTERN' | 'LLM' | 'OCR' | 'OCR_THEN_LLM';

export interface ExtractCodesInput {
  method?: CodeMethod;
  allowFallback?: boolean;
  minLength?: number;
  maxLength?: number;
  maxCandidates?: number;
  customPatterns?: string[] | null;
}

export interface ExtractCodesOutput {
  found: boolean;
  code: string | null;
  methodUsed: CodeMethod;
  candidates: Array<CodeCandidate & { method: CodeMethod }>;
  warnings: string[];
}

export interface ContentPart {
  /** media type without parameters */
  contentType: string;
  /** the decoded text for textual types (text/*, message/*, JSON, XML), else null */
  text: string | null;
  bytes: Buffer;
}

const DEFAULT_MIN_CODE = 4;
const DEFAULT_MAX_CODE = 8;
const DEFAULT_MAX_CANDIDATES = 10;
const CUSTOM_PATTERN_CONFIDENCE = 0.95;

/**
 * Reading into a received email's content: HTML (with inline images), text lines, CSS
 * queries, links, verification codes, regex matches and single MIME parts. Every call is
 * scoped to the caller's tenant; another tenant's email is "not found". Nothing here marks an
 * email read. User-supplied regexes run in a worker with a time limit (RegexRunner).
 */
export class EmailContentService {
  private readonly regex: RegexRunner;

  constructor(
    private readonly emails: EmailRepository,
    options: { regex?: RegexRunnerOptions; html?: HtmlWork } = {},
  ) {
    this.regex = new RegexRunner(options.regex);
    this.htmlWork = options.html ?? new HtmlWork();
  }

  /** HTML parsing off the event loop, within the parse budget (html-work.ts) */
  private readonly htmlWork: HtmlWork;

  /** validateEmail: the WHATWG parse errors and structural problems of an HTML body. */
  validateHtml(html: string): Promise<HtmlValidation> {
    return this.htmlWork.validate(html);
  }

  /**
   * checkEmailBodyFeatureSupport / checkEmailClientSupport: the HTML and CSS features the HTML
   * uses and their support in each email client (client-support.ts).
   */
  clientSupport(html: string): Promise<EmailFeatureSupportResult> {
    return this.htmlWork.clientSupport(html);
  }

  /** checkEmailBodyFeatureSupport: the same for a stored email's HTML body (none: nothing detected). */
  async emailClientSupport(tenantId: string, emailId: string): Promise<EmailFeatureSupportResult> {
    const email = await this.find(tenantId, emailId);
    return this.clientSupport(email.htmlBody ?? '');
  }

  /** getEmailHTML / getEmailHTMLJson: the HTML body (the text body when there is no HTML). */
  async html(tenantId: string, emailId: string, options: { replaceCidImages?: boolean } = {}): Promise<{ subject: string | null; body: string | null }> {
    const email = await this.find(tenantId, emailId);
    let body = displayBody(email);
    if (options.replaceCidImages && email.htmlBody !== null && body !== null) body = await this.inlineCidImages(tenantId, email, body);
    return { subject: email.subject, body };
  }

  /** getEmailHTMLQuery: the text of each element of the HTML body matching a CSS selector. */
  async htmlQuery(tenantId: string, emailId: string, selector: string): Promise<{ lines: string[]; body: string }> {
    const email = await this.find(tenantId, emailId);
    const html = email.htmlBody ?? escapeHtml(email.textBody ?? '');
    const lines = await this.htmlWork.select(html, selector);
    return { lines, body: lines.join('\n') };
  }

  /** The first of `selectors`, in order, that finds text in the email's HTML, and that text's lines; the email read once. */
  async firstHtmlMatch(tenantId: string, emailId: string, selectors: readonly string[]): Promise<{ selector: string; lines: string[] } | null> {
    const email = await this.find(tenantId, emailId);
    const html = email.htmlBody ?? escapeHtml(email.textBody ?? '');
    for (const selector of selectors) {
      const lines = (await this.htmlWork.select(html, selector)).map((l) => l.trim()).filter(Boolean);
      if (lines.length > 0) return { selector, lines };
    }
    return null;
  }

  /** getEmailTextLines: the body as trimmed, non-empty text lines (HTML reduced to its visible text). */
  async textLines(
    tenantId: string,
    emailId: string,
    options: { decodeHtmlEntities?: boolean; lineSeparator?: string } = {},
  ): Promise<{ lines: string[]; body: string }> {
    const email = await this.find(tenantId, emailId);
    const lines = await this.htmlWork.lines(email.htmlBody, email.textBody, options.decodeHtmlEntities ?? true);
    return { lines, body: lines.join(options.lineSeparator ?? '\n') };
  }

  /** getEmailLinks: the hrefs of the HTML body (optionally under a selector), or the URLs of a text body. */
  async links(tenantId: string, emailId: string, selector?: string): Promise<{ links: string[]; body: string }> {
    const email = await this.find(tenantId, emailId);
    if (email.htmlBody !== null) return { links: await this.htmlWork.links(email.htmlBody, selector || undefined), body: email.htmlBody };
    if (selector) throw badRequest(`Email ${emailId} has no HTML body to apply the selector '${selector}' to`);
    const text = email.textBody ?? '';
    return { links: textUrls(text), body: text };
  }

  /** getEmailCodes: one-time codes by pattern (custom patterns first, then the built-in heuristics). */
  async codes(tenantId: string, emailId: string, options: ExtractCodesInput = {}): Promise<ExtractCodesOutput> {
    const email = await this.find(tenantId, emailId);
    const sources: CodeSource[] = [];
    if (email.textBody?.trim()) sources.push({ source: 'RAW_TEXT_PART', text: email.textBody });
    if (email.htmlBody !== null) {
      const text = await this.htmlWork.text(email.htmlBody);
      if (text.trim()) sources.push({ source: 'HTML_TEXT', text });
    }
    if (email.subject?.trim()) sources.push({ source: 'SUBJECT', text: email.subject });
    return this.codesIn(sources, options, 'the email has no subject or body to search');
  }

  /**
   * Codes in any texts (getEmailCodes, and getSmsCodes on an SMS body): the same options, the
   * same extractor. `emptyWarning` is said when there is no text at all.
   */
  async codesIn(sources: CodeSource[], options: ExtractCodesInput, emptyWarning: string): Promise<ExtractCodesOutput> {
    const warnings: string[] = [];
    const method = options.method ?? 'AUTO';
    if (method !== 'AUTO' && method !== 'PATTERN') {
      if (options.allowFallback === false) {
        throw badRequest(`method ${method} is not available on this server: use PATTERN or AUTO, or allow the fallback to PATTERN`);
      }
      warnings.push(`method ${method} is not available on this server; fell back to PATTERN`);
    }
    const minLength = options.minLength ?? Math.min(DEFAULT_MIN_CODE, options.maxLength ?? DEFAULT_MIN_CODE);
    const maxLength = options.maxLength ?? Math.max(DEFAULT_MAX_CODE, minLength);
    if (minLength > maxLength) throw badRequest(`minLength (${minLength}) must not be greater than maxLength (${maxLength})`);
    const maxCandidates = options.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
    const searched = sources.filter((s) => s.text.trim());
    if (searched.length === 0) warnings.push(emptyWarning);

    const candidates = new Map<string, CodeCandidate>();
    const offer = (candidate: CodeCandidate) => {
      const known = candidates.get(candidate.code);
      if (!known || known.confidence < candidate.confidence) candidates.set(candidate.code, candidate);
    };
    for (const pattern of options.customPatterns ?? []) {
      for (const candidate of await this.customCodes(pattern, searched)) offer(candidate);
    }
    for (const candidate of findCodes(searched, { minLength, maxLength })) offer(candidate);

    const ranked = [...candidates.values()]
      .sort((a, b) => b.confidence - a.confidence)
      .slice(0, maxCandidates)
      .map((candidate) => ({ ...candidate, method: 'PATTERN' as const }));
    return { found: ranked.length > 0, code: ranked[0]?.code ?? null, methodUsed: 'PATTERN', candidates: ranked, warnings };
  }

  /** Whether a Java-style regex finds a match in each text (waitForSms MATCH), time-limited like every user regex. */
  async regexTests(pattern: string, texts: string[]): Promise<boolean[]> {
    if (texts.length === 0) return [];
    const results = await this.runRegex(pattern, javaRegex(pattern), texts, false);
    return results.map((matches) => matches.length > 0);
  }

  /** getEmailContentMatch: the first match of a Java-style regex in the body, then its groups. */
  async contentMatch(tenantId: string, emailId: string, pattern: string): Promise<{ pattern: string; matches: string[] }> {
    const regex = javaRegex(pattern);
    const email = await this.find(tenantId, emailId);
    const [found] = await this.runRegex(pattern, regex, [displayBody(email) ?? ''], false);
    const first = found?.[0];
    return { pattern, matches: first ? first.groups.map((group) => group ?? '') : [] };
  }

  /**
   * getEmailContentPart(Content): the index-th MIME part (zero-based) whose content type matches
   * (see contentTypeMatches), from the raw message as received.
   */
  async contentPart(
    tenantId: string,
    emailId: string,
    query: { contentType: string; strict?: boolean; index?: number },
  ): Promise<ContentPart> {
    const raw = await this.emails.raw(tenantId, emailId);
    if (!raw) throw notFound(`No email ${emailId}`);
    let parts;
    try {
      parts = await mimeParts(raw);
    } catch (err) {
      throw badRequest(`Email ${emailId} could not be split into MIME parts: ${(err as Error).message}`);
    }
    const strict = query.strict ?? false;
    const index = query.index ?? 0;
    const matching = parts.filter((part) => contentTypeMatches(part.contentType, query.contentType, strict));
    const kind = `${query.contentType}${strict ? ' (strict)' : ''}`;
    if (matching.length === 0) {
      const present = [...new Set(parts.map((part) => part.contentType))].join(', ') || 'none';
      throw notFound(`Email ${emailId} has no ${kind} part; its parts are: ${present}`);
    }
    const part = matching[index];
    if (!part) throw notFound(`Email ${emailId} has ${matching.length} ${kind} part(s); index ${index} is out of range`);
    return {
      contentType: part.contentType,
      text: isTextual(part.contentType) ? decodeCharset(part.content, part.charset) : null,
      bytes: part.content,
    };
  }

  /** getEmailPreviewURLs: where this server shows the raw message and the HTML body. */
  async previewUrls(tenantId: string, emailId: string, origin: string): Promise<{ rawSmtpMessageUrl: string; plainHtmlBodyUrl: string; origin: string }> {
    const email = await this.find(tenantId, emailId);
    const base = origin.replace(/\/+$/, '');
    const id = encodeURIComponent(email.id);
    return { rawSmtpMessageUrl: `${base}/emails/${id}/raw`, plainHtmlBodyUrl: `${base}/emails/${id}/html`, origin: base };
  }

  /** getEmailSummary: the email without marking it read. */
  summary(tenantId: string, emailId: string): Promise<EmailRecord> {
    return this.find(tenantId, emailId);
  }

  /** Stops the regex worker (it also stops by itself when idle). */
  close(): Promise<void> {
    return this.regex.close();
  }

  private async find(tenantId: string, emailId: string): Promise<EmailRecord> {
    const email = await this.emails.findById(tenantId, emailId);
    if (!email) throw notFound(`No email ${emailId}`);
    return email;
  }

  /**
   * getEmailInlinePart: the attachment an HTML body refers to as `cid:<contentId>` (the
   * dashboard's HTML view loads inline images from it, authorised by a preview token).
   */
  async inlinePart(tenantId: string, emailId: string, contentId: string): Promise<{ contentType: string; bytes: Buffer }> {
    const email = await this.find(tenantId, emailId);
    const cid = normalizeContentId(contentId);
    const attachmentId = (await this.attachmentsByContentId(tenantId, email.id)).get(cid) ?? undefined;
    const found = attachmentId ? await this.emails.attachment(tenantId, attachmentId) : undefined;
    if (!found) throw notFound(`Email ${emailId} has no part with Content-ID <${cid}>`);
    return { contentType: found.record.contentType || 'application/octet-stream', bytes: found.content };
  }

  /** Attachment ids by Content-ID: exact, and case-insensitively as a fallback (get(cid) ?? get(lowercase)). */
  private async attachmentsByContentId(tenantId: string, emailId: string): Promise<{ get(cid: string): string | undefined }> {
    const byId = new Map<string, string>();
    for (const record of await this.emails.attachments(tenantId, emailId)) {
      if (!record.contentId) continue;
      const id = normalizeContentId(record.contentId);
      byId.set(id, record.id);
      if (!byId.has(id.toLowerCase())) byId.set(id.toLowerCase(), record.id);
    }
    return { get: (cid) => byId.get(cid) ?? byId.get(cid.toLowerCase()) };
  }

  private async inlineCidImages(tenantId: string, email: EmailRecord, html: string): Promise<string> {
    const wanted = cidReferences(html);
    if (wanted.length === 0) return html;
    const byId = await this.attachmentsByContentId(tenantId, email.id);
    const dataUrls = new Map<string, string>();
    for (const cid of wanted) {
      const attachmentId = byId.get(cid);
      if (!attachmentId) continue;
      const found = await this.emails.attachment(tenantId, attachmentId);
      if (found) dataUrls.set(cid, `data:${found.record.contentType};base64,${found.content.toString('base64')}`);
    }
    return replaceCidReferences(html, (cid) => dataUrls.get(cid));
  }

  private async customCodes(pattern: string, sources: CodeSource[]): Promise<CodeCandidate[]> {
    const regex = javaRegex(pattern);
    if (sources.length === 0) return [];
    const results = await this.runRegex(pattern, regex, sources.map((s) => s.text), true);
    const found: CodeCandidate[] = [];
    results.forEach((matches, i) => {
      const { source, text } = sources[i]!;
      for (const match of matches) {
        const code = (match.groups.length > 1 ? match.groups[1] : match.groups[0])?.trim();
        if (!code) continue;
        found.push({ code, confidence: CUSTOM_PATTERN_CONFIDENCE, source, context: codeContext(text, match.index, match.groups[0]?.length ?? 0) });
      }
    });
    return found;
  }

  private async runRegex(pattern: string, regex: RegExp, inputs: string[], all: boolean) {
    try {
      return await this.regex.exec(regex, inputs, { all, limit: 100 });
    } catch (err) {
      if (err instanceof RegexTimeoutError) {
        throw badRequest(
          `pattern '${pattern}' took longer than ${err.timeoutMs} ms to run and was stopped; ` +
            'avoid nested quantifiers such as (a+)+ that backtrack exponentially',
        );
      }
      throw badRequest(`pattern '${pattern}' could not be run: ${(err as Error).message}`);
    }
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
