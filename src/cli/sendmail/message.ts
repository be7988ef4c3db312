/**
 * The message as sendmail takes it: read from standard input (until a lone "." line unless
 * -i), recipients taken from its To/Cc/Bcc with -t, Bcc removed, and the From, Date and
 * Message-ID a message lacks added. Header bytes are kept as they came (latin1 round-trips
 * every byte); only the addresses are decoded as UTF-8.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import addressparser from 'nodemailer/lib/addressparser';

/**
 * Standard input up to its end, or with `stopAtDot` up to the first line holding only "."
 * (the rest is not read, as sendmail does).
 */
export async function readMessage(input: Readable, stopAtDot: boolean): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  // The last bytes read, so a "\n.\r\n" split across reads is still found: window[i] is byte
  // length - tail.length + i of the input (at first a "\n" before it: it starts at a line start).
  let tail = Buffer.from('\n');
  const search = (next: Buffer) => {
    const window = Buffer.concat([tail, next]);
    const at = loneDotLine(window, 1);
    tail = window.subarray(Math.max(0, window.length - 3));
    return at === undefined ? undefined : length - (window.length - next.length) + at;
  };
  for await (const data of input) {
    const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data as string);
    // only the new bytes and the few before them are searched: a long message is scanned once
    const end = stopAtDot ? search(chunk) : undefined;
    chunks.push(chunk);
    length += chunk.length;
    if (end !== undefined) {
      input.destroy();
      return Buffer.concat(chunks, length).subarray(0, end);
    }
  }
  // a last line of "." with no newline after it ends the message too
  const end = stopAtDot ? search(Buffer.from('\n')) : undefined;
  return Buffer.concat(chunks, length).subarray(0, end);
}

/** Where the message ends before a line that is only "." (LF or CRLF), searching from `from`. */
export function loneDotLine(data: Buffer, from: number): number | undefined {
  for (let at = data.indexOf(0x2e, from); at !== -1; at = data.indexOf(0x2e, at + 1)) {
    if (at > 0 && data[at - 1] !== 0x0a) continue;
    const next = data[at + 1] === 0x0d ? at + 2 : at + 1;
    if (data[next] === 0x0a) return at;
  }
  return undefined;
}

export interface Header {
  /** the name as written */
  name: string;
  /** the whole field, folded lines included, without its final line break (latin1) */
  raw: string;
  /** the value unfolded, decoded as UTF-8 */
  value: string;
}

export interface ParsedMessage {
  headers: Header[];
  /** everything after the header block's blank line */
  body: Buffer;
}

const FIELD = /^([!-9;-~]+):/;

/**
 * Splits the header block from the body. The header block is the leading lines that are
 * fields (or their folded continuations); a message whose first line is not a field has no
 * headers, and a leading mbox "From " line is dropped, as Postfix's sendmail does.
 */
export function parseMessage(data: Buffer): ParsedMessage {
  const text = data.toString('latin1');
  const headers: Header[] = [];
  let at = text.startsWith('From ') ? lineEnd(text, 0) : 0;
  while (at < text.length) {
    const end = lineEnd(text, at);
    const line = text.slice(at, end).replace(/\r?\n$/, '');
    if (line === '') {
      at = end;
      break;
    }
    const last = headers.at(-1);
    if (/^[ \t]/.test(line) && last) {
      last.raw += `\r\n${line}`;
    } else {
      const field = FIELD.exec(line);
      if (!field) break;
      headers.push({ name: field[1]!, raw: line, value: '' });
    }
    at = end;
  }
  for (const header of headers) {
    const unfolded = header.raw.slice(header.name.length + 1).replace(/\r\n/g, '').trim();
    header.value = Buffer.from(unfolded, 'latin1').toString('utf8');
  }
  return { headers, body: data.subarray(at) }; // latin1: one character per byte
}

const lineEnd = (text: string, from: number) => {
  const nl = text.indexOf('\n', from);
  return nl === -1 ? text.length : nl + 1;
};

const named = (headers: Header[], name: string) => headers.filter((h) => h.name.toLowerCase() === name);

/** Every address in the named fields, in order, once each (compared case-insensitively). */
export function addressesIn(headers: Header[], names: string[]): string[] {
  const found = new Map<string, string>();
  for (const name of names) {
    for (const header of named(headers, name)) {
      for (const entry of addressparser(header.value, { flatten: true })) {
        if (entry.address && !found.has(entry.address.toLowerCase())) found.set(entry.address.toLowerCase(), entry.address);
      }
    }
  }
  return [...found.values()];
}

/** RFC 5322 date-time in UTC, as sendmail writes a missing Date. */
export function rfc5322Date(date: Date): string {
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days[date.getUTCDay()]}, ${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()} `
    + `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** A display name as written in a header: as is, quoted, or an encoded word when not ASCII. */
function displayName(name: string): string {
  if (/[^\x00-\x7f]/.test(name)) return `=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?=`;
  return /^[\w !#$%&'*+\-/=?^`{|}~]*$/.test(name) ? name : `"${name.replace(/(["\\])/g, '\\$1')}"`;
}

/**
 * The message as submitted: without Bcc, with From (the sender, named by -F), Date and
 * Message-ID added when missing. Added fields come after the existing ones.
 */
export function finalMessage(message: ParsedMessage, added: { from: string; fullName?: string; hostname: string; now: Date }): Buffer {
  const kept = message.headers.filter((h) => h.name.toLowerCase() !== 'bcc').map((h) => h.raw);
  // the fields kept are latin1 strings of their bytes; an added one is UTF-8 text made the same
  const add = (field: string) => kept.push(Buffer.from(field, 'utf8').toString('latin1'));
  if (named(message.headers, 'from').length === 0 && added.from) {
    add(`From: ${added.fullName ? `${displayName(added.fullName)} <${added.from}>` : added.from}`);
  }
  if (named(message.headers, 'date').length === 0) add(`Date: ${rfc5322Date(added.now)}`);
  if (named(message.headers, 'message-id').length === 0) {
    add(`Message-ID: <${added.now.getTime().toString(36)}.${randomBytes(8).toString('hex')}@${added.hostname}>`);
  }
  const head = Buffer.from(`${kept.map((line) => `${line}\r\n`).join('')}\r\n`, 'latin1');
  return Buffer.concat([head, message.body]);
}
