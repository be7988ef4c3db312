import { createHash } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { badRequest, notFound, tooLarge } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type {
  AttachmentFilter, AttachmentListing, AttachmentRecord, AttachmentRepository, SentEmailRepository, Slice,
} from '../../storage/ports.js';
import { decodeCharset, isTextual } from '../email/content.js';
import { HtmlWork } from '../email/html-work.js';
import { detectContentType, extensionFor, mediaTypeOf, sniffType } from './content-type.js';

export const DEFAULT_MAX_ATTACHMENT_SIZE = 26_214_400;
export const MAX_ATTACHMENT_SIZE_SETTING = 'PIGEONHOLE_MAX_ATTACHMENT_SIZE';
const MAX_NAME_LENGTH = 255;

export interface UploadInput {
  content: Buffer;
  filename?: string | null;
  /** the caller's contentType option(s), taken as given, first set one wins */
  contentType?: Array<string | null | undefined>;
  /** what the transport declared (multipart part, request Content-Type): used unless generic */
  declaredType?: Array<string | null | undefined>;
  contentId?: string | null;
}

export type ExtractMethod = 'AUTO' | 'NATIVE' | 'OCR' | 'LLM' | 'OCR_THEN_LLM';

export interface ExtractTextOptions {
  method?: ExtractMethod;
  allowFallback?: boolean;
  maxBytes?: number | null;
}

export interface ExtractTextResult {
  present: boolean;
  text: string | null;
  methodUsed: ExtractMethod;
  contentType: string | null;
  warnings: string[];
}

/**
 * Files for sending (uploads) and the attachments of received emails, as one collection
 * per tenant: list, read, download, delete, and read text out of text-like ones.
 */
export class AttachmentService {
  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly clock: Clock,
    /** largest attachment accepted, in bytes */
    readonly maxSize: number = DEFAULT_MAX_ATTACHMENT_SIZE,
    /** sent emails, whose receipts list the attachment ids they carried */
    private readonly sent?: Pick<SentEmailRepository, 'findById'>,
    /** HTML to text off the event loop, within the parse budget; in-process when not given */
    private readonly htmlWork: HtmlWork = new HtmlWork(),
  ) {}

  /** The refusal for a file over the limit, naming the limit and the setting that raises it. */
  tooLargeError(size?: number): Error {
    const what = size === undefined ? 'The attachment is larger than' : `The attachment is ${size} bytes, more than`;
    return tooLarge(`${what} the limit of ${this.maxSize} bytes (${describeBytes(this.maxSize)}); the server's ${MAX_ATTACHMENT_SIZE_SETTING} sets it`);
  }

  async upload(tenantId: string, input: UploadInput): Promise<AttachmentRecord> {
    const { content } = input;
    if (content.length === 0) throw badRequest('The attachment is empty: send the file contents');
    if (content.length > this.maxSize) throw this.tooLargeError(content.length);
    const filename = cleanFilename(input.filename);
    const contentType = detectContentType({
      explicit: input.contentType,
      declared: input.declaredType,
      filename,
      content,
    });
    const record: AttachmentRecord = {
      id: newId(),
      tenantId,
      emailId: null,
      name: filename ?? defaultName(contentType),
      contentType,
      size: content.length,
      contentId: input.contentId?.trim() || null,
      sha256: createHash('sha256').update(content).digest('hex'),
      createdAt: this.clock.now(),
    };
    await this.attachments.create(record, content);
    return record;
  }

  /** uploadAttachment: base64 (or a data: URL) in JSON. */
  uploadBase64(tenantId: string, input: Omit<UploadInput, 'content'> & { base64Contents: string }): Promise<AttachmentRecord> {
    const { base64, mediaType } = splitDataUrl(input.base64Contents);
    // Checked before decoding, so an oversized upload costs no second copy.
    if (Math.floor((base64.length * 3) / 4) - 2 > this.maxSize) throw this.tooLargeError();
    if (!/^[A-Za-z0-9+/\-_]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
      throw badRequest('base64Contents is not valid base64: encode the file bytes with standard base64');
    }
    return this.upload(tenantId, {
      ...input,
      content: Buffer.from(base64, 'base64'), // also reads the URL-safe alphabet
      declaredType: [mediaType, ...(input.declaredType ?? [])],
    });
  }

  async page(
    tenantId: string,
    filter: AttachmentFilter & { sentEmailId?: string },
    input: { page?: number; size?: number; sort?: SortDirection },
  ): Promise<{ slice: Slice<AttachmentListing>; request: PageRequest }> {
    const request = pageRequest(input);
    return { slice: await this.attachments.page(tenantId, await this.withSentEmail(tenantId, filter), request), request };
  }

  /** sentEmailId narrows to the attachments that sent email carried (and include, if given). */
  private async withSentEmail(tenantId: string, filter: AttachmentFilter & { sentEmailId?: string }): Promise<AttachmentFilter> {
    const { sentEmailId, ...rest } = filter;
    if (!sentEmailId) return rest;
    const sent = await this.sent?.findById(tenantId, sentEmailId);
    if (!sent) throw notFound(`No sent email ${sentEmailId}`);
    const carried = sent.attachmentIds;
    return { ...rest, ids: rest.ids ? rest.ids.filter((id) => carried.includes(id)) : carried };
  }

  async get(tenantId: string, id: string): Promise<AttachmentListing> {
    const found = await this.attachments.findById(tenantId, id);
    if (!found) throw notFound(`No attachment ${id}`);
    return found;
  }

  async content(tenantId: string, id: string): Promise<{ record: AttachmentRecord; content: Buffer }> {
    const found = await this.attachments.withContent(tenantId, id);
    if (!found) throw notFound(`No attachment ${id}`);
    return found;
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if ((await this.attachments.deleteWhere(tenantId, { id })).length === 0) throw notFound(`No attachment ${id}`);
  }

  async deleteAll(tenantId: string): Promise<void> {
    await this.attachments.deleteWhere(tenantId, {});
  }

  /**
   * NATIVE text of a text-like attachment (text/*, JSON, XML, ...; HTML as its visible
   * text), decoded in its declared charset. OCR and LLM do not exist here: refused, or
   * NATIVE with a warning when allowFallback is set.
   */
  async extractText(tenantId: string, id: string, options: ExtractTextOptions = {}): Promise<ExtractTextResult> {
    const { record, content } = await this.content(tenantId, id);
    const warnings: string[] = [];
    const requested = options.method ?? 'AUTO';
    if (requested !== 'AUTO' && requested !== 'NATIVE') {
      if (!options.allowFallback) {
        throw badRequest(`method ${requested} is not available on this server: use NATIVE or AUTO, or set allowFallback to use NATIVE instead`);
      }
      warnings.push(`method ${requested} is not available on this server; NATIVE was used instead`);
    }
    let bytes = content;
    if (options.maxBytes && content.length > options.maxBytes) {
      bytes = content.subarray(0, options.maxBytes);
      warnings.push(`only the first ${options.maxBytes} of ${content.length} bytes were read (maxBytes)`);
    }
    const declared = mediaTypeOf(record.contentType);
    // A generic declared type gets a second look at the bytes: text is text whatever its label.
    const effective = isTextual(declared) ? declared : (declared === 'application/octet-stream' ? sniffType(content) : undefined);
    if (!effective || !isTextual(effective)) {
      warnings.push(`${record.contentType} is not a text-like type; NATIVE extraction here reads text, HTML, CSV, JSON, XML and similar files only`);
      return { present: false, text: null, methodUsed: 'NATIVE', contentType: record.contentType, warnings };
    }
    const charset = /;\s*charset="?([^";]+)"?/i.exec(record.contentType)?.[1];
    let text = decodeCharset(bytes, charset).replace(/^\uFEFF/, '');
    if (effective === 'text/html' || effective === 'application/xhtml+xml') text = await this.htmlWork.text(text);
    return { present: text.trim().length > 0, text, methodUsed: 'NATIVE', contentType: record.contentType, warnings };
  }
}

/** "data:image/png;base64,AAAA" → its base64 and media type; plain base64 passes through (whitespace removed). */
function splitDataUrl(value: string): { base64: string; mediaType?: string } {
  const match = /^data:([^;,]*)(?:;[^,]*)?;base64,/i.exec(value.trimStart());
  const base64 = (match ? value.trimStart().slice(match[0].length) : value).replace(/\s+/g, '');
  return { base64, mediaType: match?.[1] || undefined };
}

/** The last path segment (browsers send "C:\fakepath\x.png"), control characters removed, at most 255 characters. */
function cleanFilename(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const base = value.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_NAME_LENGTH);
  return clean === '' || clean === '.' || clean === '..' ? undefined : clean;
}

function defaultName(contentType: string): string {
  const ext = extensionFor(contentType);
  return ext ? `attachment.${ext}` : 'attachment';
}

function describeBytes(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
