/**
 * Accessibility findings of an email's HTML, read from the markup alone (cheerio over parse5,
 * with source positions). What a static reading can decide, and nothing that needs a renderer:
 *  - img-alt: an <img> without an alt attribute (alt="" marks a decorative image and passes,
 *    as do role="presentation"/"none", aria-hidden="true" and aria-label/aria-labelledby);
 *  - html-lang: no lang on <html> (or no <html> at all: a fragment leaves the language unset);
 *  - document-title: no <title> with text;
 *  - color-contrast: text whose foreground and background colours are both given inline (style
 *    color/background(-color), or the bgcolor and <font color> attributes, on the element or an
 *    ancestor) with a WCAG 2 contrast ratio under 4.5:1 (3:1 for large text: 24px, or 18.66px
 *    bold). Colours set by a <style> sheet, a background image or a translucent background are not
 *    measured: without a renderer their result is unknown, so no finding is made;
 *  - link-text: a link whose text says nothing of its target ("click here", "here", "read more", ...);
 *  - link-name: a link with no text, label or image alt at all;
 *  - layout-table: a <table> without role="presentation" (or "none") that has no <th> and no
 *    <caption>, which screen readers then announce as a data table.
 * Runs on the mail worker threads (html-tasks.ts), where cheerio is loaded at the thread's start.
 */
import type { CheerioAPI } from 'cheerio';
import { loadHtml } from '../email/cheerio-on-demand.js';
import type { AnyNode, Element } from 'domhandler';

export type AccessibilitySeverity = 'Error' | 'Warning';

export interface AccessibilityFinding {
  ruleId: AccessibilityRule;
  severity: AccessibilitySeverity;
  message: string;
  /** the element's start tag as written (whitespace collapsed, at most 120 characters), or `<html>` for the document */
  where: string;
  /** 1-based line of the element in the HTML; null for what is missing from the document */
  line: number | null;
}

export const ACCESSIBILITY_RULES = ['img-alt', 'html-lang', 'document-title', 'color-contrast', 'link-text', 'link-name', 'layout-table'] as const;
export type AccessibilityRule = (typeof ACCESSIBILITY_RULES)[number];

const VAGUE_LINK_TEXT = new Set(['click here', 'here', 'read more', 'more', 'click', 'learn more', 'this link', 'link', 'click this link', 'go', 'this']);
const SNIPPET_LENGTH = 120;

export function checkAccessibility(html: string): AccessibilityFinding[] {
  const $ = loadHtml(html, { sourceCodeLocationInfo: true });
  const findings: AccessibilityFinding[] = [];
  const at = (element: Element) => ({ where: startTag(html, element), line: element.sourceCodeLocation?.startLine ?? null });

  const root = $('html').get(0);
  const written = root?.sourceCodeLocation != null;
  if (!written || !($(root!).attr('lang') ?? '').trim()) {
    findings.push({
      ruleId: 'html-lang', severity: 'Warning', where: written ? startTag(html, root!) : '<html>', line: written ? root!.sourceCodeLocation!.startLine : null,
      message: written ? 'the <html> element has no lang attribute: screen readers cannot tell which language to read the email in'
        : 'the HTML has no <html> element with a lang attribute: screen readers cannot tell which language to read the email in',
    });
  }
  if (!$('title').toArray().some((t) => $(t).text().trim())) {
    findings.push({ ruleId: 'document-title', severity: 'Warning', where: '<head>', line: null, message: 'the document has no <title> with text: it is what a screen reader announces when the email opens in a browser or webmail view' });
  }

  for (const img of $('img').toArray()) {
    const $img = $(img);
    if ($img.attr('alt') !== undefined) continue;
    const role = ($img.attr('role') ?? '').toLowerCase();
    if (role === 'presentation' || role === 'none' || $img.attr('aria-hidden') === 'true') continue;
    if (($img.attr('aria-label') ?? '').trim() || ($img.attr('aria-labelledby') ?? '').trim()) continue;
    findings.push({ ruleId: 'img-alt', severity: 'Error', message: 'image has no alt attribute (alt="" marks a decorative image)', ...at(img) });
  }

  for (const link of $('a[href]').toArray()) {
    const $link = $(link);
    const label = ($link.attr('aria-label') ?? '').trim();
    const text = $link.text().replace(/\s+/g, ' ').trim();
    const imageAlt = $link.find('img[alt]').toArray().map((i) => ($(i).attr('alt') ?? '').trim()).join(' ').trim();
    const name = label || text || imageAlt || ($link.attr('title') ?? '').trim();
    if (!name) {
      findings.push({ ruleId: 'link-name', severity: 'Error', message: 'link has no text, aria-label, title or image alt: screen readers read out its URL', ...at(link) });
      continue;
    }
    const spoken = name.toLowerCase().replace(/[\s.!?:…»›→>]+$/u, '').trim();
    if (VAGUE_LINK_TEXT.has(spoken)) {
      findings.push({ ruleId: 'link-text', severity: 'Warning', message: `link text "${name}" does not say where the link goes`, ...at(link) });
    }
  }

  for (const table of $('table').toArray()) {
    const $table = $(table);
    const role = ($table.attr('role') ?? '').toLowerCase();
    if (role === 'presentation' || role === 'none') continue;
    if ($table.find('th').length > 0 || $table.children('caption').length > 0) continue;
    findings.push({ ruleId: 'layout-table', severity: 'Warning', message: 'table has no <th> or <caption> and no role="presentation": a layout table is announced as a data table', ...at(table) });
  }

  findings.push(...contrastFindings($, html));
  return findings;
}

/** One finding per pair of elements giving the colours (the first text under them names it). */
function contrastFindings($: CheerioAPI, html: string): AccessibilityFinding[] {
  const findings: AccessibilityFinding[] = [];
  const judged = new Set<string>();
  const sources = new Map<AnyNode, number>();
  const idOf = (node: AnyNode) => {
    if (!sources.has(node)) sources.set(node, sources.size);
    return sources.get(node)!;
  };
  for (const element of $('body *, body').toArray()) {
    const ownText = element.children.some((c) => c.type === 'text' && c.data.trim() !== '');
    if (!ownText) continue;
    const fg = inherited(element, foregroundOf);
    const bg = inherited(element, backgroundOf);
    if (!fg || !bg) continue;
    const key = `${idOf(fg.from)}:${idOf(bg.from)}`;
    if (judged.has(key)) continue;
    judged.add(key);
    if (bg.value === 'unmeasurable' || fg.value === 'unmeasurable' || bg.value.a < 1) continue;
    const ratio = contrastRatio(blend(fg.value, bg.value), bg.value);
    const large = isLargeText(element);
    const needed = large ? 3 : 4.5;
    if (ratio >= needed) continue;
    findings.push({
      ruleId: 'color-contrast', severity: 'Error', where: startTag(html, element), line: element.sourceCodeLocation?.startLine ?? null,
      message: `text contrast ${ratio.toFixed(2)}:1 is under ${needed}:1 (WCAG 2 AA for ${large ? 'large' : 'normal'} text): `
        + `${hex(fg.value)} on ${hex(bg.value)}`,
    });
  }
  return findings;
}

interface Rgba { r: number; g: number; b: number; a: number }
type ColourValue = Rgba | 'unmeasurable';

/** The nearest element, itself first, for which `read` gives a value. */
function inherited(element: Element, read: (e: Element) => ColourValue | undefined): { value: ColourValue; from: Element } | undefined {
  for (let node: AnyNode | null = element; node && node.type === 'tag'; node = node.parent) {
    const value = read(node as Element);
    if (value !== undefined) return { value, from: node as Element };
  }
  return undefined;
}

function foregroundOf(element: Element): ColourValue | undefined {
  const style = inlineStyle(element);
  const declared = style.get('color') ?? (element.name === 'font' ? element.attribs.color : undefined);
  if (declared === undefined) return undefined;
  return parseColour(declared) ?? 'unmeasurable';
}

function backgroundOf(element: Element): ColourValue | undefined {
  const style = inlineStyle(element);
  const shorthand = style.get('background');
  // text over a background image has no colour to measure against
  if (style.get('background-image')?.includes('url(') || shorthand?.includes('url(')) return 'unmeasurable';
  const declared = style.get('background-color') ?? shorthandColour(shorthand) ?? element.attribs.bgcolor;
  if (declared === undefined) return undefined;
  return parseColour(declared) ?? 'unmeasurable';
}

function shorthandColour(shorthand: string | undefined): string | undefined {
  if (shorthand === undefined) return undefined;
  const tokens = shorthand.match(/rgba?\([^)]*\)|#[0-9a-f]+|[a-z]+/gi) ?? [];
  return tokens.find((t) => parseColour(t) !== undefined);
}

function inlineStyle(element: Element): Map<string, string> {
  const style = new Map<string, string>();
  for (const declaration of (element.attribs.style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    style.set(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).replace(/!important/i, '').trim().toLowerCase());
  }
  return style;
}

function isLargeText(element: Element): boolean {
  let px: number | undefined;
  let bold = false;
  for (let node: AnyNode | null = element; node && node.type === 'tag'; node = node.parent) {
    const e = node as Element;
    const style = inlineStyle(e);
    const size = style.get('font-size');
    if (px === undefined && size) {
      const m = /^([\d.]+)(px|pt)$/.exec(size);
      if (m) px = Number(m[1]) * (m[2] === 'pt' ? 4 / 3 : 1);
    }
    const weight = style.get('font-weight');
    if (weight === 'bold' || weight === 'bolder' || Number(weight) >= 700 || ['b', 'strong', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th'].includes(e.name)) bold = true;
  }
  return px !== undefined && (px >= 24 || (bold && px >= 18.66));
}

/** The CSS basic colour keywords (CSS Color 4 §6.1) and transparent; other names go unmeasured. */
const NAMED: Record<string, string> = {
  black: '#000000', silver: '#c0c0c0', gray: '#808080', grey: '#808080', white: '#ffffff', maroon: '#800000', red: '#ff0000',
  purple: '#800080', fuchsia: '#ff00ff', green: '#008000', lime: '#00ff00', olive: '#808000', yellow: '#ffff00',
  navy: '#000080', blue: '#0000ff', teal: '#008080', aqua: '#00ffff', orange: '#ffa500', transparent: '#00000000',
};

export function parseColour(input: string): Rgba | undefined {
  const value = input.trim().toLowerCase();
  const named = NAMED[value];
  if (named) return parseColour(named);
  const hexMatch = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value);
  if (hexMatch) {
    let digits = hexMatch[1]!;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const n = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: digits.length === 8 ? n(6) / 255 : 1 };
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(value);
  if (fn) {
    const parts = fn[1]!.split(/[\s,/]+/).filter(Boolean);
    if (parts.length !== 3 && parts.length !== 4) return undefined;
    const channel = (p: string) => (p.endsWith('%') ? Number(p.slice(0, -1)) * 2.55 : Number(p));
    const [r, g, b] = parts.slice(0, 3).map(channel) as [number, number, number];
    const a = parts[3] === undefined ? 1 : parts[3].endsWith('%') ? Number(parts[3].slice(0, -1)) / 100 : Number(parts[3]);
    if (![r, g, b, a].every(Number.isFinite)) return undefined;
    const clamp = (x: number, max: number) => Math.min(max, Math.max(0, x));
    return { r: clamp(r, 255), g: clamp(g, 255), b: clamp(b, 255), a: clamp(a, 1) };
  }
  return undefined;
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(c: Rgba): number {
  const linear = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A translucent foreground as it shows over an opaque background. */
function blend(fg: Rgba, bg: Rgba): Rgba {
  const mix = (f: number, b: number) => f * fg.a + b * (1 - fg.a);
  return { r: mix(fg.r, bg.r), g: mix(fg.g, bg.g), b: mix(fg.b, bg.b), a: 1 };
}

const hex = (c: Rgba) => `#${[c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function startTag(html: string, element: Element): string {
  const location = element.sourceCodeLocation?.startTag;
  const text = location ? html.slice(location.startOffset, location.endOffset) : `<${element.name}>`;
  const collapsed = text.replace(/\s+/g, ' ');
  return collapsed.length > SNIPPET_LENGTH ? `${collapsed.slice(0, SNIPPET_LENGTH - 1)}…` : collapsed;
}
