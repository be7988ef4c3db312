import { inSequenceSet, parseSequenceSet as parseSet, type SequenceRange } from '../../modules/imap/sequence-set.js';

/**
 * IMAP command syntax (RFC 3501 §9): a tag, a command name and arguments made of atoms,
 * quoted strings, literals ({n} or LITERAL+ {n+}) and parenthesised lists. FETCH items
 * such as BODY[HEADER.FIELDS (From To)]<0.100> are one atom: brackets keep their content.
 */

export type Token =
  | { type: 'atom'; value: string }
  | { type: 'string'; value: string }
  | { type: 'list'; items: Token[] }
  | { type: 'nil' };

export interface Command {
  tag: string;
  /** upper-cased */
  name: string;
  args: Token[];
}

/** A command that cannot be parsed: answered BAD (with the tag when there was one). */
export class ImapSyntaxError extends Error {
  constructor(message: string, readonly tag?: string) {
    super(message);
  }
}

const SP = 0x20;
// Backslash is allowed: flags such as \Seen are atoms that start with it.
const ATOM_SPECIALS = new Set([...'(){ "]'].map((c) => c.charCodeAt(0)));

/** Parses one command as it came off the wire, without its final CRLF, literals inline. */
export function parseCommand(line: Buffer): Command {
  const parser = new Parser(line);
  const tag = parser.word();
  if (!tag || /[+(){%*"\\\]]/.test(tag)) throw new ImapSyntaxError('A command starts with a tag');
  if (!parser.space()) throw new ImapSyntaxError('Missing command name after the tag', tag);
  const name = parser.word().toUpperCase();
  if (!/^[A-Z][A-Z0-9.-]*$/.test(name)) throw new ImapSyntaxError('Missing or invalid command name', tag);
  try {
    const args: Token[] = [];
    while (!parser.done()) {
      if (!parser.space()) throw new ImapSyntaxError(`Expected a space at byte ${parser.position}`);
      args.push(parser.token());
    }
    return { tag, name, args };
  } catch (err) {
    if (err instanceof ImapSyntaxError) throw new ImapSyntaxError(err.message, tag);
    throw err;
  }
}

class Parser {
  position = 0;
  constructor(private readonly input: Buffer) {}

  done(): boolean {
    return this.position >= this.input.length;
  }

  space(): boolean {
    if (this.input[this.position] !== SP) return false;
    this.position++;
    return true;
  }

  /** characters up to the next space (tag and command name) */
  word(): string {
    const start = this.position;
    while (!this.done() && this.input[this.position] !== SP) this.position++;
    return this.input.toString('utf8', start, this.position);
  }

  token(): Token {
    const c = this.input[this.position];
    if (c === undefined) throw new ImapSyntaxError('Missing argument');
    if (c === 0x22) return { type: 'string', value: this.quoted() };
    if (c === 0x7b) return { type: 'string', value: this.literal() };
    if (c === 0x28) return { type: 'list', items: this.list() };
    if (c === 0x29) throw new ImapSyntaxError('Unexpected )');
    const value = this.atom();
    return value.toUpperCase() === 'NIL' ? { type: 'nil' } : { type: 'atom', value };
  }

  private quoted(): string {
    this.position++;
    const bytes: number[] = [];
    for (;;) {
      const c = this.input[this.position++];
      if (c === undefined) throw new ImapSyntaxError('Unterminated quoted string');
      if (c === 0x22) break;
      if (c === 0x5c) {
        const escaped = this.input[this.position++];
        if (escaped !== 0x22 && escaped !== 0x5c) throw new ImapSyntaxError('Only \\" and \\\\ may be escaped in a quoted string');
        bytes.push(escaped);
      } else if (c === 0x0d || c === 0x0a) {
        throw new ImapSyntaxError('A quoted string cannot contain CR or LF; send a literal');
      } else {
        bytes.push(c);
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }

  private literal(): string {
    const end = this.input.indexOf('}', this.position);
    const header = end < 0 ? '' : this.input.toString('latin1', this.position + 1, end);
    const match = /^(\d+)\+?$/.exec(header);
    if (!match) throw new ImapSyntaxError('A literal is {length} or {length+}');
    const size = Number(match[1]);
    const start = end + 3;
    if (this.input[end + 1] !== 0x0d || this.input[end + 2] !== 0x0a) throw new ImapSyntaxError('A literal length is followed by CRLF');
    if (start + size > this.input.length) throw new ImapSyntaxError('Literal shorter than its announced length');
    this.position = start + size;
    return this.input.toString('utf8', start, start + size);
  }

  private list(): Token[] {
    this.position++;
    const items: Token[] = [];
    for (;;) {
      const c = this.input[this.position];
      if (c === undefined) throw new ImapSyntaxError('Unterminated list: missing )');
      if (c === 0x29) {
        this.position++;
        return items;
      }
      if (items.length > 0 && !this.space()) throw new ImapSyntaxError('List items are separated by one space');
      items.push(this.token());
    }
  }

  /** An atom; '[' opens a section whose content (spaces, lists) runs to the matching ']'. */
  private atom(): string {
    const start = this.position;
    let depth = 0;
    while (!this.done()) {
      const c = this.input[this.position]!;
      if (c === 0x5b) depth++;
      else if (c === 0x5d) {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0 && ATOM_SPECIALS.has(c)) break;
      else if (c < 0x20 || c === 0x7f) throw new ImapSyntaxError('Control characters are not allowed in an atom');
      this.position++;
    }
    if (depth > 0) throw new ImapSyntaxError('Unterminated [ in an argument');
    if (this.position === start) throw new ImapSyntaxError(`Unexpected character at byte ${start}`);
    return this.input.toString('utf8', start, this.position);
  }
}

/** The text of an atom or string argument (NIL and lists have none). */
export function textOf(token: Token | undefined): string | undefined {
  if (!token) return undefined;
  return token.type === 'atom' || token.type === 'string' ? token.value : undefined;
}

/** Parses a sequence set such as 1:3,5,7:*, or fails as a syntax error. */
export function parseSequenceSet(text: string): SequenceRange[] {
  const ranges = parseSet(text);
  if (!ranges) throw new ImapSyntaxError(`Invalid sequence set ${text}: numbers from 1, ranges a:b, * for the last`);
  return ranges;
}

export function isSequenceSet(text: string): boolean {
  return parseSet(text) !== undefined;
}

export { inSequenceSet, type SequenceRange };
