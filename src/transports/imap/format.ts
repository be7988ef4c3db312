import addressparser from 'nodemailer/lib/addressparser';
import { fieldValue, paramsOf, splitParams, type MimeNode } from './mime.js';

/**
 * Response values (RFC 3501 §4): a value is either already-formatted text or bytes that must
 * go as a literal. Responses are assembled as lists of chunks so bodies are never re-encoded.
 */
export type Chunk = string | Buffer;

/** A string as a quoted string when it can be one, otherwise as a literal. */
export function str(value: string | null | undefined): Chunk[] {
  if (value === null || value === undefined) return ['NIL'];
  if (/^[\x20-\x7e]*$/.test(value) && value.length < 1024) return [`"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`];
  return literal(Buffer.from(value, 'utf8'));
}

export function literal(bytes: Buffer): Chunk[] {
  return [`{${bytes.length}}\r\n`, bytes];
}

export function list(items: Chunk[][]): Chunk[] {
  const out: Chunk[] = ['('];
  items.forEach((item, i) => {
    if (i > 0) out.push(' ');
    out.push(...item);
  });
  out.push(')');
  return out;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** INTERNALDATE: "17-Jul-1996 02:44:25 +0000" */
export function internalDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `"${pad(date.getUTCDate())}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000"`;
}

/** A SEARCH date (1-Feb-1994) as midnight UTC of that day; undefined when malformed. */
export function parseSearchDate(text: string): Date | undefined {
  const match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
  if (!match) return undefined;
  const month = MONTHS.findIndex((m) => m.toLowerCase() === match[2]!.toLowerCase());
  if (month < 0) return undefined;
  return new Date(Date.UTC(Number(match[3]), month, Number(match[1])));
}

function addresses(value: string | undefined): Chunk[] {
  if (!value) return ['NIL'];
  const parsed = addressparser(value, { flatten: true }).filter((a) => a.address || a.name);
  if (parsed.length === 0) return ['NIL'];
  return list(parsed.map((a) => {
    const at = a.address.lastIndexOf('@');
    const mailbox = at >= 0 ? a.address.slice(0, at) : a.address;
    const host = at >= 0 ? a.address.slice(at + 1) : '';
    return list([str(a.name || null), ['NIL'], str(mailbox || null), str(host || null)]);
  }));
}

/** ENVELOPE of a message from its raw header fields. */
export function envelope(fields: Array<[string, string]>): Chunk[] {
  const get = (name: string) => fieldValue(fields, name);
  const from = get('from');
  return list([
    str(get('date') ?? null),
    str(get('subject') ?? null),
    addresses(from),
    // Sender and Reply-To default to From (RFC 3501 §7.4.2).
    addresses(get('sender') ?? from),
    addresses(get('reply-to') ?? from),
    addresses(get('to')),
    addresses(get('cc')),
    addresses(get('bcc')),
    str(get('in-reply-to') ?? null),
    str(get('message-id') ?? null),
  ]);
}

function paramList(params: Array<[string, string]>): Chunk[] {
  if (params.length === 0) return ['NIL'];
  return list(params.flatMap(([k, v]) => [str(k.toUpperCase()), str(v)]));
}

function disposition(node: MimeNode): Chunk[] {
  const value = fieldValue(node.fields, 'content-disposition');
  if (!value) return ['NIL'];
  const [kind = '', ...rest] = splitParams(value);
  return list([str(kind.toUpperCase()), paramList(paramsOf(rest))]);
}

const lineCount = (body: Buffer) => {
  let lines = 0;
  for (const byte of body) if (byte === 0x0a) lines++;
  return body.length > 0 && body[body.length - 1] !== 0x0a ? lines + 1 : lines;
};

/** BODYSTRUCTURE (extensible = with extension data) or BODY of a MIME node. */
export function bodyStructure(node: MimeNode, extensible: boolean): Chunk[] {
  const get = (name: string) => fieldValue(node.fields, name);
  if (node.type === 'multipart') {
    const children = node.children.length > 0 ? node.children : [];
    const out: Chunk[] = ['('];
    for (const child of children) out.push(...bodyStructure(child, extensible));
    if (children.length === 0) out.push('("TEXT" "PLAIN" NIL NIL NIL "7BIT" 0 0)');
    out.push(' ', ...str(node.subtype.toUpperCase()));
    if (extensible) {
      out.push(' ', ...paramList(node.params), ' ', ...disposition(node), ' ', ...str(get('content-language') ?? null), ' ', ...str(get('content-location') ?? null));
    }
    out.push(')');
    return out;
  }
  const basic: Chunk[][] = [
    str(node.type.toUpperCase()),
    str(node.subtype.toUpperCase()),
    paramList(node.params),
    str(get('content-id') ?? null),
    str(get('content-description') ?? null),
    str((get('content-transfer-encoding') ?? '7BIT').toUpperCase()),
    [String(node.body.length)],
  ];
  if (node.message) {
    basic.push(envelope(node.message.fields), bodyStructure(node.message, extensible), [String(lineCount(node.body))]);
  } else if (node.type === 'text') {
    basic.push([String(lineCount(node.body))]);
  }
  if (extensible) {
    basic.push(str(get('content-md5') ?? null), disposition(node), str(get('content-language') ?? null), str(get('content-location') ?? null));
  }
  return list(basic);
}

/** Joins chunks into bytes for the socket. */
export function toBuffer(chunks: Chunk[]): Buffer {
  return Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c)));
}
