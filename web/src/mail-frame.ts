/**
 * The srcdoc of the iframe that shows an email's HTML. Three layers keep hostile mail inert:
 * the iframe's sandbox has neither allow-scripts nor allow-same-origin (no script runs and the
 * document gets an opaque origin, so it can never reach the dashboard or its key); this CSP
 * forbids scripts again and, unless the user allows it, every remote fetch (tracking pixels,
 * remote styles and fonts); and the page's own CSP still applies on top.
 */
export function mailSrcdoc(html: string, allowRemote: boolean): string {
  const remote = allowRemote ? ' https: http:' : '';
  const csp = [
    "default-src 'none'",
    "script-src 'none'",
    `img-src data: cid:${remote}`,
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
