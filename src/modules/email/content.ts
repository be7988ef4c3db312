import type { CheerioAPI } from 'cheerio';
import { loadHtml } from './cheerio-on-demand.js';
import { badRequest } from '../../core/errors.js';

/**
 * Pure helpers behind the email content operations (text lines, CSS queries, links,
 * verification codes, Java-style regexes, content types). No I/O, no HTTP.
 */

// ---------------------------------------------------------------------------------------------
// HTML → text

/** The part of a parsed DOM node the text walker reads (domhandler's node shape). */
interface DomNode {
  type: string;
  name?: string;
  data?: string;
  children?: DomNode[];
}

/** Elements whose content is not visible text. */
const INVISIBLE = new Set(['head', 'script', 'style', 'title', 'noscript', 'template', 'meta', 'link', 'object', 'iframe', 'svg']);
/** Elements that start and end a line. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'html', 'li',
  'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'ul',
]);
const CELLS = new Set(['td', 'th']);

/**
 * Visible text of a DOM subtree: whitespace collapsed as a browser does (kept inside <pre>),
 * a line break at <br> and around block elements, scripts/styles/head left out.
 * Iterative, so deeply nested markup cannot overflow the stack.
 */
function renderText(roots: DomNode[], lineBreaks: boolean): string {
  const out: string[] = [];
  const stack: Array<{ node: DomNode; pre: boolean } | { close: string }> = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i]!, pre: false });
  const newline = lineBreaks ? '\n' : ' ';
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('close' in item) {
      out.push(BLOCKS.has(item.close) ? newline : CELLS.has(item.close) ? ' ' : '');
      continue;
    }
    const { node, pre } = item;
    if (node.type === 'text') {
      const data = node.data ?? '';
      out.push(pre && lineBreaks ? data : data.replace(/[ \t\r\n\f]+/g, ' '));
      continue;
    }
    const name = node.name?.toLowerCase();
    if (name !== undefined) {
      if (INVISIBLE.has(name)) continue;
      if (name === 'br') {
        out.push(newline);
        continue;
      }
      if (BLOCKS.has(name)) out.push(newline);
      stack.push({ close: name });
    } else if (node.type !== 'root' && node.type !== 'document') {
      continue; // comments, directives, CDATA
    }
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, pre: pre || name === 'pre' });
  }
  return out.join('');
}

/** Trimmed, non-empty lines of a text; runs of spaces (and no-break spaces) become one space. */
export function toLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .filter((line) => line.length > 0);
}

/**
 * The visible text of an HTML document. With `decodeEntities: false` character references
 * (`&amp;`, `&#36;`) stay as written in the source.
 */
export function htmlToText(html: string, options: { decodeEntities?: boolean } = {}): string {
  const $ = loadHtml(html, { xml: { xmlMode: false, decodeEntities: options.decodeEntities ?? true } });
  return renderText([$.root()[0] as unknown as DomNode], true);
}

/** Decodes HTML character references in plain text (`AT&amp;T` → `AT&T`); markup-like text is kept. */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  const $ = loadHtml(text.replace(/</g, '&lt;'), { xml: { xmlMode: false, decodeEntities: true } });
  return $.root().text();
}

/** Lines of an email body: the HTML's visible text when there is HTML, else the text body. */
export function bodyLines(body: { html: string | null; text: string | null }, options: { decodeEntities?: boolean } = {}): string[] {
  const decode = options.decodeEntities ?? true;
  if (body.html !== null) return toLines(htmlToText(body.html, { decodeEntities: decode }));
  const text = body.text ?? '';
  return toLines(decode ? decodeHtmlEntities(text) : text);
}

// ---------------------------------------------------------------------------------------------
// CSS selectors

function parseHtml(html: string): CheerioAPI {
  return loadHtml(html);
}

/** Runs a CSS selector; a selector the engine cannot parse is a 400 naming it. */
function select($: CheerioAPI, selector: string) {
  try {
    return $(selector).toArray();
  } catch (err) {
    throw badRequest(`'${selector}' is not a valid CSS selector: ${(err as Error).message}`);
  }
}

/** The text of every element matching `selector`, one line each (whitespace normalized); empty ones left out. */
export function selectTexts(html: string, selector: string): string[] {
  const $ = parseHtml(html);
  return select($, selector)
    .map((element) => renderText([element as unknown as DomNode], false).replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((text) => text.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Links

const LINK_ELEMENTS = 'a[href], area[href]';

/**
 * The href of every link in an HTML document, in document order. With a selector: the
 * matching elements' own href (or src) and the links inside them.
 */
export function htmlLinks(html: string, selector?: string): string[] {
  const $ = parseHtml(html);
  const seen = new Set<unknown>();
  const links: string[] = [];
  const add = (element: unknown, attribute: string | undefined) => {
    if (seen.has(element)) return;
    seen.add(element);
    const value = attribute?.trim();
    if (value) links.push(value);
  };
  if (!selector) {
    for (const element of $(LINK_ELEMENTS).toArray()) add(element, $(element).attr('href'));
    return links;
  }
  for (const element of select($, selector)) {
    const $element = $(element);
    add(element, $element.attr('href') ?? $element.attr('src'));
    for (const inner of $element.find(LINK_ELEMENTS).toArray()) add(inner, $(inner).attr('href'));
  }
  return links;
}

/** The src of every image of an HTML body (img, input type=image), in order, each once. */
export function htmlImages(html: string): string[] {
  const $ = parseHtml(html);
  const srcs = $('img[src], input[type=image][src]').toArray().map((e) => $(e).attr('src')?.trim() ?? '').filter(Boolean);
  return [...new Set(srcs)];
}

const TEXT_URL = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;

/** http(s) and www. URLs written in plain text, in order; trailing punctuation is not part of them. */
export function textUrls(text: string): string[] {
  const urls: string[] = [];
  for (const match of text.matchAll(TEXT_URL)) {
    let url = match[0];
    // "(see https://x.y/z)." → the closing bracket and full stop belong to the sentence.
    while (/[.,;:!?)\]}>'"*]$/.test(url)) {
      if (url.endsWith(')') && (url.match(/\(/g)?.length ?? 0) >= (url.match(/\)/g)?.length ?? 0)) break;
      url = url.slice(0, -1);
    }
    if (url.length > 0) urls.push(url);
  }
  return urls;
}

// ---------------------------------------------------------------------------------------------
// Inline images

/**
 * Replaces `cid:` references (src="cid:logo", url(cid:logo)) with what `resolve` gives for the
 * Content-ID, usually a data: URL; references it cannot resolve are left as they are.
 */
export function replaceCidReferences(html: string, resolve: (contentId: string) => string | undefined): string {
  return html.replace(/cid:([^\s"'()<>]+)/gi, (whole, id: string) => resolve(normalizeContentId(safeDecode(id))) ?? whole);
}

/** The Content-IDs a document refers to with cid: URLs. */
export function cidReferences(html: string): string[] {
  return [...new Set([...html.matchAll(/cid:([^\s"'()<>]+)/gi)].map((m) => normalizeContentId(safeDecode(m[1]!))))];
}

/** "<logo@x>" and "logo@x" are the same Content-ID. */
export const normalizeContentId = (id: string): string => id.trim().replace(/^<|>$/g, '');

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// ---------------------------------------------------------------------------------------------
// Content types

/** "Text/HTML; charset=UTF-8" → "text/html". */
export const mediaType = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();

/**
 * Does a part's content type answer a request for `requested`? Parameters are ignored and case
 * does not matter. Strict: the media type must be exactly the one requested. Otherwise also
 * `text/*` or `text` (any text part) and a bare subtype (`html` → text/html, `png` → image/png).
 */
export function contentTypeMatches(partType: string, requested: string, strict: boolean): boolean {
  const part = mediaType(partType);
  const wanted = mediaType(requested);
  if (part === wanted) return true;
  if (strict || wanted.length === 0) return false;
  if (wanted.endsWith('/*')) return part.startsWith(wanted.slice(0, -1));
  if (!wanted.includes('/')) return part.startsWith(`${wanted}/`) || part.endsWith(`/${wanted}`);
  return false;
}

/** Content types whose bytes are text (returned as a string rather than base64). */
export function isTextual(contentType: string): boolean {
  const type = mediaType(contentType);
  return (
    type.startsWith('text/') ||
    type.startsWith('message/') ||
    type.endsWith('+json') ||
    type.endsWith('+xml') ||
    ['application/json', 'application/xml', 'application/javascript', 'application/ecmascript', 'application/x-www-form-urlencoded'].includes(type)
  );
}

/** Bytes → string in the declared charset (UTF-8 when none or unknown). */
export function decodeCharset(bytes: Buffer, charset: string | null | undefined): string {
  const label = (charset ?? 'utf-8').trim().toLowerCase();
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

// ---------------------------------------------------------------------------------------------
// Java regular expressions

/**
 * Turns a Java `Pattern` into a JavaScript RegExp source and flags. Handled: leading inline
 * flags `(?i)`, `(?s)`, `(?m)` (and the no-op `(?u)`, `(?d)`, `(?U)`), `\Q…\E` quoting and the
 * anchors `\A`, `\z`, `\Z`. Everything else is the shared syntax; what JavaScript cannot do
 * (possessive quantifiers, atomic groups, `(?x)`) is a 400 naming the pattern.
 */
export function javaRegex(pattern: string): RegExp {
  let rest = pattern;
  const flags = new Set<string>();
  for (let m = /^\(\?([a-zA-Z]+)\)/.exec(rest); m; m = /^\(\?([a-zA-Z]+)\)/.exec(rest)) {
    for (const flag of m[1]!) {
      if ('ism'.includes(flag)) flags.add(flag);
      else if (!'udU'.includes(flag)) throw invalidPattern(pattern, `the inline flag (?${flag}) is not supported`);
    }
    rest = rest.slice(m[0].length);
  }
  let source = '';
  for (let i = 0; i < rest.length; i++) {
    const char = rest[i]!;
    if (char !== '\\' || i + 1 >= rest.length) {
      source += char;
      continue;
    }
    const next = rest[i + 1]!;
    i++;
    if (next === 'Q') {
      const end = rest.indexOf('\\E', i + 1);
      const quoted = end < 0 ? rest.slice(i + 1) : rest.slice(i + 1, end);
      source += quoted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i = end < 0 ? rest.length : end + 1;
    } else if (next === 'A') source += '(?<![\\s\\S])';
    else if (next === 'z') source += '(?![\\s\\S])';
    else if (next === 'Z') source += '(?=(?:\\r?\\n)?(?![\\s\\S]))';
    else source += `\\${next}`;
  }
  if (/\\[pP]\{/.test(source)) flags.add('u');
  try {
    return new RegExp(source, [...flags].join(''));
  } catch (err) {
    throw invalidPattern(pattern, (err as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, ''));
  }
}

const invalidPattern = (pattern: string, why: string) => badRequest(`pattern '${pattern}' is not a valid regular expression: ${why}`);

// ---------------------------------------------------------------------------------------------
// Verification codes

export interface CodeSource {
  /** where the text came from, e.g. SUBJECT, RAW_TEXT_PART, HTML_TEXT */
  source: string;
  text: string;
}

export interface CodeCandidate {
  code: string;
  /** 0–1 */
  confidence: number;
  source: string;
  context: string;
}

export interface CodeSearch {
  minLength: number;
  maxLength: number;
}

/** Words that say "the next number is a code" (strong) or make it likely (weak). */
const STRONG_WORDS = /\b(?:codes?|otp|pin|passcode|pass code|verification|verify|one[- ]time|2fa|two[- ]factor|mfa|security code|auth(?:entication)? code)\b/gi;
const WEAK_WORDS = /\b(?:token|confirm(?:ation)?|log ?in|sign[- ]?in|password|security|authenticat\w*|activation|activate)\b/gi;
/** Words that say "this number is not a code". */
const NOT_CODE_WORDS = /(?:\b(?:order|invoice|ref(?:erence)?|account|acct|ticket|case|tracking|phone|tel|fax|call|no\.?|number|zip|postcode|id)\b|#)\s*[:.]?\s*$/i;
const TOKEN = /[A-Za-z0-9]+/g;
/** 123 456 / 123-456 / 1234 5678: a code written in two equal halves for legibility. */
const SPLIT_DIGITS = /(?<![\w.,:/+-])(?:(\d{3})[ -](\d{3})|(\d{4})[ -](\d{4}))(?![\w%]|[ .,:/-]\d)/g;

const CONTEXT_CHARS = 40;

/**
 * Ranked verification-code candidates in the given texts: digit runs and upper-case
 * letter/digit tokens of the allowed length, scored by how close they are to words like
 * "code", "OTP", "PIN" or "verification", and by what they look like (years, order numbers,
 * prices, dates and times score low or are skipped). Letter/digit tokens are only taken next
 * to such a word. Best first; one entry per code.
 */
export function findCodes(sources: CodeSource[], search: CodeSearch): CodeCandidate[] {
  const best = new Map<string, CodeCandidate & { order: number }>();
  let order = 0;
  const offer = (candidate: CodeCandidate) => {
    const known = best.get(candidate.code);
    if (!known || known.confidence < candidate.confidence) best.set(candidate.code, { ...candidate, order: known?.order ?? order++ });
  };
  for (const { source, text } of sources) {
    const strong = wordPositions(text, STRONG_WORDS);
    const weak = wordPositions(text, WEAK_WORDS);
    const taken = new Set<number>();
    for (const m of text.matchAll(SPLIT_DIGITS)) {
      const first = m[1] ?? m[3]!;
      const code = first + (m[2] ?? m[4]!);
      const start = m.index!;
      if (code.length < search.minLength || code.length > search.maxLength) continue;
      const near = keywordScore(strong, weak, start, start + m[0].length);
      if (near === 0) continue; // without a keyword these are phone numbers and amounts
      let confidence = 0.35 + near + (code.length === 6 ? 0.1 : 0);
      if (NOT_CODE_WORDS.test(text.slice(Math.max(0, start - 20), start))) confidence -= 0.35;
      taken.add(start).add(start + first.length + 1);
      offer({ code, confidence: clamp(confidence), source, context: codeContext(text, start, m[0].length) });
    }
    for (const m of text.matchAll(TOKEN)) {
      const token = m[0];
      const start = m.index!;
      if (taken.has(start) || token.length < search.minLength || token.length > search.maxLength) continue;
      if (!standsAlone(text, start, start + token.length)) continue;
      const digitsOnly = /^\d+$/.test(token);
      const hasDigit = /\d/.test(token);
      if (!digitsOnly && !hasDigit) continue; // words
      const near = keywordScore(strong, weak, start, start + token.length);
      let confidence: number;
      if (digitsOnly) {
        confidence = 0.35 + near + (token.length === 6 ? 0.1 : 0);
        if (token.length === 4 && /^(?:19|20)\d\d$/.test(token)) confidence -= 0.3; // a year
      } else {
        if (near === 0) continue; // ids, product names, hashes
        const upper = token === token.toUpperCase();
        confidence = (upper ? 0.3 : 0.15) + near;
      }
      if (NOT_CODE_WORDS.test(text.slice(Math.max(0, start - 20), start))) confidence -= 0.35;
      confidence = clamp(confidence);
      if (confidence < 0.2) continue;
      offer({ code: token, confidence, source, context: codeContext(text, start, token.length) });
    }
  }
  return [...best.values()]
    .sort((a, b) => b.confidence - a.confidence || a.order - b.order)
    .map(({ order: _order, ...candidate }) => candidate);
}

function wordPositions(text: string, words: RegExp): Array<[number, number]> {
  return [...text.matchAll(words)].map((m) => [m.index!, m.index! + m[0].length]);
}

/** +0.45/+0.3 for a strong word shortly before/after the token, +0.25/+0.15 for a weak one. */
function keywordScore(strong: Array<[number, number]>, weak: Array<[number, number]>, start: number, end: number): number {
  const score = (words: Array<[number, number]>, near: number, far: number) => {
    let best = 0;
    for (const [wordStart, wordEnd] of words) {
      const before = start - wordEnd;
      const after = wordStart - end;
      if (before >= 0 && before <= 40) best = Math.max(best, near);
      else if (before >= 0 && before <= 100) best = Math.max(best, far);
      else if (after >= 0 && after <= 40) best = Math.max(best, far);
    }
    return best;
  };
  return Math.max(score(strong, 0.45, 0.3), score(weak, 0.25, 0.15));
}

/**
 * Not glued to something that makes it part of a larger value: an address (a@b), a decimal
 * or thousands-separated number, a date, a time, a range, a price or a percentage.
 */
function standsAlone(text: string, start: number, end: number): boolean {
  const before = text[start - 1] ?? '';
  const beforeThat = text[start - 2] ?? '';
  const after = text[end] ?? '';
  const afterThat = text[end + 1] ?? '';
  if (/[_@$€£¥&]/.test(before) || /[_@%]/.test(after)) return false;
  if (/[.,:/-]/.test(before) && /\d/.test(beforeThat)) return false;
  if (/[.,:/-]/.test(after) && /\d/.test(afterThat)) return false;
  if (before === '.' && /[A-Za-z]/.test(beforeThat)) return false; // host.name123
  if (after === '.' && /[A-Za-z]/.test(afterThat)) return false; // name123.com
  if (before === '-' && /[A-Za-z]/.test(beforeThat)) return false; // ABC-1234 references
  return true;
}

/** The text around a match, whitespace collapsed: why a candidate was taken. */
export function codeContext(text: string, start: number, length: number): string {
  const from = Math.max(0, start - CONTEXT_CHARS);
  const to = Math.min(text.length, start + length + CONTEXT_CHARS);
  return text.slice(from, to).replace(/\s+/g, ' ').trim();
}

const clamp = (value: number): number => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
