import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../shared/schemas.js';

/** The largest viewport side in CSS pixels, and the largest picture in device pixels (16 megapixels, about 64 MB raw). */
export const MAX_VIEWPORT_SIDE = 4096;
export const MAX_SCREENSHOT_PIXELS = 16 * 1024 * 1024;

const Side = (what: string) => Nullable(Type.Integer({ minimum: 1, maximum: MAX_VIEWPORT_SIDE, description: `${what} in CSS pixels` }));

/**
 * The client's model (width, height) with Pigeonhole's own optional fields: the client sends
 * only the first two, so every other field keeps the default a mail client has.
 */
export const GetEmailScreenshotOptions = Type.Object({
  width: Type.Optional(Side('Window width; 1024 when absent')),
  height: Type.Optional(Side('Window height; 768 when absent')),
  deviceScaleFactor: Type.Optional(Nullable(Type.Number({ minimum: 1, maximum: 4, description: "Pigeonhole's own: device pixel ratio (the PNG is width × ratio pixels wide); 1 when absent" }))),
  colorScheme: Type.Optional(Nullable(StringEnum(['light', 'dark'] as const, { description: "Pigeonhole's own: what the email's @media (prefers-color-scheme) sees; light when absent" }))),
  userAgent: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 512, pattern: '^[\\x20-\\x7e]+$', description: "Pigeonhole's own: the browser's User-Agent; Chromium's own when absent" }))),
  loadRemoteContent: Type.Optional(Nullable(Type.Boolean({ description: "Pigeonhole's own: load the email's http(s) images, styles and fonts (fetched by this server under its webhook target policy); false when absent, as mail clients block remote content by default" }))),
}, { $id: 'GetEmailScreenshotOptions' });

export const EmailScreenshotResult = Type.Object({
  base64EncodedImage: Type.String({ description: 'the PNG, base64-encoded' }),
}, { $id: 'EmailScreenshotResult' });

export const EmailSignature = Type.Object({
  body: Type.String({ description: 'Extracted signature text' }),
  source: Type.String({ description: 'Where it was found: RAW_TEXT_PART (the text body), RAW_HTML_SELECTOR (a signature element of the HTML body) or HTML_TEXT (the visible text of the HTML body)' }),
  marker: Type.Optional(Nullable(Type.String({ description: 'The delimiter line, sign-off or CSS selector that identified the signature' }))),
  detectionType: Type.String({ description: 'DELIMITER, MOBILE_FOOTER, VALEDICTION or HTML_SELECTOR' }),
}, { $id: 'EmailSignature' });

export const EmailSignatureParseResult = Type.Object({
  present: Type.Boolean({ description: 'True when a signature block was detected' }),
  signature: Type.Optional(Nullable(Type.Ref(EmailSignature))),
}, { $id: 'EmailSignatureParseResult' });

export const GravatarUrl = Type.Object({
  url: Type.String(),
  hash: Type.String({ description: 'SHA-256 of the trimmed, lower-cased address, in hex (Gravatar\'s documented hash)' }),
}, { $id: 'GravatarUrl' });

export const renderModelSchemas = [GetEmailScreenshotOptions, EmailScreenshotResult, EmailSignature, EmailSignatureParseResult, GravatarUrl];
