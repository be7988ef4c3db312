/**
 * SCIM 2.0 filters (RFC 7644 §3.4.2.2): parsed into a tree and evaluated against resources in
 * their wire shape. Written here rather than taken from scimmy's `Types.Filter`, whose parser
 * turns `not (a or b)` into `not a or not b`, fails on nested parentheses, compares userName
 * case-sensitively and throws a TypeError on `emails co "..."` (a multi-valued attribute compared
 * directly, which RFC 7644 says compares its `value` sub-attribute).
 */
import { ScimError } from './scim-errors.js';

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
type Literal = string | number | boolean | null;

export type FilterNode =
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { kind: 'not'; expr: FilterNode }
  | { kind: 'pr'; path: string[] }
  | { kind: 'compare'; path: string[]; op: CompareOp; value: Literal }
  /** attr[filter]: some element of the multi-valued attribute matches the inner filter */
  | { kind: 'valuePath'; path: string[]; filter: FilterNode };

const COMPARE_OPS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const MAX_FILTER_LENGTH = 4096;
const MAX_DEPTH = 32;

type Token = { type: 'word' | 'string' | 'number' | 'punct'; text: string; value?: Literal };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if ('()[]'.includes(c)) {
      tokens.push({ type: 'punct', text: c });
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw invalidFilter(`unterminated string starting at ${i + 1}`);
      const raw = text.slice(i, j + 1);
      let value: string;
      try {
        value = JSON.parse(raw) as string;
      } catch {
        throw invalidFilter(`bad string literal ${raw}`);
      }
      tokens.push({ type: 'string', text: raw, value });
      i = j + 1;
    } else {
      const m = /^[A-Za-z0-9_:.$+\-]+/.exec(text.slice(i));
      if (!m) throw invalidFilter(`unexpected character '${c}' at ${i + 1}`);
      const word = m[0];
      if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(word)) tokens.push({ type: 'number', text: word, value: Number(word) });
      else tokens.push({ type: 'word', text: word });
      i += word.length;
    }
  }
  return tokens;
}

function invalidFilter(detail: string): ScimError {
  return new ScimError(400, 'invalidFilter', `Invalid filter: ${detail}`);
}

/** Splits an attribute path, keeping a schema URN prefix as the first segment of an extension's attributes. */
export function splitAttrPath(text: string): string[] {
  let rest = text;
  const lower = text.toLowerCase();
  for (const core of ['urn:ietf:params:scim:schemas:core:2.0:user:', 'urn:ietf:params:scim:schemas:core:2.0:group:']) {
    if (lower.startsWith(core)) return text.slice(core.length).split('.');
  }
  if (lower.startsWith('urn:')) {
    const colon = text.lastIndexOf(':');
    rest = text.slice(colon + 1);
    return [text.slice(0, colon), ...rest.split('.')];
  }
  return rest.split('.');
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): FilterNode {
    if (this.tokens.length === 0) throw invalidFilter('the filter is empty');
    const node = this.or(0);
    if (this.pos < this.tokens.length) throw invalidFilter(`unexpected '${this.tokens[this.pos]!.text}'`);
    return node;
  }

  private peekWord(): string | undefined {
    const t = this.tokens[this.pos];
    return t?.type === 'word' ? t.text.toLowerCase() : undefined;
  }

  private expect(punct: string): void {
    const t = this.tokens[this.pos];
    if (t?.type !== 'punct' || t.text !== punct) throw invalidFilter(`expected '${punct}'${t ? ` before '${t.text}'` : ' at the end'}`);
    this.pos++;
  }

  private or(depth: number): FilterNode {
    let left = this.and(depth);
    while (this.peekWord() === 'or') {
      this.pos++;
      left = { kind: 'or', left, right: this.and(depth) };
    }
    return left;
  }

  private and(depth: number): FilterNode {
    let left = this.unary(depth);
    while (this.peekWord() === 'and') {
      this.pos++;
      left = { kind: 'and', left, right: this.unary(depth) };
    }
    return left;
  }

  private unary(depth: number): FilterNode {
    if (depth > MAX_DEPTH) throw invalidFilter(`nested deeper than ${MAX_DEPTH}`);
    const t = this.tokens[this.pos];
    if (!t) throw invalidFilter('the filter ends too early');
    if (t.type === 'word' && t.text.toLowerCase() === 'not') {
      this.pos++;
      this.expect('(');
      const expr = this.or(depth + 1);
      this.expect(')');
      return { kind: 'not', expr };
    }
    if (t.type === 'punct' && t.text === '(') {
      this.pos++;
      const expr = this.or(depth + 1);
      this.expect(')');
      return expr;
    }
    if (t.type !== 'word') throw invalidFilter(`expected an attribute name, found '${t.text}'`);
    this.pos++;
    const path = splitAttrPath(t.text);
    if (path.some((p) => p === '')) throw invalidFilter(`bad attribute path '${t.text}'`);
    const next = this.tokens[this.pos];
    if (next?.type === 'punct' && next.text === '[') {
      this.pos++;
      const filter = this.or(depth + 1);
      this.expect(']');
      return { kind: 'valuePath', path, filter };
    }
    const op = this.peekWord();
    if (!op) throw invalidFilter(`expected an operator after '${t.text}'`);
    this.pos++;
    if (op === 'pr') return { kind: 'pr', path };
    if (!COMPARE_OPS.has(op)) throw invalidFilter(`unknown operator '${op}'`);
    const v = this.tokens[this.pos];
    if (!v) throw invalidFilter(`expected a value after '${op}'`);
    this.pos++;
    let value: Literal;
    if (v.type === 'string' || v.type === 'number') value = v.value!;
    else if (v.type === 'word' && ['true', 'false', 'null'].includes(v.text.toLowerCase())) value = JSON.parse(v.text.toLowerCase()) as Literal;
    else throw invalidFilter(`bad value '${v.text}' after '${op}'`);
    if (value === null && op !== 'eq' && op !== 'ne') throw invalidFilter(`'${op}' cannot compare with null`);
    if (typeof value === 'boolean' && op !== 'eq' && op !== 'ne') throw invalidFilter(`'${op}' cannot compare with a boolean`);
    return { kind: 'compare', path, op: op as CompareOp, value };
  }
}

export function parseFilter(text: string): FilterNode {
  if (text.length > MAX_FILTER_LENGTH) throw invalidFilter(`longer than ${MAX_FILTER_LENGTH} characters`);
  return new Parser(tokenize(text)).parse();
}

/** What the evaluator needs to know of a resource type's attributes. */
export interface AttributeTraits {
  /** lower-case dotted paths compared case-sensitively (RFC 7643 caseExact) */
  caseExact: ReadonlySet<string>;
  /** lower-case dotted paths holding dateTime values */
  dateTimes: ReadonlySet<string>;
}

/** The value of a key, whatever its case (attribute names are case-insensitive). */
export function getAttr(obj: unknown, name: string): unknown {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  const record = obj as Record<string, unknown>;
  if (name in record) return record[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(record)) if (key.toLowerCase() === lower) return record[key];
  return undefined;
}

/** Every value at a path, multi-valued attributes flattened; a complex multi-valued attribute compared directly stands for its `value`s. */
function valuesAt(resource: unknown, path: string[], forCompare: boolean): unknown[] {
  let current: unknown[] = [resource];
  for (const segment of path) {
    const next: unknown[] = [];
    for (const item of current) {
      const v = getAttr(item, segment);
      if (Array.isArray(v)) next.push(...v);
      else if (v !== undefined) next.push(v);
    }
    current = next;
  }
  if (!forCompare) return current;
  return current.flatMap((v) => (v !== null && typeof v === 'object' ? [getAttr(v, 'value')].filter((x) => x !== undefined) : [v]));
}

const isPresent = (v: unknown): boolean =>
  v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0) && !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

function compare(actual: unknown, op: CompareOp, expected: Exclude<Literal, null>, pathKey: string, traits: AttributeTraits): boolean {
  if (typeof actual === 'boolean' || typeof expected === 'boolean') {
    if (op === 'eq') return actual === expected;
    if (op === 'ne') return actual !== expected;
    return false;
  }
  if (typeof actual === 'number' && typeof expected === 'number') return ordered(actual - expected, op);
  if (actual instanceof Date) actual = actual.toISOString();
  if (typeof actual !== 'string') return op === 'ne';
  if (traits.dateTimes.has(pathKey) && typeof expected === 'string' && ['gt', 'ge', 'lt', 'le', 'eq', 'ne'].includes(op)) {
    const a = Date.parse(actual);
    const b = Date.parse(expected);
    if (Number.isNaN(b)) throw invalidFilter(`'${expected}' is not a date-time`);
    return ordered(a - b, op);
  }
  let a = actual;
  let b = String(expected);
  if (!traits.caseExact.has(pathKey)) {
    a = a.toLowerCase();
    b = b.toLowerCase();
  }
  switch (op) {
    case 'eq': return a === b;
    case 'ne': return a !== b;
    case 'co': return a.includes(b);
    case 'sw': return a.startsWith(b);
    case 'ew': return a.endsWith(b);
    default: return ordered(a < b ? -1 : a > b ? 1 : 0, op);
  }
}

function ordered(diff: number, op: CompareOp): boolean {
  switch (op) {
    case 'eq': return diff === 0;
    case 'ne': return diff !== 0;
    case 'gt': return diff > 0;
    case 'ge': return diff >= 0;
    case 'lt': return diff < 0;
    case 'le': return diff <= 0;
    default: return false;
  }
}

/** Does the resource match the filter? `prefix` is the path of the element a valuePath filter looks inside. */
export function matches(node: FilterNode, resource: unknown, traits: AttributeTraits, prefix: string[] = []): boolean {
  switch (node.kind) {
    case 'and': return matches(node.left, resource, traits, prefix) && matches(node.right, resource, traits, prefix);
    case 'or': return matches(node.left, resource, traits, prefix) || matches(node.right, resource, traits, prefix);
    case 'not': return !matches(node.expr, resource, traits, prefix);
    case 'pr': return valuesAt(resource, node.path, false).some(isPresent);
    case 'valuePath': {
      const elements = valuesAt(resource, node.path, false);
      return elements.some((e) => matches(node.filter, e, traits, [...prefix, ...node.path]));
    }
    case 'compare': {
      const pathKey = [...prefix, ...node.path].join('.').toLowerCase();
      const values = valuesAt(resource, node.path, true);
      // `eq null` is "has no value", `ne null` "has one"; `ne x` holds when no value equals x.
      const expected = node.value;
      if (expected === null) return node.op === 'eq' ? !values.some(isPresent) : values.some(isPresent);
      if (node.op === 'ne') return !values.some((v) => compare(v, 'eq', expected, pathKey, traits));
      return values.some((v) => compare(v, node.op, expected, pathKey, traits));
    }
  }
}
