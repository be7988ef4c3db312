import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_RE.test(value);

/** Lower-case letters and digits only: safe in an email local part and easy to read aloud. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! % ALPHABET.length];
  return out;
}

/** API keys carry 256 bits of randomness, so a fast hash is enough to store them safely. */
export const newApiKey = (): string => `ph_${randomBytes(32).toString('hex')}`;
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');
