/**
 * Reads the Authentication-Results header (RFC 8601) this server puts at the top of every
 * received email into the verdicts of an observed auth sample. Only the topmost header, and
 * only when its authserv-id is this server's: a header further down, or one naming another
 * host, was written by whoever sent the message and is not trusted.
 */

export type SampleStatus = 'PASS' | 'FAIL' | 'WARNING' | 'NOT_CHECKED';

export interface DkimSignature { domain: string | null; selector: string | null; algorithm: string | null; identity: string | null }

export interface ParsedAuthResults {
  authservId: string;
  spf: { status: SampleStatus; mailFrom: string | null; sourceIp: string | null } | null;
  dkim: Array<{ status: SampleStatus; signature: DkimSignature }>;
  dmarc: { status: SampleStatus; headerFrom: string | null } | null;
}

/** Removes RFC 5322 comments (nested parentheses), leaving quoted strings alone. */
function stripComments(value: string): string {
  let out = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      if (depth === 0) out += c + value[i + 1];
      i++;
      continue;
    }
    if (depth === 0 && c === '"') quoted = !quoted;
    if (!quoted && c === '(') { depth++; continue; }
    if (!quoted && c === ')' && depth > 0) { depth--; continue; }
    if (depth === 0) out += c;
  }
  return out;
}

export function statusOf(result: string): SampleStatus {
  switch (result.toLowerCase()) {
    case 'pass': return 'PASS';
    case 'fail': case 'permerror': case 'hardfail': case 'none': return 'FAIL';
    case 'softfail': case 'neutral': case 'temperror': case 'policy': return 'WARNING';
    default: return 'NOT_CHECKED';
  }
}

/** Parses one Authentication-Results value; undefined when it is not one. */
export function parseAuthResults(value: string): ParsedAuthResults | undefined {
  const parts = stripComments(value).split(';').map((p) => p.trim());
  const authservId = parts[0]?.split(/\s+/)[0]?.toLowerCase();
  if (!authservId) return undefined;
  const parsed: ParsedAuthResults = { authservId, spf: null, dkim: [], dmarc: null };
  for (const part of parts.slice(1)) {
    const tokens = part.split(/\s+/).filter(Boolean);
    const head = /^([a-z0-9-]+)(?:\/\d+)?=([a-z]+)$/i.exec(tokens[0] ?? '');
    if (!head) continue;
    const method = head[1]!.toLowerCase();
    const status = statusOf(head[2]!);
    const props = new Map<string, string>();
    for (const token of tokens.slice(1)) {
      const at = token.indexOf('=');
      if (at > 0) props.set(token.slice(0, at).toLowerCase(), token.slice(at + 1).replace(/^"|"$/g, ''));
    }
    if (method === 'spf' && !parsed.spf) {
      parsed.spf = { status, mailFrom: props.get('smtp.mailfrom') ?? props.get('smtp.helo') ?? null, sourceIp: props.get('smtp.remote-ip') ?? props.get('policy.iprev') ?? null };
    } else if (method === 'dkim') {
      parsed.dkim.push({ status, signature: {
        domain: props.get('header.d') ?? null, selector: props.get('header.s') ?? null,
        algorithm: props.get('header.a') ?? null, identity: props.get('header.i') ?? null,
      } });
    } else if (method === 'dmarc' && !parsed.dmarc) {
      parsed.dmarc = { status, headerFrom: props.get('header.from') ?? null };
    }
  }
  return parsed;
}

/** The topmost Authentication-Results header when it is this server's (authserv-id compared without case). */
export function trustedAuthResults(headers: Array<[string, string]>, authservId: string): ParsedAuthResults | undefined {
  const top = headers.find(([name]) => name.toLowerCase() === 'authentication-results');
  if (!top) return undefined;
  const parsed = parseAuthResults(top[1]);
  return parsed && parsed.authservId === authservId.toLowerCase() ? parsed : undefined;
}

/** The domain of an address (`Name <a@b>` or `a@b`), lower case; null without one. */
export function domainOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const bare = /<([^>]*)>/.exec(address)?.[1] ?? address;
  const at = bare.lastIndexOf('@');
  return at < 0 ? null : bare.slice(at + 1).trim().toLowerCase().replace(/\.$/, '') || null;
}
