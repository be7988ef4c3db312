/**
 * A contact as a vCard 4.0 (RFC 6350): CRLF line ends, text values escaped (§3.4), lines
 * folded at 75 octets without splitting a UTF-8 character (§3.2).
 */
import type { ContactRecord } from '../../storage/ports.js';

/** §3.4: backslash, comma and semicolon are escaped; a newline becomes \n. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\r\n|\r|\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');
}

/** §3.2: a line longer than 75 octets continues on lines that start with one space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // the first line holds 75 octets, each continuation 74 after its leading space
    const room = parts.length === 0 ? 75 : 74;
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20260102T030405Z: the timestamp form of §4.3.5. */
const timestamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function toVCard(contact: ContactRecord): string {
  const first = contact.firstName ?? '';
  const last = contact.lastName ?? '';
  // FN is required: the name, else the company, else the primary address, else the id
  const formatted = [first, last].filter(Boolean).join(' ') || contact.company || contact.emailAddresses[0] || contact.id;
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `UID:urn:uuid:${contact.id}`,
    `FN:${escapeText(formatted)}`,
    `N:${escapeText(last)};${escapeText(first)};;;`,
  ];
  if (contact.company) lines.push(`ORG:${escapeText(contact.company)}`);
  contact.emailAddresses.forEach((address, i) => lines.push(i === 0 ? `EMAIL;PREF=1:${escapeText(address)}` : `EMAIL:${escapeText(address)}`));
  if (contact.tags.length > 0) lines.push(`CATEGORIES:${contact.tags.map(escapeText).join(',')}`);
  lines.push(`REV:${timestamp(contact.createdAt)}`, 'END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
