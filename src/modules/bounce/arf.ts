/**
 * Reads an ARF feedback report (RFC 5965): a top-level multipart/report with
 * report-type=feedback-report whose second part is message/feedback-report and whose third
 * is the original message (message/rfc822) or its header (text/rfc822-headers).
 *
 * Written by hand rather than through the ingest parser: mailparser inlines a message/rfc822
 * part into the text body and drops its header, which is where the original's Message-ID is,
 * and an ARF report needs only the top level split, not a MIME tree.
 */

/** What a feedback report says; every field is what the report carries, null when it has none. */
export interface FeedbackReport {
  /** Feedback-Type, lower-case: abuse, fraud, virus, other, not-spam */
  feedbackType: string;
  userAgent: string | null;
  version: string | null;
  /** Original-Rcpt-To, else the To of the original; bare, lower-case */
  recipient: string | null;
  originalMailFrom: string | null;
  arrivalDate: string | null;
  /** the Message-ID of the original, with its angle brackets */
  originalMessageId: string | null;
  /** the From of the original, bare, lower-case */
  originalFrom: string | null;
}

/** Why a message is not a feedback report this server can read. */
export class NotFeedbackReport extends Error {}

/** Most parts looked at: a report has three. */
const MAX_PARTS = 16;

export function parseFeedbackReport(raw: Buffer): FeedbackReport {
  const top = splitEntity(raw.toString('latin1'));
  const contentType = top.headers.get('content-type') ?? '';
  if (!/^\s*multipart\/report\b/i.test(contentType)) throw new NotFeedbackReport('not a multipart/report (RFC 5965 feedback report)');
  if (!/report-type\s*=\s*"?feedback-report"?/i.test(contentType)) throw new NotFeedbackReport('a multipart/report whose report-type is not feedback-report');
  const boundary = /boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw new NotFeedbackReport('a multipart/report without a boundary');
  const parts = splitMultipart(top.body, boundary[1] ?? boundary[2]!).map(splitEntity);
  const report = parts.find((p) => /^\s*message\/feedback-report\b/i.test(p.headers.get('content-type') ?? ''));
  if (!report) throw new NotFeedbackReport('no message/feedback-report part');
  const fields = readHeaderBlock(decodeBody(report));
  const feedbackType = fields.get('feedback-type')?.trim().toLowerCase();
  if (!feedbackType) throw new NotFeedbackReport('the message/feedback-report part has no Feedback-Type field');
  const original = parts.find((p) => /^\s*(message\/rfc822|text\/rfc822-headers)\b/i.test(p.headers.get('content-type') ?? ''));
  const originalHeaders = original ? readHeaderBlock(decodeBody(original)) : new Map<string, string>();
  // with its angle brackets, as sent emails keep it, whether or not the report's copy had them
  const rawId = (originalHeaders.get('message-id') ?? '').trim();
  const bareId = /<([^<>\s]+)>/.exec(rawId)?.[1] ?? (/^[^<>\s]+$/.test(rawId) ? rawId : null);
  const messageId = bareId ? `<${bareId}>` : null;
  return {
    feedbackType,
    userAgent: fields.get('user-agent')?.trim() || null,
    version: fields.get('version')?.trim() || null,
    recipient: bare(fields.get('original-rcpt-to')) ?? bare(originalHeaders.get('to')),
    originalMailFrom: bare(fields.get('original-mail-from')),
    arrivalDate: fields.get('arrival-date')?.trim() || null,
    originalMessageId: messageId,
    originalFrom: bare(originalHeaders.get('from')),
  };
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

/** Header block and body of one entity; the first of a repeated header counts. */
function splitEntity(text: string): Entity {
  const end = /\r?\n\r?\n/.exec(text);
  const head = end ? text.slice(0, end.index) : text;
  return { headers: readHeaderBlock(head), body: end ? text.slice(end.index + end[0].length) : '' };
}

/** Unfolded header fields by lower-case name (the report's fields use header syntax). */
function readHeaderBlock(text: string): Map<string, string> {
  const head = text.split(/\r?\n\r?\n/, 1)[0]!;
  const fields = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const lines = body.split(/\r?\n/);
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    if (line.startsWith(delimiter)) {
      if (current) parts.push(current.join('\r\n'));
      if (line.startsWith(`${delimiter}--`) || parts.length >= MAX_PARTS) return parts;
      current = [];
    } else if (current) {
      current.push(line);
    }
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '').trim().toLowerCase();
  if (encoding === 'base64') return Buffer.from(entity.body.replace(/\s+/g, ''), 'base64').toString('latin1');
  if (encoding === 'quoted-printable') {
    return entity.body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return entity.body;
}

/** "rfc822; <a@b.c>", "Name <a@b.c>" or "a@b.c" → "a@b.c", lower-case; null when no address. */
function bare(value: string | undefined): string | null {
  if (!value) return null;
  const withoutType = value.replace(/^\s*rfc822\s*;/i, '');
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(withoutType);
  const address = angle ? angle[1]! : /[^\s<>,;"]+@[^\s<>,;"]+/.exec(withoutType)?.[0];
  return address ? address.toLowerCase() : null;
}
