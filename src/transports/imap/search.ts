import type { EmailRecord, ImapMessageRecord } from '../../storage/ports.js';
import { parseSearchDate } from './format.js';
import { ImapSyntaxError, inSequenceSet, isSequenceSet, parseSequenceSet, textOf, type Token } from './parser.js';

/** What a search key looks at; the stored email is loaded only for text keys. */
export interface SearchSubject {
  message: ImapMessageRecord;
  seq: number;
  maxSeq: number;
  maxUid: number;
  email(): Promise<EmailRecord | undefined>;
}

export type Criterion = (subject: SearchSubject) => Promise<boolean>;

const always = (result: boolean): Criterion => async () => result;
const flag = (pick: (m: ImapMessageRecord) => boolean): Criterion => async ({ message }) => pick(message);
const dayOf = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

const contains = (haystack: string | null | undefined, needle: string) => (haystack ?? '').toLowerCase().includes(needle.toLowerCase());

function headerValues(email: EmailRecord, name: string): string[] {
  return email.headers.filter(([k]) => k.toLowerCase() === name).map(([, v]) => v);
}

const headerMatch = (name: string, needle: string): Criterion => async (subject) => {
  const email = await subject.email();
  if (!email) return false;
  const values = headerValues(email, name);
  // HEADER name "" matches every message that has the field (RFC 3501 §6.4.4).
  return values.some((v) => contains(v, needle));
};

const bodyText = (email: EmailRecord) => `${email.textBody ?? ''}\n${email.htmlBody ?? ''}`;

const sentDate = async (subject: SearchSubject): Promise<number | undefined> => {
  const email = await subject.email();
  const value = email ? headerValues(email, 'date')[0] : undefined;
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? dayOf(date) : undefined;
};

/**
 * Parses SEARCH keys (RFC 3501 §6.4.4) into one criterion: keys side by side must all
 * match; OR, NOT and parenthesised groups combine them.
 */
export function parseSearch(tokens: Token[]): Criterion {
  let args = tokens;
  if (textOf(args[0])?.toUpperCase() === 'CHARSET') {
    const charset = textOf(args[1])?.toUpperCase();
    if (charset !== 'UTF-8' && charset !== 'US-ASCII') throw new SearchCharsetError();
    args = args.slice(2);
  }
  const reader = { tokens: args, index: 0 };
  const all: Criterion[] = [];
  while (reader.index < reader.tokens.length) all.push(parseKey(reader));
  if (all.length === 0) throw new ImapSyntaxError('SEARCH needs at least one key');
  return and(all);
}

export class SearchCharsetError extends Error {}

function and(criteria: Criterion[]): Criterion {
  return async (subject) => {
    for (const c of criteria) if (!(await c(subject))) return false;
    return true;
  };
}

function parseKey(reader: { tokens: Token[]; index: number }): Criterion {
  const token = reader.tokens[reader.index++];
  if (!token) throw new ImapSyntaxError('Missing search key');
  if (token.type === 'list') {
    const inner = { tokens: token.items, index: 0 };
    const group: Criterion[] = [];
    while (inner.index < inner.tokens.length) group.push(parseKey(inner));
    if (group.length === 0) throw new ImapSyntaxError('Empty search group ()');
    return and(group);
  }
  const key = textOf(token);
  if (key === undefined || token.type !== 'atom') throw new ImapSyntaxError('Expected a search key');
  const arg = (): string => {
    const value = textOf(reader.tokens[reader.index++]);
    if (value === undefined) throw new ImapSyntaxError(`${key.toUpperCase()} needs an argument`);
    return value;
  };
  const dateArg = (): number => {
    const text = arg();
    const date = parseSearchDate(text);
    if (!date) throw new ImapSyntaxError(`Invalid date ${text}: use day-Mon-year, e.g. 1-Feb-2026`);
    return date.getTime();
  };
  const numberArg = (): number => {
    const text = arg();
    if (!/^\d+$/.test(text)) throw new ImapSyntaxError(`${key.toUpperCase()} needs a number`);
    return Number(text);
  };
  switch (key.toUpperCase()) {
    case 'ALL': return always(true);
    case 'ANSWERED': return flag((m) => m.answered);
    case 'UNANSWERED': return flag((m) => !m.answered);
    case 'DELETED': return flag((m) => m.deleted);
    case 'UNDELETED': return flag((m) => !m.deleted);
    case 'FLAGGED': return flag((m) => m.flagged);
    case 'UNFLAGGED': return flag((m) => !m.flagged);
    case 'SEEN': case 'OLD': return flag((m) => m.seen);
    // No session ever sees a message as \Recent here, so NEW is unseen and RECENT nothing.
    case 'UNSEEN': case 'NEW': return flag((m) => !m.seen);
    case 'RECENT': case 'DRAFT': return always(false);
    case 'UNDRAFT': return always(true);
    case 'KEYWORD': arg(); return always(false);
    case 'UNKEYWORD': arg(); return always(true);
    case 'FROM': case 'TO': case 'CC': case 'BCC': case 'SUBJECT': return headerMatch(key.toLowerCase(), arg());
    case 'HEADER': { const name = arg().toLowerCase(); return headerMatch(name, arg()); }
    case 'BODY': {
      const needle = arg();
      return async (s) => { const e = await s.email(); return !!e && contains(bodyText(e), needle); };
    }
    case 'TEXT': {
      const needle = arg();
      return async (s) => {
        const e = await s.email();
        return !!e && (contains(bodyText(e), needle) || e.headers.some(([k, v]) => contains(`${k}: ${v}`, needle)));
      };
    }
    case 'SINCE': { const day = dateArg(); return async ({ message }) => dayOf(message.createdAt) >= day; }
    case 'BEFORE': { const day = dateArg(); return async ({ message }) => dayOf(message.createdAt) < day; }
    case 'ON': { const day = dateArg(); return async ({ message }) => dayOf(message.createdAt) === day; }
    case 'SENTSINCE': { const day = dateArg(); return async (s) => ((await sentDate(s)) ?? -Infinity) >= day; }
    case 'SENTBEFORE': { const day = dateArg(); return async (s) => ((await sentDate(s)) ?? Infinity) < day; }
    case 'SENTON': { const day = dateArg(); return async (s) => (await sentDate(s)) === day; }
    case 'LARGER': { const n = numberArg(); return async ({ message }) => message.sizeBytes > n; }
    case 'SMALLER': { const n = numberArg(); return async ({ message }) => message.sizeBytes < n; }
    case 'UID': {
      const text = arg();
      if (!isSequenceSet(text)) throw new ImapSyntaxError(`Invalid UID set ${text}`);
      const set = parseSequenceSet(text);
      return async ({ message, maxUid }) => inSequenceSet(set, message.uid, maxUid);
    }
    case 'NOT': { const inner = parseKey(reader); return async (s) => !(await inner(s)); }
    case 'OR': {
      const left = parseKey(reader);
      const right = parseKey(reader);
      return async (s) => (await left(s)) || (await right(s));
    }
    default: {
      if (isSequenceSet(key)) {
        const set = parseSequenceSet(key);
        return async ({ seq, maxSeq }) => inSequenceSet(set, seq, maxSeq);
      }
      throw new ImapSyntaxError(`Unknown search key ${key}`);
    }
  }
}
