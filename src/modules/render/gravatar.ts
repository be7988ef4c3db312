import { createHash } from 'node:crypto';
import { badRequest } from '../../core/errors.js';

/** Gravatar serves sizes 1 to 2048 pixels (its image request documentation). */
export const MAX_GRAVATAR_SIZE = 2048;

/**
 * getGravatarUrlForEmailAddress: Gravatar's documented image URL, https://gravatar.com/avatar/
 * followed by the SHA-256 of the address trimmed and lower-cased (Gravatar's current hash; the
 * MD5 form is its legacy one), with `s=` when a size is given. Nothing is fetched.
 */
export function gravatarUrl(emailAddress: string, size?: string): { url: string; hash: string } {
  const address = emailAddress.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) throw badRequest(`emailAddress must be an email address like name@example.com, got ${JSON.stringify(emailAddress)}`);
  const hash = createHash('sha256').update(address, 'utf8').digest('hex');
  let url = `https://gravatar.com/avatar/${hash}`;
  if (size !== undefined && size !== '') {
    const pixels = Number(size);
    if (!/^\d+$/.test(size.trim()) || pixels < 1 || pixels > MAX_GRAVATAR_SIZE) {
      throw badRequest(`size must be a whole number of pixels from 1 to ${MAX_GRAVATAR_SIZE}, got ${JSON.stringify(size)}`);
    }
    url += `?s=${pixels}`;
  }
  return { url, hash };
}
