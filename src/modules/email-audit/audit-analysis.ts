/**
 * The email audit's result from the checks' own results: counts, insights, the list of checks,
 * and the score and status derived from them (README "Email audits").
 *
 * The checks, each passing or failing once per audit:
 *  - links / images (when the body has any): fail when one is broken (an error status, no
 *    answer, a redirect loop, a missing cid: part, a URL that is not absolute);
 *  - HTML validity (HTML bodies): fails on an HTML validation error;
 *  - email-client support (HTML bodies): fails when a feature is not supported by some client;
 *  - each accessibility rule (HTML bodies): fails when the rule has a finding;
 *  - each verdict given (SPF, DKIM, DMARC, spam, virus): fails when it is FAIL;
 *  - attachment mention (when whether the message has attachments is known): fails when the
 *    text speaks of an attachment the message does not have.
 * healthScore is the passing share in percent (100 when no check could be made); the status is
 * FAILED when a failing check is an error (broken link or image, HTML error, accessibility error,
 * a FAIL verdict), WARNING when only others fail, HEALTHY when none does.
 */
import type { AccessibilityFinding } from './accessibility.js';
import type { BodyCheckCounts, BodyCheckResults } from '../email/body-check.service.js';
import type { EmailFeatureSupportResult } from '../email/client-support.js';
import type { HtmlValidation } from '../email/html-validation.js';
import { ACCESSIBILITY_RULES } from './accessibility.js';
import type { AnalysisResult } from './email-audit.schemas.js';

export interface AuditParts {
  body: BodyCheckResults & { counts: BodyCheckCounts };
  /** null: no HTML body, so no HTML checks */
  html: { validation: HtmlValidation; support: EmailFeatureSupportResult; accessibility: AccessibilityFinding[] } | null;
  /** [name, verdict] of each verdict given */
  verdicts: Array<[string, string]>;
  /** null: not judged (whether the message has attachments is unknown) */
  missingAttachment: boolean | null;
}

interface Check { passed: boolean; error: boolean }

const SKIPPED = /^not checked/;

export function buildAnalysis(parts: AuditParts): AnalysisResult {
  const { body, html } = parts;
  const issue = (i: { url: string; responseStatus: number | null; message: string }) => ({ url: i.url, statusCode: i.responseStatus, message: i.message });
  const brokenLinks = body.linkIssues.filter((i) => !SKIPPED.test(i.message));
  const brokenImages = body.imageIssues.filter((i) => !SKIPPED.test(i.message));
  const skipped = [...body.linkIssues, ...body.imageIssues].filter((i) => SKIPPED.test(i.message));

  const insights: string[] = [
    ...brokenLinks.map((i) => `[link] ${i.url}: ${i.message}`),
    ...brokenImages.map((i) => `[image] ${i.url}: ${i.message}`),
    ...skipped.map((i) => `[skipped] ${i.url}: ${i.message}`),
  ];
  const checks: Check[] = [];
  if (body.counts.detectedLinks > 0 || brokenLinks.length > 0) checks.push({ passed: brokenLinks.length === 0, error: brokenLinks.some((i) => i.severity === 'Error') });
  if (body.counts.detectedImages > 0 || brokenImages.length > 0) checks.push({ passed: brokenImages.length === 0, error: brokenImages.some((i) => i.severity === 'Error') });

  let compatibility = { warning: 0, notSupported: 0, unknown: 0 };
  let accessibility: AccessibilityFinding[] = [];
  if (html) {
    const { validation, support } = html;
    accessibility = html.accessibility;
    insights.push(...validation.errors.map((m) => `[html] line ${m.lineNumber}: ${m.message}`));
    checks.push({ passed: validation.errors.length === 0, error: true });
    // per feature: not supported by some client; else partly supported by some; unknown for some
    compatibility = {
      notSupported: support.featureOverviews.filter((f) => f.statuses.includes('NOT_SUPPORTED')).length,
      warning: support.featureOverviews.filter((f) => !f.statuses.includes('NOT_SUPPORTED') && f.statuses.includes('PARTIAL')).length,
      unknown: support.featureOverviews.filter((f) => f.statuses.includes('UNKNOWN')).length,
    };
    for (const f of support.featureOverviews) {
      if (f.statuses.includes('NOT_SUPPORTED')) insights.push(`[compatibility] ${f.feature}: not supported by some email clients`);
    }
    checks.push({ passed: compatibility.notSupported === 0, error: false });
    insights.push(...accessibility.map((f) => `[accessibility:${f.ruleId}] ${f.severity}: ${f.message}: ${f.where}`));
    for (const rule of ACCESSIBILITY_RULES) {
      const found = accessibility.filter((f) => f.ruleId === rule);
      checks.push({ passed: found.length === 0, error: found.some((f) => f.severity === 'Error') });
    }
  }

  const failedVerdicts = parts.verdicts.filter(([, verdict]) => verdict.trim().toUpperCase() === 'FAIL');
  for (const [, verdict] of parts.verdicts) checks.push({ passed: verdict.trim().toUpperCase() !== 'FAIL', error: true });
  insights.push(...failedVerdicts.map(([name]) => `[reputation] ${name} verdict is FAIL`));
  if (parts.missingAttachment !== null) {
    checks.push({ passed: !parts.missingAttachment, error: false });
    if (parts.missingAttachment) insights.push('[attachment] the text mentions an attachment but the message has none');
  }

  const failing = checks.filter((c) => !c.passed);
  const status = failing.some((c) => c.error) ? 'FAILED' : failing.length > 0 ? 'WARNING' : 'HEALTHY';
  const validation = html?.validation ?? null;
  return {
    status,
    healthScore: checks.length === 0 ? 100 : Math.round((100 * (checks.length - failing.length)) / checks.length),
    totalChecks: checks.length,
    passingChecks: checks.length - failing.length,
    failingChecks: failing.length,
    detectedLinks: body.counts.detectedLinks,
    checkedLinks: body.counts.checkedLinks,
    detectedImages: body.counts.detectedImages,
    checkedImages: body.counts.checkedImages,
    linkIssueCount: brokenLinks.length,
    imageIssueCount: brokenImages.length,
    spellingIssueCount: 0,
    brokenLinks: brokenLinks.map(issue),
    brokenImages: brokenImages.map(issue),
    spellingIssues: [],
    compatibilityWarningCount: compatibility.warning,
    compatibilityNotSupportedCount: compatibility.notSupported,
    compatibilityUnknownCount: compatibility.unknown,
    featureSupport: html?.support ?? null,
    htmlErrorCount: validation?.errors.length ?? 0,
    htmlWarningCount: validation?.warnings.length ?? 0,
    htmlInfoCount: validation?.infos.length ?? 0,
    htmlValidation: validation,
    reputationFailureCount: failedVerdicts.length,
    attachmentMentionIssueCount: parts.missingAttachment ? 1 : 0,
    externalCheckSkippedCount: body.counts.skipped,
    insights,
    errorMessage: null,
    accessibilityFindings: accessibility,
    accessibilityErrorCount: accessibility.filter((f) => f.severity === 'Error').length,
    accessibilityWarningCount: accessibility.filter((f) => f.severity === 'Warning').length,
  };
}

/** Words that say the message carries a file. */
const MENTIONS_ATTACHMENT = /\b(attached|attachments?|enclosed)\b/i;
export const mentionsAttachment = (text: string): boolean => MENTIONS_ATTACHMENT.test(text);

/** Two audits' insights compared as multisets (the same finding twice counts twice). */
export function diffInsights(baseline: string[], current: string[]): { added: string[]; removed: string[]; unchanged: string[] } {
  const remaining = new Map<string, number>();
  for (const i of baseline) remaining.set(i, (remaining.get(i) ?? 0) + 1);
  const added: string[] = [];
  const unchanged: string[] = [];
  for (const i of current) {
    const left = remaining.get(i) ?? 0;
    if (left > 0) {
      remaining.set(i, left - 1);
      unchanged.push(i);
    } else added.push(i);
  }
  const removed = baseline.filter((i) => {
    const left = remaining.get(i) ?? 0;
    if (left === 0) return false;
    remaining.set(i, left - 1);
    return true;
  });
  return { added, removed, unchanged };
}
