/**
 * The text of a DMARC aggregate report as analyzeDmarcReport receives it: the XML itself, or
 * base64 of the .xml.gz or .zip file a receiver mails (RFC 7489 §7.2.1.1). Decompression is
 * streamed in small pieces and stopped as soon as the output passes MAX_REPORT_BYTES, so an
 * archive that inflates a thousandfold (a zip bomb) costs at most that much memory and time.
 */
import { Gunzip, Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { AppError, badRequest } from '../../core/errors.js';

/**
 * The largest report XML accepted, compressed or not: a daily report of a few thousand source
 * rows. The XML is parsed on the event loop (about 0.1 s a megabyte on an idle core), so the limit
 * also bounds how long one report holds the server.
 */
export const MAX_REPORT_BYTES = 1024 * 1024;
/** Input is fed to the inflater this much at a time: one piece inflates to at most ~1,000 times its size. */
const PIECE_BYTES = 1024;

const tooLarge = () => badRequest(`reportXml: the report is larger than ${MAX_REPORT_BYTES} bytes once decompressed`);
const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;

/** Collects inflated output, refusing it once it passes the limit. */
class BoundedOutput {
  private readonly parts: Uint8Array[] = [];
  private size = 0;
  add(chunk: Uint8Array): void {
    this.size += chunk.length;
    if (this.size > MAX_REPORT_BYTES) throw tooLarge();
    this.parts.push(chunk);
  }
  text(): string {
    return Buffer.concat(this.parts).toString('utf8');
  }
}

function feed(push: (piece: Uint8Array, final: boolean) => void, bytes: Uint8Array): void {
  if (bytes.length === 0) push(bytes, true);
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
    push(bytes.subarray(at, at + PIECE_BYTES), at + PIECE_BYTES >= bytes.length);
  }
}

function gunzip(bytes: Uint8Array): string {
  const out = new BoundedOutput();
  const stream = new Gunzip((chunk) => out.add(chunk));
  try {
    feed((piece, final) => stream.push(piece, final), bytes);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(`reportXml: the gzip data is damaged (${err instanceof Error ? err.message : String(err)})`);
  }
  return out.text();
}

/** The first .xml file of a zip archive (a report archive holds one). */
function unzip(bytes: Uint8Array): string {
  const out = new BoundedOutput();
  let found = false;
  let done = false;
  let failure: unknown;
  const archive = new Unzip((file) => {
    if (found || !file.name.toLowerCase().endsWith('.xml')) return;
    found = true;
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      try {
        if (err) throw badRequest(`reportXml: ${file.name} in the zip archive is damaged (${err.message})`);
        out.add(chunk);
        if (final) done = true;
      } catch (e) {
        failure = e;
        file.terminate();
      }
    };
    file.start();
  });
  archive.register(UnzipInflate);
  archive.register(UnzipPassThrough);
  try {
    feed((piece, final) => {
      if (!failure) archive.push(piece, final);
    }, bytes);
  } catch (err) {
    throw badRequest(`reportXml: the zip archive is damaged (${err instanceof Error ? err.message : String(err)})`);
  }
  if (failure) throw failure;
  if (!found) throw badRequest('reportXml: the zip archive holds no .xml file');
  if (!done) throw badRequest('reportXml: the .xml file in the zip archive is truncated or uses an unsupported compression');
  return out.text();
}

/** The report's XML, from XML text or base64 of gzip, zip or XML. */
export function reportXmlOf(input: string): string {
  const text = input.replace(/^\uFEFF/, '').trim();
  if (text === '') throw badRequest('reportXml: empty');
  if (text.startsWith('<')) {
    if (Buffer.byteLength(text) > MAX_REPORT_BYTES) throw tooLarge();
    return text;
  }
  if (!BASE64.test(text)) throw badRequest('reportXml: neither XML nor base64 of a .xml, .xml.gz or .zip report file');
  const bytes = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return gunzip(bytes);
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return unzip(bytes);
  const decoded = bytes.toString('utf8').replace(/^\uFEFF/, '').trim();
  if (decoded.startsWith('<')) return decoded;
  throw badRequest('reportXml: the base64 data is neither gzip, zip nor XML');
}
