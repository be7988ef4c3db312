/*
 * mailauth's own parsers of Received and Authentication-Results headers, which its package
 * types do not declare (they are internal modules the verifier uses; analyzeEmailHeaders reuses
 * them so that headers read the same there as in the verifier).
 */
declare module 'mailauth/lib/parse-received.js' {
  export interface ReceivedPart { value: string; comment?: string }
  export type ParsedReceived = Partial<Record<'from' | 'by' | 'with' | 'id' | 'for' | 'tls', ReceivedPart>> & { timestamp?: string; full: string };
  export function parseReceived(header: string | Buffer): ParsedReceived | false;
}

declare module 'mailauth/lib/parse-dkim-headers.js' {
  /** A method's result (`dkim=pass header.d=...`): its value, comment and property groups. */
  export interface ParsedAuthResult { value?: string; comment?: string; [group: string]: unknown }
  export default function headerParser(header: string | Buffer): { parsed: Record<string, ParsedAuthResult | ParsedAuthResult[] | string | undefined>; original: string };
}

declare module 'mailauth/lib/tools.js' {
  /** DMARC alignment: the entry of domainList whose organisational domain (public suffix list) is fromDomain's, or false. */
  export function getAlignment(fromDomain: string, domainList: string[], strict?: boolean): { domain: string } | false;
}
