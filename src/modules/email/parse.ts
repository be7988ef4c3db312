import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type EmailAddress, type ParsedMail } from 'mailparser';
import libmime from 'libmime';
import type { MailAddress } from '../../storage/ports.js';
import { storableText, storableTexts } from '../../core/text.js';
import { htmlToText } from './content.js';
import { displayBody } from './display-body.js';
import { checkMimeLimits, DEFAULT_MIME_LIMITS, type MimeLimits } from './mime-limits.js';

/** Everything the store needs from one raw message, computed once for all its recipients. */
export interface ParsedMessage {
  messageId: string | null;
  inReplyTo: string | null;
  subject: string | null;
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  replyTo: string | null;
  headers: Array<[string, string]>;
  textBody: string | null;
  htmlBody: string | null;
  charset: string | null;
  bodyMd5: string;
  bodyPartContentTypes: string[];
  attachments: Array<{ name: string; contentType: string; contentId: string | null; content: Buffer }>;
}


export interface ParseOptions {
  limits?: MimeLimits;
  /**
   * Whether an HTML-only message gets a text body derived from its HTML (the costly step on
   * large HTML). Off when a first parse ran over its time budget: the text body is then empty.
   */
  deriveText?: boolean;
}

/**
 * Parses a raw message into the fields stored for it. Every text value of the result has each
 * U+0000 (a NUL byte, QP `=00`, base64, an encoded word, an RFC 2231 `%00`) replaced by U+FFFD
 * (core/text.ts), so PostgreSQL stores it as SQLite does; the attachment contents stay bytes,
 * exact, and so does the raw message, which is stored as given. This is the one place every
 * stored field of received, missed and submitted mail comes from. It is synchronous work that
 * grows with the message: `MessageParser` (parser.ts) runs it on a worker thread.
 *
 * A message over the MIME limits is refused (MessageRefused) before it is parsed.
 */
export async function parseMessage(raw: Buffer, options: ParseOptions = {}): Promise<ParsedMessage> {
  const limits = options.limits ?? DEFAULT_MIME_LIMITS;
  await checkMimeLimits(raw, limits);
  // mailparser's own HTML-to-text (html-to-text) is quadratic in a run of adjacent inline
  // elements (1.6 MB of <b>a</b> took 7 s): the text body of HTML-only mail is derived below
  // instead, with the linear converter the text-lines operations use.
  const parsed = await simpleParser(raw, {
    skipTextToHtml: true, skipImageLinks: true, skipHtmlToText: true, maxChildNodes: limits.maxParts + 1,
  } as Parameters<typeof simpleParser>[1]);
  const fields = storableTexts(parsedFields(parsed, raw, options.deriveText ?? true));
  // the hash is of the body as stored and served
  return { ...fields, bodyMd5: createHash('md5').update(displayBody(fields) ?? '').digest('hex') };
}

/** The text body: the text parts, else (HTML-only mail) the HTML's visible text when asked for. */
function textBodyOf(parsed: ParsedMail, html: string | null, deriveText: boolean): string | null {
  const text = parsed.text ?? null;
  if (text !== null && text.trim() !== '') return text;
  if (html === null) return text;
  return deriveText ? htmlToText(html).trim() : '';
}

function parsedFields(parsed: ParsedMail, raw: Buffer, deriveText: boolean): Omit<ParsedMessage, 'bodyMd5'> {
  const htmlBody = typeof parsed.html === 'string' ? parsed.html : null;
  const textBody = textBodyOf(parsed, htmlBody, deriveText);
  const from = addresses(parsed.from)[0] ?? null;
  return {
    messageId: parsed.messageId ?? null,
    inReplyTo: parsed.inReplyTo ?? null,
    subject: parsed.subject ?? null,
    from,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    bcc: addresses(parsed.bcc),
    replyTo: addresses(parsed.replyTo)[0]?.emailAddress ?? null,
    headers: parsed.headerLines.map(({ line }) => headerPair(line)),
    textBody,
    htmlBody,
    charset: bodyCharset(raw),
    bodyPartContentTypes: partContentTypes(raw),
    attachments: parsed.attachments.map((a, i) => ({
      name: a.filename ?? `attachment-${i + 1}${a.contentType === 'message/rfc822' ? '.eml' : ''}`,
      contentType: a.contentType || 'application/octet-stream',
      contentId: a.contentId ?? a.cid ?? null,
      content: a.content,
    })),
  };
}

function addresses(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  if (!field) return [];
  const flat: EmailAddress[] = [];
  const visit = (list: EmailAddress[]) => {
    for (const entry of list) {
      if (entry.group) visit(entry.group);
      else if (entry.address) flat.push(entry);
    }
  };
  for (const object of Array.isArray(field) ? field : [field]) visit(object.value);
  return flat.map((a) => {
    // made storable before it is quoted: JSON.stringify would spell a U+0000 as \u0000
    const name = a.name ? storableText(a.name) : null;
    return {
      emailAddress: a.address!.toLowerCase(),
      name,
      rawValue: name ? `${JSON.stringify(name)} <${a.address}>` : a.address!,
    };
  });
}

/** "Subject: =?UTF-8?B?...?=" (possibly folded) → ["Subject", "decoded value"]. */
function headerPair(line: string): [string, string] {
  const colon = line.indexOf(':');
  const name = colon < 0 ? line.trim() : line.slice(0, colon).trim();
  const value = colon < 0 ? '' : line.slice(colon + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
  try {
    return [name, libmime.decodeWords(value)];
  } catch {
    return [name, value];
  }
}

const CONTENT_TYPE_RE = /^content-type:[ \t]*([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)/gim;

/** Content types of the MIME parts, in order (a light scan of the part headers). */
function partContentTypes(raw: Buffer): string[] {
  const text = raw.toString('latin1');
  return [...text.matchAll(CONTENT_TYPE_RE)].map((m) => m[1]!.toLowerCase());
}

/** Charset of the first text part, as declared by the sender. */
function bodyCharset(raw: Buffer): string | null {
  const match = /^content-type:[ \t]*text\/(?:plain|html)[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*?charset="?([^";\s]+)/im.exec(raw.toString('latin1'));
  return match ? match[1]!.toUpperCase() : null;
}
