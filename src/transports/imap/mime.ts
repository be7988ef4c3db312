/**
 * The MIME tree of a stored message with byte offsets into the raw bytes, which is what
 * IMAP serves: BODY[1.2.MIME], BODY[TEXT] and BODYSTRUCTURE sizes are all about bytes as
 * stored, never about decoded content.
 */
export interface MimeNode {
  /** the header block, including the blank line that ends it */
  header: Buffer;
  body: Buffer;
  /** unfolded header fields in order, values raw (encoded words kept) */
  fields: Array<[name: string, value: string]>;
  /** lower-case type/subtype; text/plain by default (message/rfc822 inside multipart/digest) */
  type: string;
  subtype: string;
  params: Array<[string, string]>;
  children: MimeNode[];
  /** for message/rfc822: the enclosed message */
  message?: MimeNode;
}

export function parseMime(raw: Buffer, defaultType = 'text/plain'): MimeNode {
  const split = headerEnd(raw);
  const header = raw.subarray(0, split);
  const body = raw.subarray(split);
  const fields = parseFields(header.toString('utf8'));
  const contentType = fieldValue(fields, 'content-type');
  const parsed = parseContentType(contentType ?? defaultType);
  const node: MimeNode = { header, body, fields, ...parsed, children: [] };
  if (node.type === 'multipart') {
    const boundary = node.params.find(([k]) => k === 'boundary')?.[1];
    const childDefault = node.subtype === 'digest' ? 'message/rfc822' : 'text/plain';
    if (boundary) node.children = splitMultipart(body, boundary).map((part) => parseMime(part, childDefault));
  } else if (node.type === 'message' && node.subtype === 'rfc822') {
    node.message = parseMime(body);
  }
  return node;
}

/** Offset just past the blank line ending the header (or the whole message if there is none). */
function headerEnd(raw: Buffer): number {
  if (raw[0] === 0x0d && raw[1] === 0x0a) return 2;
  if (raw[0] === 0x0a) return 1;
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return crlf + 4;
  if (lf >= 0) return lf + 2;
  return raw.length;
}

export function parseFields(header: string): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const line of header.split(/\r?\n/)) {
    if (line === '') continue;
    if (/^[ \t]/.test(line) && fields.length > 0) {
      fields[fields.length - 1]![1] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    fields.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return fields;
}

export function fieldValue(fields: Array<[string, string]>, name: string): string | undefined {
  return fields.find(([k]) => k.toLowerCase() === name)?.[1];
}

function parseContentType(value: string): { type: string; subtype: string; params: Array<[string, string]> } {
  const [mime = '', ...rest] = splitParams(value);
  const [type = 'text', subtype = 'plain'] = mime.toLowerCase().split('/').map((s) => s.trim());
  return { type: type || 'text', subtype: subtype || 'plain', params: paramsOf(rest) };
}

/** key=value parameters of a header value such as Content-Type or Content-Disposition. */
export function paramsOf(parts: string[]): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    params.push([part.slice(0, eq).trim().toLowerCase(), value]);
  }
  return params;
}

/** Splits on ';' outside quotes. */
export function splitParams(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && quoted) {
      current += c + (value[++i] ?? '');
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === ';' && !quoted) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  parts.push(current.trim());
  return parts;
}

/** The parts between boundary lines; the CRLF before each delimiter belongs to the delimiter. */
function splitMultipart(body: Buffer, boundary: string): Buffer[] {
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  const parts: Buffer[] = [];
  let start = -1;
  let index = 0;
  for (;;) {
    const at = text.indexOf(delimiter, index);
    if (at < 0) break;
    const atLineStart = at === 0 || text[at - 1] === '\n';
    const lineEnd = text.indexOf('\n', at);
    const after = text.slice(at + delimiter.length, lineEnd < 0 ? text.length : lineEnd).trim();
    if (!atLineStart || (after !== '' && after !== '--')) {
      index = at + delimiter.length;
      continue;
    }
    if (start >= 0) {
      const end = at - (text[at - 2] === '\r' ? 2 : 1);
      parts.push(body.subarray(start, Math.max(start, end)));
    }
    if (after === '--') break;
    start = lineEnd < 0 ? text.length : lineEnd + 1;
    index = start;
  }
  return parts;
}

/** The node at a section path such as [1, 2]; a message/rfc822 part steps into its message. */
export function partAt(root: MimeNode, path: number[]): MimeNode | undefined {
  let node: MimeNode | undefined = root;
  for (const n of path) {
    if (!node) return undefined;
    if (node.message) node = node.message;
    if (node.type === 'multipart') node = node.children[n - 1];
    else if (n !== 1) return undefined;
    // a non-multipart message has exactly one part, itself (RFC 3501 BODY[1])
  }
  return node;
}
