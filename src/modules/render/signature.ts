/** What the client's EmailSignature holds. */
export interface FoundSignature {
  body: string;
  source: string;
  marker: string | null;
  detectionType: 'DELIMITER' | 'MOBILE_FOOTER' | 'VALEDICTION' | 'HTML_SELECTOR';
}

/** Lines of a signature block at most: a longer tail after a sign-off is more letter than signature. */
const MAX_SIGNATURE_LINES = 12;
/** A sign-off is looked for among the body's last lines only. */
const VALEDICTION_WINDOW = 20;

/** The RFC 3676 sig-dash line ("-- ", matched trimmed: many clients drop the space), and the common dash and underscore rules. */
const DELIMITER = /^(--|_{3,}|-{3,})$/;
/** Mobile clients' footers: the whole signature is this one line. */
const MOBILE_FOOTER = /^(sent from my (iphone|ipad|android|samsung.*|mobile.*|galaxy.*|blackberry.*)|sent from (outlook|yahoo mail|mail) for (ios|android|iphone)|get outlook for (ios|android)|sent from my .+ (phone|device))\.?$/i;
/** Sign-offs that start a signature when they are a line of their own (a comma or nothing after). */
const VALEDICTION = /^(best regards|kind regards|warm regards|regards|best wishes|best|cheers|thanks|thank you|many thanks|thanks again|sincerely|yours sincerely|yours truly|yours faithfully|respectfully|all the best|take care|cordially|with thanks|mit freundlichen grüßen|viele grüße|cordialement|saludos|atentamente|met vriendelijke groet)\s*[,!.]?$/i;
/** Lines of a reply's quote: what follows is someone else's message, not this sender's signature. */
const QUOTE_HEADER = /^(on .+ wrote:|-----\s*original message\s*-----|from: .+)$/i;

/**
 * Finds the signature block of a text body by the usual conventions, in order: the sig-dash
 * delimiter (everything after the last "-- " line, up to a quoted reply), a mobile client's
 * footer, then a sign-off line ("Best regards,") among the last lines followed by a short
 * block. Heuristic, as the API says: a signature with none of these is not found.
 */
export function findSignature(text: string, source: string): FoundSignature | null {
  const lines = ownPart(text.replace(/\r\n?/g, '\n').split('\n'));
  for (let i = lines.length - 1; i >= 0; i--) {
    const marker = lines[i]!.trim();
    if (!DELIMITER.test(marker)) continue;
    const body = block(lines.slice(i + 1));
    if (body) return { body, source, marker: lines[i] === '-- ' ? '-- ' : marker, detectionType: 'DELIMITER' };
  }
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - VALEDICTION_WINDOW); i--) {
    const line = lines[i]!.trim();
    if (MOBILE_FOOTER.test(line)) return { body: line, source, marker: line, detectionType: 'MOBILE_FOOTER' };
  }
  for (let i = Math.max(0, lines.length - VALEDICTION_WINDOW); i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!VALEDICTION.test(line)) continue;
    const rest = lines.slice(i + 1);
    const body = block(rest);
    if (body && rest.filter((l) => l.trim() !== '').length <= MAX_SIGNATURE_LINES) {
      return { body: `${line}\n${body}`, source, marker: line, detectionType: 'VALEDICTION' };
    }
  }
  return null;
}

/** The sender's own text: quoted lines ("> ...") and a quoted reply below its header are not theirs. */
function ownPart(lines: string[]): string[] {
  const end = lines.findIndex((line) => QUOTE_HEADER.test(line.trim()));
  const own = end >= 0 ? lines.slice(0, end) : lines;
  return own.filter((line) => !line.startsWith('>'));
}

/** The block's lines without the blank ones at its ends; empty = nothing there. */
function block(lines: string[]): string {
  return lines.slice(0, 40).join('\n').trim().split('\n').map((l) => l.trimEnd()).join('\n');
}
