import type { ConfigData } from 'html-validate';

/**
 * html-validate's configuration for email HTML. It starts from the `html-validate:standard`
 * preset (conformance to the HTML standard, no style rules) and then:
 *
 * Kept as errors, because they are real defects a client renders differently from what the
 * author meant: close-order (stray, misnested, unclosed tags), close-attr, no-dup-attr,
 * attr-spacing, no-dup-id, valid-id, element-permitted-content/-parent/-occurrences/-order,
 * element-required-ancestor/-content/-attributes, void-content, attribute-allowed-values,
 * attribute-misuse, doctype-html, element-name, map-dup-name, plus no-self-closing for non-void
 * HTML elements (`<div/>` opens a div that is never closed; SVG and MathML may self-close).
 *
 * Warnings (they do not make the body invalid): the accessibility rules (wcag/h30 link text,
 * wcag/h37 img alt, wcag/h36, h32, h63, h67, h71, area-alt, empty-heading, empty-title), obsolete
 * elements other than the two every email builder emits (deprecated), and a missing
 * DOCTYPE on a whole document (quirks mode); html-validation.ts drops the latter for a fragment.
 *
 * Off, because email legitimately does it: presentational attributes (bgcolor, align, valign,
 * width, height, border, cellpadding, cellspacing, background: no-deprecated-attr), <center>
 * and <font>, inline styles (no-inline-style), layout tables and role="presentation"
 * (prefer-native-element), Outlook conditional comments (no-conditional-comment), optional end
 * tags left out (no-implicit-close), remote resources without integrity hashes (require-sri),
 * and the style rules (no-trailing-whitespace, attr-quotes, attr-case, void-style, ...) that say
 * nothing about how a client renders. `lang` on <html> is not required (html-validate requires it;
 * the HTML standard does not), nor <head> and <body> tags (the parser implies them), and <style>
 * may stand in <body> (webmail that drops <head> keeps it there).
 *
 * Off, because html-validation.ts reports the same thing exactly as the WHATWG tokenizer does
 * (parse5): no-raw-characters (it also flags "<" in <title> and ">" in text, which are fine) and
 * unrecognized-char-ref (it also flags "&utm_source=" in text, which is fine).
 */
export const EMAIL_HTML_CONFIG: ConfigData = {
  root: true,
  extends: ['html-validate:standard'],
  elements: [
    'html5',
    {
      // The parser implies <head> and <body> when their tags are left out, as many mailers do.
      html: { permittedContent: ['head?', 'body?', '@flow'], requiredContent: [], attributes: { lang: { required: false } } },
      // Webmail that drops <head> keeps a <style> in <body>, so templates put it there.
      style: { flow: true },
      center: { flow: true, permittedContent: ['@flow'] },
      font: { flow: true, phrasing: true, permittedContent: ['@flow'] },
    },
  ],
  rules: {
    'no-self-closing': ['error', { ignoreForeign: true, ignoreXML: true }],
    // Outlook's Word HTML writes <o:p>; prefixed names are accepted beside custom elements.
    'element-name': ['error', { pattern: '^([a-z][a-z0-9\\-._]*-[a-z0-9\\-._]*|[a-z]+:[a-z][a-z0-9\\-._]*)$' }],
    deprecated: ['warn', { exclude: ['center', 'font'] }],
    'missing-doctype': 'warn',
    'area-alt': ['warn', { accessible: true }],
    'empty-heading': 'warn',
    'empty-title': 'warn',
    'wcag/h30': 'warn',
    'wcag/h32': 'warn',
    'wcag/h36': 'warn',
    'wcag/h37': 'warn',
    'wcag/h63': 'warn',
    'wcag/h67': 'warn',
    'wcag/h71': 'warn',
    'no-deprecated-attr': 'off',
    'no-raw-characters': 'off',
    'unrecognized-char-ref': 'off',
    'no-inline-style': 'off',
    'prefer-native-element': 'off',
    'no-conditional-comment': 'off',
    'no-implicit-close': 'off',
    'require-sri': 'off',
    'no-trailing-whitespace': 'off',
  },
};
