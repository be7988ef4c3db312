import { Tokenizer, TokenizerMode, type Token, type TokenHandler } from 'parse5';

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
 * What is checked, and why this way:
 *  1. Every parse error the WHATWG HTML tokenizer defines (parse5's tokenizer reports them by
 *     spec code: eof-in-tag, duplicate-attribute, missing-whitespace-between-attributes, ...).
 *  2. Tag balance, as the spec's tree builder would see it: an end tag with no open element
 *     of that name, an element still open when an outer one is closed, an element never closed,
 *     a trailing "/>" on a non-void HTML element, an end tag for a void element. Elements whose end
 *     tag the spec makes optional (p, li, td, tr, option, ...) may be closed implicitly.
 * parse5's full parser recovers from most of (2) in the body without reporting it, hence the
 * tokenizer (the class parse5-sax-parser is built on) and a stack of open elements here.
 * Not checked: content models (which element may contain which), attribute values, CSS.
 */

const VOID = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
  'basefont', 'bgsound', 'frame', 'keygen', 'param',
]);
/** Elements whose end tag may be left out (HTML §13.1.2.4). */
const OPTIONAL_END = new Set([
  'html', 'head', 'body', 'p', 'li', 'dt', 'dd', 'option', 'optgroup', 'rb', 'rt', 'rtc', 'rp',
  'colgroup', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th',
]);
/** Start tags that close an open <p>. */
const CLOSES_P = new Set([
  'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr',
  'li', 'dd', 'dt', 'listing', 'main', 'menu', 'nav', 'ol', 'p', 'plaintext', 'pre', 'search', 'section',
  'summary', 'table', 'ul',
]);
const SCOPE_LIMIT = ['html', 'body', 'table', 'td', 'th', 'caption', 'template', 'object', 'marquee', 'applet', 'button'];
/** Start tag → the open elements it closes implicitly, and where the search for them stops. */
const IMPLIED_CLOSE: Record<string, { closes: string[]; stopAt: string[] }> = {
  li: { closes: ['li'], stopAt: ['ul', 'ol', 'menu', ...SCOPE_LIMIT] },
  dt: { closes: ['dt', 'dd'], stopAt: ['dl', ...SCOPE_LIMIT] },
  dd: { closes: ['dt', 'dd'], stopAt: ['dl', ...SCOPE_LIMIT] },
  option: { closes: ['option'], stopAt: ['select', 'datalist', 'optgroup', ...SCOPE_LIMIT] },
  optgroup: { closes: ['option', 'optgroup'], stopAt: ['select', ...SCOPE_LIMIT] },
  tr: { closes: ['tr'], stopAt: ['table', 'thead', 'tbody', 'tfoot'] },
  td: { closes: ['td', 'th'], stopAt: ['tr', 'table'] },
  th: { closes: ['td', 'th'], stopAt: ['tr', 'table'] },
  thead: { closes: ['thead', 'tbody', 'tfoot', 'caption', 'colgroup'], stopAt: ['table'] },
  tbody: { closes: ['thead', 'tbody', 'tfoot', 'caption', 'colgroup'], stopAt: ['table'] },
  tfoot: { closes: ['thead', 'tbody', 'tfoot', 'caption', 'colgroup'], stopAt: ['table'] },
  body: { closes: ['head'], stopAt: ['html'] },
};
const TEXT_MODE: Record<string, (typeof TokenizerMode)[keyof typeof TokenizerMode]> = {
  script: TokenizerMode.SCRIPT_DATA,
  style: TokenizerMode.RAWTEXT,
  xmp: TokenizerMode.RAWTEXT,
  iframe: TokenizerMode.RAWTEXT,
  noembed: TokenizerMode.RAWTEXT,
  noframes: TokenizerMode.RAWTEXT,
  title: TokenizerMode.RCDATA,
  textarea: TokenizerMode.RCDATA,
  plaintext: TokenizerMode.PLAINTEXT,
};
/** Roots of foreign (SVG, MathML) content, where "/>" closes any element. */
const FOREIGN = new Set(['svg', 'math']);

interface Open {
  name: string;
  line: number;
}

/** Validates an HTML document or fragment; line numbers count from 1 within `html`. */
export function validateHtml(html: string): HtmlValidation {
  const errors: HtmlMessage[] = [];
  const warnings: HtmlMessage[] = [];
  const stack: Open[] = [];
  let sawContent = false;
  let sawDoctype = false;
  const line = (token: { location: Token.Location | null }) => token.location?.startLine ?? 0;
  const error = (lineNumber: number, message: string) => errors.push({ lineNumber, message });
  const inForeign = () => stack.some((e) => FOREIGN.has(e.name));

  /** Pops everything above and including index i; elements that needed an end tag are errors. */
  const popTo = (i: number, because: string, at: number) => {
    for (const open of stack.splice(i).reverse().slice(0, -1)) {
      if (!OPTIONAL_END.has(open.name)) error(at, `<${open.name}> opened on line ${open.line} is still open at ${because}`);
    }
  };
  const closeImplied = (names: string[], stopAt: string[], because: string, at: number) => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const name = stack[i]!.name;
      if (names.includes(name)) return popTo(i, because, at);
      if (stopAt.includes(name)) return;
    }
  };
  const firstContent = (isDoctype: boolean, at: number) => {
    if (sawContent) return;
    sawContent = true;
    sawDoctype = isDoctype;
    if (!isDoctype) warnings.push({ lineNumber: at, message: 'No <!DOCTYPE html> before the content: renderers use quirks mode' });
  };

  const handler: TokenHandler = {
    onComment() {},
    onDoctype(token) {
      if (sawContent && !sawDoctype) error(line(token), 'A DOCTYPE is only allowed at the start of the document');
      firstContent(true, line(token));
    },
    onStartTag(token) {
      const name = token.tagName;
      const at = line(token);
      firstContent(false, at);
      const foreign = inForeign() || FOREIGN.has(name);
      if (!foreign) {
        if (CLOSES_P.has(name)) closeImplied(['p'], SCOPE_LIMIT, `<${name}> (line ${at}), which closes <p>`, at);
        const implied = IMPLIED_CLOSE[name];
        if (implied) closeImplied(implied.closes, implied.stopAt, `<${name}> (line ${at})`, at);
      }
      if (VOID.has(name) && !foreign) return;
      if (token.selfClosing) {
        if (!foreign) error(at, `<${name}/>: "/>" does not close a non-void HTML element; write <${name}></${name}>`);
        else return;
      }
      stack.push({ name, line: at });
      const mode = foreign ? undefined : TEXT_MODE[name];
      if (mode !== undefined) tokenizer.state = mode;
    },
    onEndTag(token) {
      const name = token.tagName;
      const at = line(token);
      firstContent(false, at);
      if (VOID.has(name)) {
        error(at, `</${name}>: <${name}> is a void element and takes no end tag`);
        return;
      }
      for (let i = stack.length - 1; i >= 0; i--) {
        if (stack[i]!.name === name) return popTo(i, `</${name}> (line ${at})`, at);
      }
      // html, head and body are implied by the parser; their end tags alone are not errors.
      if (!['html', 'head', 'body'].includes(name)) error(at, `</${name}> has no open <${name}> to close`);
    },
    onEof(token) {
      for (const open of stack) {
        if (!OPTIONAL_END.has(open.name)) error(line(token) || open.line, `<${open.name}> opened on line ${open.line} is never closed`);
      }
    },
    onCharacter(token) {
      firstContent(false, line(token));
    },
    onNullCharacter() {},
    onWhitespaceCharacter() {},
    onParseError: (e) => error(e.startLine, `HTML parse error ${e.code} at column ${e.startCol}`),
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, handler);
  tokenizer.write(html, true);
  errors.sort((x, y) => x.lineNumber - y.lineNumber);
  return { isValid: errors.length === 0, infos: [], errors, warnings };
}
