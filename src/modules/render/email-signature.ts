import type { EmailRecord } from '../../storage/ports.js';
import type { EmailContentService } from '../email/content.service.js';
import { findSignature, type FoundSignature } from './signature.js';

/** Elements mail clients wrap their signatures in (Gmail, Thunderbird, Outlook, Yahoo, Apple Mail's). */
export const SIGNATURE_SELECTORS = [
  '.gmail_signature', '[data-smartmail="gmail_signature"]', '.moz-signature', '#Signature', '#ms-outlook-mobile-signature',
  '.yahoo-signature', '#AppleMailSignature',
];

/**
 * getEmailSignature: a received email's signature block, from the places a client would put
 * it, in order: a signature element of the HTML body, the text part, then the visible text of
 * the HTML body when there is no text part.
 */
export async function emailSignature(email: EmailRecord, tenantId: string, content: EmailContentService): Promise<FoundSignature | null> {
  // Every selector names "signature": HTML without the word is not queried at all.
  if (email.htmlBody !== null && /signature/i.test(email.htmlBody)) {
    const match = await content.firstHtmlMatch(tenantId, email.id, SIGNATURE_SELECTORS);
    if (match) return { body: match.lines.join('\n'), source: 'RAW_HTML_SELECTOR', marker: match.selector, detectionType: 'HTML_SELECTOR' };
  }
  if (email.textBody?.trim()) {
    const found = findSignature(email.textBody, 'RAW_TEXT_PART');
    if (found) return found;
  }
  if (email.htmlBody !== null && !email.textBody?.trim()) {
    const { lines } = await content.textLines(tenantId, email.id);
    return findSignature(lines.join('\n'), 'HTML_TEXT');
  }
  return null;
}
