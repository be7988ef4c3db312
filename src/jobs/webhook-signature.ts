import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header carrying the body's signature: hex HMAC-SHA256 of the raw body with the tenant's signing secret. */
export const SIGNATURE_HEADER = 'x-signature';

export const signBody = (secret: string, body: string): string => createHmac('sha256', secret).update(body).digest('hex');

export function signatureMatches(secret: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signBody(secret, body), 'utf8');
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The body sent for a stored payload: the payload JSON itself, or the webhook's
 * requestBodyTemplate with each {{field}} replaced by that payload field (strings as
 * they are, anything else as JSON). Deterministic, so a signature can be checked later.
 */
export function renderBody(payload: string, template: string | null): string {
  if (!template) return payload;
  const fields = JSON.parse(payload) as Record<string, unknown>;
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_m, name: string) => {
    const value = fields[name];
    if (value === undefined || value === null) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}
