import { badRequest } from '../../core/errors.js';

/** RFC 5321/5322 dot-atom local part, lower-cased: what a user can type and a mail server routes. */
const LOCAL_PART_RE = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_RE = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface ParsedAddress {
  localPart: string;
  domain: string;
  address: string;
}

/** Splits and normalises an address; addresses are case-insensitive, so everything is lower-cased. */
export function parseAddress(input: string): ParsedAddress {
  const address = input.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) throw badRequest(`'${input}' is not an email address (expected local-part@domain)`);
  const localPart = address.slice(0, at);
  const domain = address.slice(at + 1);
  checkLocalPart(localPart, `'${input}'`);
  if (!DOMAIN_RE.test(domain)) throw badRequest(`'${input}' has an invalid domain '${domain}'`);
  return { localPart, domain, address };
}

export function checkLocalPart(localPart: string, what: string): void {
  if (localPart.length > 64) throw badRequest(`${what}: the part before @ may have at most 64 characters`);
  if (!LOCAL_PART_RE.test(localPart)) {
    throw badRequest(`${what}: the part before @ may use letters, digits and ! # $ % & ' * + / = ? ^ _ \` { | } ~ - with single dots between them`);
  }
}

export const isDomainName = (domain: string): boolean => DOMAIN_RE.test(domain.toLowerCase());
