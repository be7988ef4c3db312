/**
 * Checks of a published record's syntax beyond what the domain monitor needs to grade it:
 * each SPF term, each DMARC tag, the URIs of TLS-RPT and BIMI. Each finding names the term.
 */
import { isIP } from 'node:net';
import { tagList, type SpfTerm } from '../domain-monitor/auth-stack.js';

const SPF_MECHANISMS = new Set(['all', 'include', 'a', 'mx', 'ptr', 'ip4', 'ip6', 'exists']);
const SPF_MODIFIERS = new Set(['redirect', 'exp']);

function cidrOk(value: string, family: 4 | 6): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || isIP(address ?? '') !== family) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** SPF terms (RFC 7208 §5, §6): unknown mechanisms and malformed ip4/ip6 are errors, ptr is a warning. */
export function spfTermFindings(terms: readonly SpfTerm[]): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const seen = new Map<string, number>();
  for (const term of terms) {
    const text = `${term.qualifier && term.qualifier !== '+' ? term.qualifier : ''}${term.kind}${term.value === null ? '' : term.qualifier === null ? `=${term.value}` : term.value.startsWith('/') ? term.value : `:${term.value}`}`;
    if (term.qualifier === null) {
      // unknown modifiers are ignored by receivers (§6), but redirect and exp may appear once
      if (SPF_MODIFIERS.has(term.kind)) {
        seen.set(term.kind, (seen.get(term.kind) ?? 0) + 1);
        if (seen.get(term.kind) === 2) errors.push(`SPF modifier ${term.kind}= appears more than once`);
        if (!term.value) errors.push(`SPF modifier ${term.kind}= has no domain`);
      }
      continue;
    }
    if (!SPF_MECHANISMS.has(term.kind)) {
      errors.push(`SPF term ${text} is not a mechanism (all, include, a, mx, ptr, ip4, ip6, exists)`);
      continue;
    }
    if ((term.kind === 'ip4' || term.kind === 'ip6') && !cidrOk(term.value ?? '', term.kind === 'ip4' ? 4 : 6)) {
      errors.push(`SPF term ${text} is not an ${term.kind === 'ip4' ? 'IPv4' : 'IPv6'} address or network`);
    }
    if ((term.kind === 'include' || term.kind === 'exists') && !term.value) errors.push(`SPF term ${text} has no domain`);
    if (term.kind === 'all' && term.value !== null) errors.push(`SPF term ${text}: all takes no argument`);
    if (term.kind === 'ptr') warnings.push('SPF uses ptr, which RFC 7208 says not to use (slow, unreliable)');
  }
  const allAt = terms.findIndex((t) => t.kind === 'all');
  if (allAt >= 0 && allAt < terms.length - 1 && terms.slice(allAt + 1).some((t) => t.qualifier !== null)) {
    warnings.push('SPF has mechanisms after all: receivers never reach them');
  }
  return { errors, warnings };
}

const oneOf = (value: string, allowed: readonly string[]) => allowed.includes(value.toLowerCase());
const uriList = (value: string) => value.split(',').map((u) => u.trim().replace(/!\d+[kmgt]?$/i, '')).filter(Boolean);

function uriFindings(label: string, tag: string, value: string, schemes: readonly string[]): string[] {
  const uris = uriList(value);
  if (uris.length === 0) return [`${label} ${tag}= is empty`];
  return uris.flatMap((uri) => {
    try {
      const url = new URL(uri);
      if (!schemes.includes(url.protocol)) return [`${label} ${tag}= ${uri} is not a ${schemes.join(' or ')} URI`];
      if (url.protocol === 'mailto:' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(decodeURIComponent(url.pathname))) return [`${label} ${tag}= ${uri} has no valid address`];
      return [];
    } catch {
      return [`${label} ${tag}= ${uri} is not a URI`];
    }
  });
}

/** DMARC tags (RFC 7489 §6.3): v first, each known tag's value; unknown tags are warnings. */
export function dmarcTagFindings(record: string): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (!/^v\s*=\s*DMARC1\s*(;|$)/.test(record.trim())) errors.push('DMARC record must start with v=DMARC1');
  const tags = tagList(record);
  for (const [tag, value] of tags) {
    switch (tag) {
      case 'v': case 'p': break;
      case 'sp': if (!oneOf(value, ['none', 'quarantine', 'reject'])) errors.push(`DMARC sp=${value} must be none, quarantine or reject`); break;
      case 'adkim': case 'aspf': if (!oneOf(value, ['r', 's'])) errors.push(`DMARC ${tag}=${value} must be r (relaxed) or s (strict)`); break;
      case 'pct': if (!/^\d{1,3}$/.test(value) || Number(value) > 100) errors.push(`DMARC pct=${value} must be a whole number from 0 to 100`); break;
      case 'ri': if (!/^\d{1,10}$/.test(value)) errors.push(`DMARC ri=${value} must be a number of seconds`); break;
      case 'fo': if (!value.split(':').every((o) => oneOf(o.trim(), ['0', '1', 'd', 's']))) errors.push(`DMARC fo=${value} must be 0, 1, d or s, separated by colons`); break;
      case 'rf': if (!value.split(':').every((f) => oneOf(f.trim(), ['afrf']))) errors.push(`DMARC rf=${value} must be afrf`); break;
      case 'rua': case 'ruf': errors.push(...uriFindings('DMARC', tag, value, ['mailto:'])); break;
      default: warnings.push(`DMARC tag ${tag}= is not defined by RFC 7489 and is ignored`);
    }
  }
  return { errors, warnings };
}

/** TLS-RPT rua= (RFC 8460 §3): mailto: or https: URIs. */
export function tlsRptFindings(record: string): string[] {
  const rua = tagList(record).get('rua');
  return rua === undefined ? [] : uriFindings('TLS-RPT', 'rua', rua, ['mailto:', 'https:']);
}

/** BIMI l= and a= (draft-brand-indicators-for-message-identification §4.2): https URIs when not empty. */
export function bimiFindings(record: string): string[] {
  const tags = tagList(record);
  return (['l', 'a'] as const).flatMap((tag) => {
    const value = tags.get(tag);
    return value ? uriFindings('BIMI', tag, value, ['https:']) : [];
  });
}
