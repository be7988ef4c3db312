/**
 * Content type of an uploaded file: the one the caller gives, else the file name's
 * extension, else the first bytes (magic numbers), else text/plain for valid UTF-8 text,
 * else application/octet-stream. A small table rather than a dependency: `file-type`
 * needs Node 22, and the common types are all an email test needs.
 */

/** Extension (lower case, no dot) → content type. */
const BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain', text: 'text/plain', log: 'text/plain', md: 'text/markdown', csv: 'text/csv', tsv: 'text/tab-separated-values',
  html: 'text/html', htm: 'text/html', css: 'text/css', js: 'text/javascript', mjs: 'text/javascript',
  json: 'application/json', xml: 'application/xml', yaml: 'application/yaml', yml: 'application/yaml',
  ics: 'text/calendar', vcf: 'text/vcard', eml: 'message/rfc822', rtf: 'application/rtf',
  pdf: 'application/pdf', ps: 'application/postscript',
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml',
  bmp: 'image/bmp', ico: 'image/vnd.microsoft.icon', tif: 'image/tiff', tiff: 'image/tiff', avif: 'image/avif', heic: 'image/heic',
  zip: 'application/zip', gz: 'application/gzip', tgz: 'application/gzip', tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed', rar: 'application/vnd.rar', bin: 'application/octet-stream',
  doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text', ods: 'application/vnd.oasis.opendocument.spreadsheet',
  mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', m4a: 'audio/mp4', mp4: 'video/mp4', mov: 'video/quicktime',
  webm: 'video/webm', wasm: 'application/wasm',
};

/** Content type → the extension a generated file name gets. */
const EXTENSION_OF: Record<string, string> = Object.fromEntries(
  Object.entries(BY_EXTENSION).reverse().map(([ext, type]) => [type, ext]),
);
Object.assign(EXTENSION_OF, { 'text/plain': 'txt', 'text/html': 'html', 'image/jpeg': 'jpg', 'application/yaml': 'yaml', 'image/tiff': 'tif', 'application/gzip': 'gz' });

const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

/** "Image/PNG; name=x" → "image/png". */
export const mediaTypeOf = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();

/** A declared type that says nothing (octet-stream, empty) does not count as given. */
export const isGenericType = (contentType: string | null | undefined): boolean => GENERIC.has(mediaTypeOf(contentType ?? ''));

export function typeFromFilename(filename: string | null | undefined): string | undefined {
  const match = /\.([A-Za-z0-9]+)$/.exec(filename ?? '');
  return match ? BY_EXTENSION[match[1]!.toLowerCase()] : undefined;
}

export const extensionFor = (contentType: string): string | undefined => EXTENSION_OF[mediaTypeOf(contentType)];

const startsWith = (bytes: Buffer, signature: number[] | string, offset = 0): boolean => {
  const sig = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return bytes.length >= offset + sig.length && bytes.subarray(offset, offset + sig.length).equals(sig);
};

/** Magic numbers of the common types; undefined when none matches. */
export function sniffType(bytes: Buffer): string | undefined {
  if (startsWith(bytes, '%PDF-')) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'image/gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'image/webp';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WAVE', 8)) return 'audio/wav';
  if (startsWith(bytes, 'BM') && bytes.length >= 26) return 'image/bmp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 22) return 'image/vnd.microsoft.icon';
  if (startsWith(bytes, 'ftyp', 4)) {
    const brand = bytes.subarray(8, 12).toString('latin1');
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (brand.startsWith('hei') || brand === 'mif1') return 'image/heic';
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('M4A')) return 'audio/mp4';
    return 'video/mp4';
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'application/zip';
  if (startsWith(bytes, [0x1f, 0x8b])) return 'application/gzip';
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return 'application/x-7z-compressed';
  if (startsWith(bytes, 'Rar!\x1a\x07')) return 'application/vnd.rar';
  if (startsWith(bytes, 'ustar', 257)) return 'application/x-tar';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/x-ole-storage';
  if (startsWith(bytes, 'ID3') || startsWith(bytes, [0xff, 0xfb])) return 'audio/mpeg';
  if (startsWith(bytes, 'OggS')) return 'audio/ogg';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (startsWith(bytes, [0x00, 0x61, 0x73, 0x6d])) return 'application/wasm';
  if (startsWith(bytes, '{\\rtf')) return 'application/rtf';
  if (startsWith(bytes, '%!PS')) return 'application/postscript';
  const head = bytes.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'text/html';
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'image/svg+xml';
  if (head.startsWith('<?xml')) return 'application/xml';
  if (isUtf8Text(bytes)) return 'text/plain';
  return undefined;
}

/** Valid UTF-8 without control characters other than tab, newlines and form feed. */
function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  const sample = bytes.subarray(0, 4096);
  let text: string;
  try {
    // A sample cut inside a multi-byte character is still text: drop the partial tail.
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample.length < bytes.length ? trimPartial(sample) : sample);
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

function trimPartial(sample: Buffer): Buffer {
  let end = sample.length;
  // Step back over continuation bytes, then over the lead byte that started them.
  while (end > 0 && end > sample.length - 4 && (sample[end - 1]! & 0xc0) === 0x80) end--;
  if (end > 0 && sample[end - 1]! >= 0xc0) end--;
  return sample.subarray(0, end);
}

/**
 * `explicit` (the caller's contentType option) is taken as given; `declared` (what the
 * transport says: a multipart part's or the request's Content-Type) only when it says more
 * than octet-stream. Then the file name's extension, then the magic bytes.
 */
export function detectContentType(input: {
  explicit?: Array<string | null | undefined>;
  declared?: Array<string | null | undefined>;
  filename?: string | null;
  content: Buffer;
}): string {
  const explicit = input.explicit?.find((t) => t && t.trim() !== '');
  if (explicit) return explicit.trim();
  const declared = input.declared?.find((t) => t && !isGenericType(t));
  if (declared) return declared.trim();
  return typeFromFilename(input.filename) ?? sniffType(input.content) ?? 'application/octet-stream';
}
