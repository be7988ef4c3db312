/**
 * analyzeEmailHeaders: reads a header block (or a whole message, whose body is ignored) the way a
 * receiving server would. Received and Authentication-Results are parsed with mailauth's own
 * parsers, so they read here as they do in the verifier (modules/mail-auth). Nothing is looked up:
 * the verdicts are those the headers claim, whoever wrote them.
 */
import { parseReceived } from 'mailauth/lib/parse-received.js';
import parseAuthResults, { type ParsedAuthResult } from 'mailauth/lib/parse-dkim-headers.js';
import { badRequest } from '../../core/errors.js';

export interface ReceivedHop {
  from: string | null;
  by: string | null;
  withValue: string | null;
  timestamp: string | null;
  delayMs: number | null;
}

export interface HeaderAnalysis {
  summary: { spf: string | null; dkim: string | null; dmarc: string | null; fromDomain: string | null; returnPathDomain: string | null };
  receivedPath: ReceivedHop[];
  parsedHeaders: Record<string, string[]>;
  warnings: string[];
  errors: string[];
}

interface HeaderField { name: string; value: string; line: number }

/**
 * mailauth's DMARC alignment, loaded on first use: its tools module pulls in the public suffix
 * list and most of mailauth (a quarter of a second of every process start that never needs it).
 */
const relaxedAlignment = async () => (await import('mailauth/lib/tools.js')).getAlignment;

/** Unfolds the header block (up to the first empty line) into fields; lines that are no field are errors. */
function headerFields(raw: string, errors: string[]): HeaderField[] {
  const lines = raw.replace(/^\uFEFF/, '').split(/\r?\n/);
  const fields: HeaderField[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') {
      if (fields.length > 0) break; // the body starts here
      continue;
    }
    if (/^[ \t]/.test(line)) {
      const last = fields.at(-1);
      if (last) last.value += `\r\n${line}`;
      else errors.push(`line ${i + 1} continues a header field, but no field comes before it`);
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    // RFC 5322 §2.2: a field name is printable US-ASCII without the colon.
    if (!name || !/^[\x21-\x39\x3b-\x7e]+$/.test(name)) {
      errors.push(`line ${i + 1} is not a header field (expected Name: value): ${line.slice(0, 80)}`);
      continue;
    }
    fields.push({ name, value: line.slice(colon + 1), line: i + 1 });
  }
  return fields;
}

const HEADER_LABEL: Record<string, string> = { from: 'From', date: 'Date', 'message-id': 'Message-ID' };

const unfold = (value: string) => value.replace(/\r?\n[ \t]+/g, ' ').trim();

/** A header date (RFC 5322, maybe with a trailing comment) as ISO 8601, or null when it cannot be read. */
function isoDate(text: string | undefined): string | null {
  if (!text) return null;
  const date = new Date(text.replace(/\([^)]*\)\s*$/, '').trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The domain of the first address in a From or Return-Path value. */
function domainOfAddress(value: string | undefined): string | null {
  if (!value) return null;
  const angle = /<([^<>]*)>/.exec(value)?.[1] ?? value;
  const at = angle.lastIndexOf('@');
  if (at < 0) return null;
  const domain = angle.slice(at + 1).trim().replace(/[>\s,;].*$/, '').toLowerCase();
  return domain || null;
}

/** One method's verdict from a parsed Authentication-Results (dkim may list several signatures: any pass wins). */
function verdict(result: ParsedAuthResult | ParsedAuthResult[] | string | undefined): string | null {
  if (!result || typeof result === 'string') return null;
  const results = Array.isArray(result) ? result : [result];
  const values = results.map((r) => r.value?.toLowerCase()).filter((v): v is string => !!v);
  if (values.length === 0) return null;
  return values.includes('pass') ? 'pass' : values[0] ?? null;
}

/** Received hops from the first server to the last (headers list them newest first), with the time each hop took. */
function receivedPath(fields: HeaderField[], warnings: string[]): ReceivedHop[] {
  const received = fields.filter((f) => f.name.toLowerCase() === 'received').reverse();
  const hops: ReceivedHop[] = [];
  let previous: number | null = null;
  for (const [index, field] of received.entries()) {
    const parsed = parseReceived(`Received:${field.value}`);
    const timestamp = parsed ? isoDate(parsed.timestamp) : null;
    if (!timestamp) warnings.push(`Received hop ${index + 1} (line ${field.line}) has no readable date`);
    const at = timestamp ? Date.parse(timestamp) : null;
    const delayMs = at !== null && previous !== null ? at - previous : null;
    if (delayMs !== null && delayMs < 0) warnings.push(`Received hop ${index + 1} is dated ${-delayMs} ms before the hop before it: a clock is wrong`);
    hops.push({
      from: parsed ? parsed.from?.value || null : null,
      by: parsed ? parsed.by?.value || null : null,
      withValue: parsed ? parsed.with?.value || null : null,
      timestamp,
      delayMs,
    });
    if (at !== null) previous = at;
  }
  return hops;
}

/** Analyses a header block; a text with no header field at all is refused. */
export async function analyzeHeaders(rawHeaders: string): Promise<HeaderAnalysis> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const fields = headerFields(rawHeaders, errors);
  if (fields.length === 0) throw badRequest('rawHeaders: no header fields found (expected lines of Name: value)');

  const parsedHeaders: Record<string, string[]> = {};
  for (const field of fields) (parsedHeaders[field.name.toLowerCase()] ??= []).push(unfold(field.value));
  const first = (name: string) => parsedHeaders[name]?.[0];

  // The topmost Authentication-Results is the last receiver's: the one nearest to the reader.
  const authResults = first('authentication-results');
  const auth = authResults ? parseAuthResults(`Authentication-Results: ${authResults}`).parsed : {};
  const receivedSpf = first('received-spf')?.split(/[\s(;]/)[0]?.toLowerCase() || null;
  const summary = {
    spf: verdict(auth.spf) ?? receivedSpf,
    dkim: verdict(auth.dkim),
    dmarc: verdict(auth.dmarc),
    fromDomain: domainOfAddress(first('from')),
    returnPathDomain: domainOfAddress(first('return-path')),
  };

  const path = receivedPath(fields, warnings);
  if (path.length === 0) warnings.push('no Received headers: the delivery path cannot be traced');
  if (!authResults) warnings.push('no Authentication-Results header: no receiver recorded SPF, DKIM or DMARC verdicts');
  for (const name of Object.keys(HEADER_LABEL)) {
    if (!parsedHeaders[name]) warnings.push(`no ${HEADER_LABEL[name]} header (RFC 5322 §3.6 expects one)`);
  }
  for (const [method, value] of Object.entries({ spf: summary.spf, dkim: summary.dkim, dmarc: summary.dmarc })) {
    if (value && value !== 'pass' && value !== 'none') warnings.push(`${method.toUpperCase()} ${value}`);
  }
  if (summary.fromDomain && summary.returnPathDomain && !(await relaxedAlignment())(summary.fromDomain, [summary.returnPathDomain])) {
    warnings.push(`From domain ${summary.fromDomain} and Return-Path domain ${summary.returnPathDomain} differ: SPF does not align for DMARC`);
  }
  return { summary, receivedPath: path, parsedHeaders, warnings, errors };
}
