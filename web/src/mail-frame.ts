/**
 * The srcdoc of the iframe that shows an email's HTML. Three layers keep hostile mail inert:
 * the iframe's sandbox has neither allow-scripts nor allow-same-origin (no script runs and the
 * document gets an opaque origin, so it can never reach the dashboard or its key); this CSP
 * forbids scripts again and, unless the user allows it, every remote fetch (tracking pixels,
 * remote styles and fonts); and the page's own CSP still applies on top. Inline `cid:` images
 * are rewritten (inlineImages) to the API's getEmailInlinePart route with the email's preview
 * token, the only images allowed besides data: unless remote content is unblocked.
 */
export function mailSrcdoc(html: string, allowRemote: boolean, inlineBase?: string): string {
  const remote = allowRemote ? ' https: http:' : '';
  // Inline (cid:) images come from the API's inline-part route of this one email, nothing else.
  const inline = inlineBase ? ` ${inlineBase}` : '';
  const csp = [
    "default-src 'none'",
    "script-src 'none'",
    `img-src data:${inline}${remote}`,
    `style-src 'unsafe-inline'${remote}`,
    `font-src data:${remote}`,
    `media-src data:${remote}`,
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  // Links open outside the sandboxed frame, in a new tab without access to this one.
  const head = `<meta http-equiv="Content-Security-Policy" content="${csp}"><base target="_blank"><meta name="referrer" content="no-referrer">`;
  return `<!doctype html><html><head>${head}</head><body>${html}</body></html>`;
}

/** A text/plain body shown in the same frame keeps its line breaks and escapes everything. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Where the inline parts of an email are served (a CSP source: this prefix only). */
export function inlineBaseOf(origin: string, emailId: string): string {
  return `${origin}/emails/${emailId}/inline/`;
}

/**
 * The HTML with each `cid:` reference pointing at the inline-part route, authorised by the
 * email's preview token (an image request from the sandboxed frame cannot send x-api-key).
 */
export function inlineImages(html: string, base: string, token: string): string {
  return html.replace(/cid:([^\s"'()<>]+)/gi, (_whole, id: string) => {
    let cid = id;
    try {
      cid = decodeURIComponent(id);
    } catch {
      /* kept as written */
    }
    cid = cid.trim().replace(/^<|>$/g, '');
    return `${base}${encodeURIComponent(cid)}?token=${encodeURIComponent(token)}`;
  });
}
