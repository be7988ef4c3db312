import { ImapSyntaxError, type Token } from './parser.js';
import { bodyStructure, envelope, internalDate, list, literal, type Chunk } from './format.js';
import { partAt, type MimeNode } from './mime.js';

/** One data item of FETCH (RFC 3501 §6.4.5). */
export type FetchItem =
  | { kind: 'FLAGS' | 'UID' | 'INTERNALDATE' | 'RFC822.SIZE' | 'ENVELOPE' | 'BODYSTRUCTURE' | 'BODY' }
  | SectionItem;

export interface SectionItem {
  kind: 'section';
  /** BODY.PEEK and RFC822.HEADER leave \Seen alone */
  peek: boolean;
  path: number[];
  part: '' | 'HEADER' | 'TEXT' | 'MIME' | 'HEADER.FIELDS' | 'HEADER.FIELDS.NOT';
  fields: string[];
  partial?: { start: number; length?: number };
  /** the name the response uses, e.g. BODY[HEADER.FIELDS (FROM)]<0> or RFC822.HEADER */
  label: string;
}

const MACROS: Record<string, FetchItem['kind'][]> = {
  ALL: ['FLAGS', 'INTERNALDATE', 'RFC822.SIZE', 'ENVELOPE'],
  FAST: ['FLAGS', 'INTERNALDATE', 'RFC822.SIZE'],
  FULL: ['FLAGS', 'INTERNALDATE', 'RFC822.SIZE', 'ENVELOPE', 'BODY'],
};

const SIMPLE = new Set(['FLAGS', 'UID', 'INTERNALDATE', 'RFC822.SIZE', 'ENVELOPE', 'BODYSTRUCTURE', 'BODY']);

/** The items of a FETCH: one atom (an item or macro) or a parenthesised list of items. */
export function parseFetchItems(token: Token | undefined): FetchItem[] {
  if (!token) throw new ImapSyntaxError('FETCH needs the data items to fetch');
  if (token.type === 'atom') {
    const macro = MACROS[token.value.toUpperCase()];
    if (macro) return macro.map((kind) => ({ kind }) as FetchItem);
    return [parseItem(token.value)];
  }
  if (token.type !== 'list' || token.items.length === 0) throw new ImapSyntaxError('FETCH items are an atom or a list');
  return token.items.map((item) => {
    if (item.type !== 'atom') throw new ImapSyntaxError('FETCH items are atoms');
    return parseItem(item.value);
  });
}

function parseItem(text: string): FetchItem {
  const upper = text.toUpperCase();
  if (SIMPLE.has(upper)) return { kind: upper } as FetchItem;
  if (upper === 'RFC822') return section(false, [], '', [], undefined, 'RFC822');
  if (upper === 'RFC822.HEADER') return section(true, [], 'HEADER', [], undefined, 'RFC822.HEADER');
  if (upper === 'RFC822.TEXT') return section(false, [], 'TEXT', [], undefined, 'RFC822.TEXT');
  const match = /^(BODY|BODY\.PEEK)\[([^\]]*)\](?:<(\d+)(?:\.(\d+))?>)?$/i.exec(text);
  if (!match) throw new ImapSyntaxError(`Unknown FETCH item ${text}`);
  const peek = match[1]!.toUpperCase() === 'BODY.PEEK';
  const spec = match[2]!.trim();
  const partial = match[3] !== undefined ? { start: Number(match[3]), length: match[4] !== undefined ? Number(match[4]) : undefined } : undefined;
  const numbered = /^(\d+(?:\.\d+)*)(?:\.(.+))?$/.exec(spec);
  const path = numbered ? numbered[1]!.split('.').map(Number) : [];
  const rest = (numbered ? numbered[2] ?? '' : spec).trim();
  const fieldsMatch = /^(HEADER\.FIELDS(?:\.NOT)?)\s*\(([^)]*)\)$/i.exec(rest);
  let part: SectionItem['part'];
  let fields: string[] = [];
  if (fieldsMatch) {
    part = fieldsMatch[1]!.toUpperCase() as SectionItem['part'];
    fields = fieldsMatch[2]!.split(/\s+/).filter(Boolean).map((f) => f.replace(/^"|"$/g, ''));
    if (fields.length === 0) throw new ImapSyntaxError('HEADER.FIELDS needs at least one field name');
  } else {
    const upperRest = rest.toUpperCase();
    if (!['', 'HEADER', 'TEXT', 'MIME'].includes(upperRest)) throw new ImapSyntaxError(`Unknown section ${spec}`);
    if (upperRest === 'MIME' && path.length === 0) throw new ImapSyntaxError('MIME needs a part number');
    part = upperRest as SectionItem['part'];
  }
  if (path.some((n) => n < 1)) throw new ImapSyntaxError('Part numbers start at 1');
  const sectionText = [path.join('.'), fieldsMatch ? `${part} (${fields.map((f) => f.toUpperCase()).join(' ')})` : part].filter(Boolean).join('.');
  const label = `BODY[${sectionText}]${partial ? `<${partial.start}>` : ''}`;
  return section(peek, path, part, fields, partial, label);
}

function section(peek: boolean, path: number[], part: SectionItem['part'], fields: string[], partial: SectionItem['partial'], label: string): SectionItem {
  return { kind: 'section', peek, path, part, fields, partial, label };
}

/** Raw header lines (continuations included) whose names are (or, with `not`, are not) in `names`. */
export function filterHeader(header: Buffer, names: string[], not: boolean): Buffer {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const lines = header.toString('utf8').split(/\r?\n/);
  const kept: string[] = [];
  let keep = false;
  for (const line of lines) {
    if (line === '') continue;
    if (/^[ \t]/.test(line)) {
      if (keep) kept.push(line);
      continue;
    }
    const name = line.slice(0, Math.max(0, line.indexOf(':'))).trim().toLowerCase();
    keep = wanted.has(name) !== not;
    if (keep) kept.push(line);
  }
  return Buffer.from(`${kept.map((l) => `${l}\r\n`).join('')}\r\n`, 'utf8');
}

/** The bytes a section item names; empty when the part does not exist (RFC 3501 answers ""). */
export function sectionBytes(raw: Buffer, root: MimeNode, item: SectionItem): Buffer {
  let bytes: Buffer;
  if (item.path.length === 0 && item.part === '') bytes = raw;
  else {
    const node = item.path.length ? partAt(root, item.path) : root;
    if (!node) bytes = Buffer.alloc(0);
    else {
      const message = item.path.length ? node.message ?? node : node;
      switch (item.part) {
        case '': bytes = node.body; break;
        case 'MIME': bytes = node.header; break;
        case 'HEADER': bytes = message.header; break;
        case 'TEXT': bytes = message.body; break;
        default: bytes = filterHeader(message.header, item.fields, item.part === 'HEADER.FIELDS.NOT');
      }
    }
  }
  if (item.partial) {
    const start = Math.min(item.partial.start, bytes.length);
    const end = item.partial.length === undefined ? bytes.length : Math.min(bytes.length, start + item.partial.length);
    bytes = bytes.subarray(start, end);
  }
  return bytes;
}

export interface FetchSource {
  uid: number;
  flags: string[];
  createdAt: Date;
  /** RFC822.SIZE: the stored size, which is the length of the raw bytes */
  size: number;
  /** loaded only when an item needs the content (needsContent) */
  raw: Buffer;
  mime: MimeNode;
}

/** The parenthesised FETCH data for one message. */
export function fetchData(items: FetchItem[], source: FetchSource): Chunk[] {
  const parts: Chunk[][] = [];
  for (const item of items) {
    switch (item.kind) {
      case 'UID': parts.push([`UID ${source.uid}`]); break;
      case 'FLAGS': parts.push(['FLAGS ', ...list(source.flags.map((f) => [f]))]); break;
      case 'INTERNALDATE': parts.push([`INTERNALDATE ${internalDate(source.createdAt)}`]); break;
      case 'RFC822.SIZE': parts.push([`RFC822.SIZE ${source.size}`]); break;
      case 'ENVELOPE': parts.push(['ENVELOPE ', ...envelope(source.mime.fields)]); break;
      case 'BODYSTRUCTURE': parts.push(['BODYSTRUCTURE ', ...bodyStructure(source.mime, true)]); break;
      case 'BODY': parts.push(['BODY ', ...bodyStructure(source.mime, false)]); break;
      case 'section': parts.push([`${item.label} `, ...literal(sectionBytes(source.raw, source.mime, item))]); break;
    }
  }
  return list(parts);
}

/** Items that need the message bytes (all but flags, UID, internal date and size). */
export const needsContent = (items: FetchItem[]) => items.some((i) => !['FLAGS', 'UID', 'INTERNALDATE', 'RFC822.SIZE'].includes(i.kind));
