/**
 * Headers of the pages preview links open (an email's HTML and raw message, received or sent).
 * Since a browser opens them without a key, the email's own HTML runs on this server's origin:
 * the CSP sandbox gives the page an opaque origin with scripts off, so mail content can neither
 * run script nor reach anything of the origin (the dashboard's session storage, the API with a
 * cookie, ...). Links still work (popups escape the sandbox so they open normally); `nosniff`
 * keeps the raw message text. API clients reading the body are unaffected.
 */
export const PREVIEW_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': 'sandbox allow-popups allow-popups-to-escape-sandbox',
  'x-content-type-options': 'nosniff',
});
