import { parse, type DefaultTreeAdapterMap, type ParserError } from 'parse5';
import { HtmlValidate, StaticConfigLoader, type Message } from 'html-validate';
import { EMAIL_HTML_CONFIG } from './html-validate-config.js';

export interface HtmlMessage {
  lineNumber: number;
  message: string;
}

export interface HtmlValidation {
  isValid: boolean;
  infos: HtmlMessage[];
  errors: HtmlMessage[];
  warnings: HtmlMessage[];
}

/*
 * Two libraries, each for what it does best:
 *  - html-validate checks the document against the HTML standard's rules (tag balance, content
 *    models, attributes, ids, accessibility), configured for email in html-validate-config.ts.
 *  - parse5, the WHATWG parser, reports the tokenizer's parse errors html-validate's lexer does
 *    not (nested-comment, unexpected-null-character, "<" starting no tag, character references
 *    as the standard reads them, ...), and keeps going where html-validate's lexer gives up.
 * html-validate closes an element whose end tag may be left out only when its parent ends or a
 * sibling starts; the standard's parser closes several at once (</table> closes the open <td>
 * and <tr>, <tr> closes <td> and <tr>). So the end tags parse5 found implied are written into
 * the text html-validate reads, and every finding's position is mapped back to the original.
 * Each finding is "<rule id>: <text> (column N)" with its line; the parse errors' rule id is
 * "html-parse-error" (the wire model, ValidationMessage, has no field for either).
 */

/** Elements whose end tag may be left out (HTML §13.1.2.4). */
const OPTIONAL_END = new Set([
  'html', 'head', 'body', 'p', 'li', 'dt', 'dd', 'option', 'optgroup', 'rb', 'rt', 'rtc', 'rp',
  'colgroup', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th',
]);
/** parse5's codes for what an html-validate rule already reports (named beside each). */
const REPORTED_BY_HTML_VALIDATE = new Set([
  'duplicate-attribute', // no-dup-attr
  'missing-whitespace-between-attributes', // attr-spacing
  'non-void-html-element-start-tag-with-trailing-solidus', // no-self-closing
  'missing-doctype', // missing-doctype
  'non-conforming-doctype', // doctype-html
  'end-tag-without-matching-open-element', // close-order, as the three below
  'closing-of-element-with-open-child-elements',
  'open-elements-left-after-eof',
]);
const HTML_NS = 'http://www.w3.org/1999/xhtml';

type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
interface Insertion { offset: number; text: string }

let validator: HtmlValidate | undefined;

/** Validates an HTML document or fragment; line numbers count from 1 within `html`. */
export function validateHtml(html: string): HtmlValidation {
  const parseErrors: ParserError[] = [];
  const document = parse(html, { sourceCodeLocationInfo: true, onParseError: (e) => parseErrors.push(e) });
  const insertions = impliedEndTags(document);
  validator ??= new HtmlValidate(new StaticConfigLoader(EMAIL_HTML_CONFIG));
  const report = validator.validateStringSync(withInsertions(html, insertions), 'email.html');
  const position = positionsIn(html, insertions);

  const errors: Array<HtmlMessage & { at: number }> = [];
  const warnings: Array<HtmlMessage & { at: number }> = [];
  const add = (list: typeof errors, at: number, ruleId: string, text: string) => {
    const { line, column } = position(at);
    list.push({ lineNumber: line, message: `${ruleId}: ${text} (column ${column})`, at });
  };
  const isFragment = !hasStartTag(document, 'html');
  for (const m of report.results.flatMap((r) => r.messages)) {
    if (m.ruleId === 'missing-doctype' && isFragment) continue; // a body fragment, as senders often pass
    if (m.ruleId === 'parser-error') {
      add(warnings, m.offset, m.ruleId, `${m.message.replace(/\.$/, '')}; html-validate checked nothing after this point`);
      continue;
    }
    add(isError(m) ? errors : warnings, m.offset, m.ruleId, m.message);
  }
  for (const e of parseErrors) {
    if (!REPORTED_BY_HTML_VALIDATE.has(e.code)) errors.push({ lineNumber: e.startLine, message: `html-parse-error: ${e.code} (column ${e.startCol})`, at: e.startOffset });
  }
  const byPosition = (list: typeof errors) => list.sort((x, y) => x.at - y.at).map(({ lineNumber, message }) => ({ lineNumber, message }));
  return { isValid: errors.length === 0, infos: [], errors: byPosition(errors), warnings: byPosition(warnings) };
}

const isError = (m: Message) => m.severity === 2;

/** The end tags the parser implied for elements that may leave theirs out, innermost first. */
function impliedEndTags(document: DefaultTreeAdapterMap['document']): Insertion[] {
  const found: Insertion[] = [];
  const visit = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      visit(child.tagName === 'template' ? (child as DefaultTreeAdapterMap['template']).content : child);
      const at = child.sourceCodeLocation;
      if (child.namespaceURI === HTML_NS && OPTIONAL_END.has(child.tagName) && at?.startTag && !at.endTag && at.endOffset !== undefined) {
        found.push({ offset: at.endOffset, text: `</${child.tagName}>` });
      }
    }
  };
  visit(document);
  // Post-order put inner elements first; a stable sort keeps them first among equal offsets.
  return found.sort((a, b) => a.offset - b.offset);
}

function hasStartTag(node: ParentNode, tagName: string): boolean {
  return node.childNodes.some((child) => 'tagName' in child && (child as Element).tagName === tagName
    && Boolean((child as Element).sourceCodeLocation?.startTag));
}

function withInsertions(html: string, insertions: Insertion[]): string {
  let out = '';
  let from = 0;
  for (const { offset, text } of insertions) {
    out += html.slice(from, offset) + text;
    from = offset;
  }
  return out + html.slice(from);
}

/** Maps an offset in the text html-validate read back to a line and column of `html`. */
function positionsIn(html: string, insertions: Insertion[]) {
  const lineStarts = [0];
  for (let i = html.indexOf('\n'); i !== -1; i = html.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  // Where each insertion starts in the validated text, and how much was inserted before it.
  const starts: number[] = [];
  const before: number[] = [];
  let shift = 0;
  for (const { offset, text } of insertions) {
    starts.push(offset + shift);
    before.push(shift);
    shift += text.length;
  }
  return (validatedOffset: number) => {
    const i = lastAtOrBefore(starts, validatedOffset);
    let offset = validatedOffset;
    if (i >= 0) {
      const inserted = insertions[i]!;
      offset = validatedOffset < starts[i]! + inserted.text.length ? inserted.offset : validatedOffset - before[i]! - inserted.text.length;
    }
    const line = lastAtOrBefore(lineStarts, offset);
    return { line: line + 1, column: offset - lineStarts[line]! + 1 };
  };
}

/** Index of the last value ≤ target in an ascending array, -1 when there is none. */
function lastAtOrBefore(values: number[], target: number): number {
  let lo = 0;
  let hi = values.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= target) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
