import net from 'node:net';

/**
 * The syntax of a mailbox as SMTP carries it (RFC 5321 §4.1.2, lengths from §4.5.3.1): a
 * dot-atom or quoted local part of at most 64 octets, "@", and a domain name of at most 253
 * octets in labels of at most 63 (letters, digits, hyphens inside; a top-level label that is
 * not all digits) or an IPv4/IPv6 address literal. Internationalized addresses (RFC 6531) are
 * taken as given: a non-ASCII local part is allowed, a non-ASCII domain must arrive as A-labels.
 */
export interface ParsedAddress {
  address: string;
  localPart: string;
  /** lower-case; an address literal keeps its brackets */
  domain: string;
  /** the IP of an address literal */
  literal: string | null;
}

const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\u0080-\\uFFFF-]";
const DOT_ATOM = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*$`, 'u');
const QUOTED = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e\u0080-\uffff]|\\[\x20-\x7e])*"$/u;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The address parsed, or why it is not an address. */
export function parseMailbox(raw: string): ParsedAddress | { error: string } {
  const address = raw.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return { error: 'no local part, "@" and domain' };
  const localPart = address.slice(0, at);
  const domain = address.slice(at + 1).toLowerCase();
  if (Buffer.byteLength(localPart) > 64) return { error: 'the local part is longer than 64 octets' };
  if (!DOT_ATOM.test(localPart) && !QUOTED.test(localPart)) return { error: `the local part "${localPart}" is not a dot-atom or quoted string` };
  const literal = /^\[(?:ipv6:)?([^\]]+)\]$/i.exec(domain);
  if (literal) {
    return net.isIP(literal[1]!) ? { address, localPart, domain, literal: literal[1]! } : { error: `"${domain}" is not an IP address literal` };
  }
  const name = domain.replace(/\.$/, '');
  if (name.length > 253) return { error: 'the domain is longer than 253 octets' };
  const labels = name.split('.');
  if (labels.length < 2) return { error: `the domain "${domain}" has no top-level domain` };
  if (!labels.every((l) => LABEL.test(l))) return { error: `the domain "${domain}" is not a valid host name` };
  if (/^\d+$/.test(labels.at(-1)!)) return { error: `the domain "${domain}" has an all-numeric top-level label` };
  return { address: `${localPart}@${name}`, localPart, domain: name, literal: null };
}

export const isParsed = (value: ParsedAddress | { error: string }): value is ParsedAddress => !('error' in value);
