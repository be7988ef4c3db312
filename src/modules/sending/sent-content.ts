import { createHash } from 'node:crypto';
import type { ParsedMessage } from '../email/parse.js';
import { displayBody } from '../email/display-body.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * getSentEmailHTMLContent: the body as sent, read back from the raw message (receipts keep no
 * body): the HTML part, else the text part, as getEmailHTML answers for received mail. MIME
 * ends a body with a line break the sender may not have given; the receipt's MD5 of the body
 * as given tells whether to drop it, so an API send reads back exactly as it was sent.
 */
export async function sentDisplayBody(raw: Buffer, bodyMd5: string, parse: (raw: Buffer) => Promise<ParsedMessage>): Promise<string> {
  const body = displayBody(await parse(raw)) ?? '';
  if (md5(body) === bodyMd5) return body;
  const unterminated = body.replace(/\r?\n$/, '');
  return unterminated !== body && md5(unterminated) === bodyMd5 ? unterminated : body;
}

/** getSentEmailPreviewURLs: where this server serves the sent message raw and as HTML (the operation adds the preview token). */
export function sentPreviewUrls(sentId: string, origin: string): { rawSmtpMessageUrl: string; plainHtmlBodyUrl: string; origin: string } {
  const base = origin.replace(/\/+$/, '');
  const id = encodeURIComponent(sentId);
  return { rawSmtpMessageUrl: `${base}/sent/${id}/raw`, plainHtmlBodyUrl: `${base}/sent/${id}/html`, origin: base };
}
