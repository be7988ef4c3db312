/**
 * analyzeDmarcReport: summarises a DMARC aggregate report (RFC 7489 appendix C). The counts are
 * those the report states; alignment is the reporter's policy_evaluated verdict (DMARC-aligned
 * DKIM and SPF), not the raw auth_results, which may pass for a domain that does not align.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '../../core/errors.js';
import { reportXmlOf } from './dmarc-report-input.js';

export interface DmarcSourceSummary {
  sourceIp: string;
  count: number;
  disposition: string | null;
  dkimAligned: boolean;
  spfAligned: boolean;
  headerFrom: string | null;
}

export interface DmarcReportAnalysis {
  metadata: {
    orgName: string | null; email: string | null; reportId: string | null; domain: string | null;
    adkim: string | null; aspf: string | null; policy: string | null; subdomainPolicy: string | null;
    percentage: number | null; dateRangeBegin: Date | null; dateRangeEnd: Date | null;
  };
  recordCount: number;
  totalMessages: number;
  rejectCount: number;
  quarantineCount: number;
  noneCount: number;
  dkimAlignedCount: number;
  spfAlignedCount: number;
  fullyAlignedCount: number;
  failedAlignmentCount: number;
  topSources: DmarcSourceSummary[];
  warnings: string[];
  errors: string[];
}

/** topSources lists this many groups, largest first. */
export const TOP_SOURCES = 50;

type Node = Record<string, unknown>;
const ARRAYS = new Set(['feedback.record', 'feedback.record.auth_results.dkim', 'feedback.record.auth_results.spf', 'feedback.report_metadata.error']);

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (_name, jpath) => ARRAYS.has(String(jpath)),
});

const node = (value: unknown): Node => (value && typeof value === 'object' && !Array.isArray(value) ? value as Node : {});
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
}
function whole(value: unknown): number | null {
  const t = text(value);
  return t !== null && /^\d{1,15}$/.test(t) ? Number(t) : null;
}
const epoch = (value: unknown) => {
  const seconds = whole(value);
  return seconds === null ? null : new Date(seconds * 1000);
};

function parse(xml: string): Node {
  // Reports have no DTD; refusing one keeps entity expansion out of the parser.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw badRequest('reportXml: a DOCTYPE or ENTITY declaration is not allowed in a DMARC report');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw badRequest(`reportXml: not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const doc = node(parser.parse(xml));
  if (!('feedback' in doc)) throw badRequest('reportXml: not a DMARC aggregate report (its root element is not <feedback>)');
  return node(doc.feedback);
}

/** Analyses the report given as XML, or base64 of its .xml.gz or .zip file. */
export function analyzeDmarcReport(input: string): DmarcReportAnalysis {
  const feedback = parse(reportXmlOf(input));
  const meta = node(feedback.report_metadata);
  const policy = node(feedback.policy_published);
  const range = node(meta.date_range);
  const warnings: string[] = [];
  const errors: string[] = (Array.isArray(meta.error) ? meta.error : []).map((e) => `the reporter noted: ${text(e) ?? ''}`);

  const metadata = {
    orgName: text(meta.org_name), email: text(meta.email), reportId: text(meta.report_id), domain: text(policy.domain),
    adkim: text(policy.adkim), aspf: text(policy.aspf), policy: text(policy.p), subdomainPolicy: text(policy.sp),
    percentage: whole(policy.pct), dateRangeBegin: epoch(range.begin), dateRangeEnd: epoch(range.end),
  };
  for (const [name, value] of Object.entries({ org_name: metadata.orgName, report_id: metadata.reportId, domain: metadata.domain, p: metadata.policy })) {
    if (value === null) errors.push(`the report has no ${name}`);
  }

  const counts = { total: 0, reject: 0, quarantine: 0, none: 0, dkim: 0, spf: 0, both: 0, neither: 0 };
  const groups = new Map<string, DmarcSourceSummary>();
  const records = Array.isArray(feedback.record) ? feedback.record : [];
  for (const [index, item] of records.entries()) {
    const record = node(item);
    const row = node(record.row);
    const evaluated = node(row.policy_evaluated);
    const sourceIp = text(row.source_ip);
    const count = whole(row.count);
    if (sourceIp === null || count === null) {
      errors.push(`record ${index + 1} has no ${sourceIp === null ? 'source_ip' : 'valid count'} and is left out`);
      continue;
    }
    const disposition = text(evaluated.disposition)?.toLowerCase() ?? null;
    const dkimAligned = text(evaluated.dkim)?.toLowerCase() === 'pass';
    const spfAligned = text(evaluated.spf)?.toLowerCase() === 'pass';
    const headerFrom = text(node(record.identifiers).header_from)?.toLowerCase() ?? null;
    counts.total += count;
    if (disposition === 'reject') counts.reject += count;
    else if (disposition === 'quarantine') counts.quarantine += count;
    else if (disposition === 'none') counts.none += count;
    else errors.push(`record ${index + 1} has an unknown disposition ${disposition ?? '(none)'}`);
    if (dkimAligned) counts.dkim += count;
    if (spfAligned) counts.spf += count;
    if (dkimAligned && spfAligned) counts.both += count;
    if (!dkimAligned && !spfAligned) counts.neither += count;

    const key = JSON.stringify([sourceIp, disposition, dkimAligned, spfAligned, headerFrom]);
    const group = groups.get(key);
    if (group) group.count += count;
    else groups.set(key, { sourceIp, count, disposition, dkimAligned, spfAligned, headerFrom });
  }

  if (records.length === 0) warnings.push('the report has no records');
  if (metadata.policy === 'none') warnings.push('p=none: mail failing DMARC is delivered as usual');
  if (metadata.percentage !== null && metadata.percentage < 100) warnings.push(`pct=${metadata.percentage}: the policy applies to only part of the failing mail`);
  if (counts.neither > 0) warnings.push(`${counts.neither} of ${counts.total} messages failed DMARC (neither DKIM nor SPF aligned)`);
  const topSources = [...groups.values()].sort((a, b) => b.count - a.count || a.sourceIp.localeCompare(b.sourceIp));
  if (topSources.length > TOP_SOURCES) warnings.push(`${topSources.length} source groups; the ${TOP_SOURCES} largest are listed`);

  return {
    metadata,
    recordCount: records.length,
    totalMessages: counts.total,
    rejectCount: counts.reject,
    quarantineCount: counts.quarantine,
    noneCount: counts.none,
    dkimAlignedCount: counts.dkim,
    spfAlignedCount: counts.spf,
    fullyAlignedCount: counts.both,
    failedAlignmentCount: counts.neither,
    topSources: topSources.slice(0, TOP_SOURCES),
    warnings,
    errors,
  };
}
