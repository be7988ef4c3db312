import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';

/** Ordered migrations, imported statically so the compiled package needs no file scanning. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
