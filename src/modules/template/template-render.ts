/**
 * Moustache templates (the `mustache` package): which variables a template uses, read from
 * mustache's own parse tree rather than a regex (so `{{{raw}}}`, `{{& raw}}`, sections,
 * comments and changed delimiters count exactly as mustache reads them), and rendering that
 * names every missing variable instead of leaving a blank.
 */
import Mustache from 'mustache';
import { badRequest } from '../../core/errors.js';

/** Largest text a render may produce: sections repeat over lists, so output can outgrow input. */
export const MAX_RENDERED_LENGTH = 10 * 1024 * 1024;

type Span = [string, string, number, number, Span[]?, number?];

export interface TemplateVariables {
  /** every variable a template reads, in order of first use: value tags and section names */
  all: string[];
  /** the value tags a render needs a value for (outside `{{#section}}`s, whose items may supply them) */
  required: string[];
  /** deepest nesting of sections: bounds how often a list can repeat the text */
  depth: number;
}

/**
 * A fresh Writer per call: the module's default writer caches every template text it ever
 * parsed, forever, and template texts come from users.
 */
function parse(content: string): Span[] {
  try {
    return new Mustache.Writer().parse(content) as Span[];
  } catch (err) {
    throw badRequest(`content is not a valid moustache template: ${(err as Error).message}`);
  }
}

/**
 * Deepest nesting of sections a template may have: rendering recurses once per level, so a
 * template of 100,000 nested sections would overflow the stack instead of answering.
 */
export const MAX_SECTION_NESTING = 100;

/** The variables of `content`; a 400 when it is not a template mustache can read. */
export function variablesOf(content: string): TemplateVariables {
  const all = new Set<string>();
  const required = new Set<string>();
  let depth = 0;
  // Walked with a stack of its own, in document order: the nesting is the user's to choose.
  const stack: Array<{ spans: Span[]; next: number; inSection: boolean; repeats: number }> = [
    { spans: parse(content), next: 0, inSection: false, repeats: 0 },
  ];
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= frame.spans.length) {
      stack.pop();
      continue;
    }
    const [type, value, , , children] = frame.spans[frame.next++]!;
    if (type === 'name' || type === '&') {
      // '.' is the current item of a list, not a variable of the caller's
      if (value !== '.' && !frame.inSection) {
        all.add(value);
        required.add(value);
      }
    } else if (type === '#' || type === '^') {
      if (!frame.inSection) all.add(value);
      if (stack.length > MAX_SECTION_NESTING) {
        throw badRequest(`content nests sections more than ${MAX_SECTION_NESTING} deep`);
      }
      // an inverted section renders in the enclosing context: its tags are the caller's
      const repeats = frame.repeats + (type === '#' ? 1 : 0);
      depth = Math.max(depth, repeats);
      stack.push({ spans: children ?? [], next: 0, inSection: frame.inSection || type === '#', repeats });
    }
    // 'text', '!' (comments), '=' (delimiter changes) and '>' (partials: none exist) name no variable
  }
  return { all: [...all], required: [...required], depth };
}

/** mustache's own lookup of a (possibly dotted) name: `a.b` is `values.a.b`. */
function has(values: Record<string, unknown>, name: string): boolean {
  let current: unknown = values;
  for (const part of name.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, part)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return current !== undefined;
}

/** The longest list anywhere in the values, and the length of the values as text. */
function measure(values: unknown): { longestList: number; size: number } {
  let longestList = 1;
  let size = 0;
  const stack: unknown[] = [values];
  while (stack.length) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      longestList = Math.max(longestList, value.length);
      stack.push(...value);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        size += key.length;
        stack.push(item);
      }
    } else {
      size += String(value).length;
    }
  }
  return { longestList, size };
}

export interface RenderOptions {
  /** HTML-escape values ({{name}}); off for text bodies, where `&` must stay `&` */
  escapeHtml: boolean;
  /** what the missing-variable error calls the text, e.g. "template 1234" or "body" */
  what: string;
}

/**
 * Renders `content` with `values`. Every required variable must be given (a 400 naming the
 * missing ones, as MailSlurp refuses a send with unfilled variables), and a render whose
 * worst case (each section repeated by the longest list given) could exceed
 * MAX_RENDERED_LENGTH is refused before it runs.
 */
export function render(content: string, values: Record<string, unknown>, options: RenderOptions): string {
  const vars = variablesOf(content);
  const missing = vars.required.filter((name) => !has(values, name));
  if (missing.length) {
    throw badRequest(`${options.what} needs templateVariables ${missing.map((m) => `'${m}'`).join(', ')}, which were not given`);
  }
  const { longestList, size } = measure(values);
  const worst = (content.length + size) * longestList ** vars.depth;
  if (worst > MAX_RENDERED_LENGTH) {
    throw badRequest(`${options.what} could render to more than ${MAX_RENDERED_LENGTH} characters with these templateVariables (sections repeat over lists)`);
  }
  const escape = options.escapeHtml ? Mustache.escape : (text: string) => text;
  return new Mustache.Writer().render(content, values, undefined, { escape });
}
