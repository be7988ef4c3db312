/**
 * Imported first by the CLI (index.ts), so that this runs before any other module is evaluated:
 * V8's heap growth is set before the heap first grows (core/heap-growth.ts says why and why then).
 */
import { limitHeapGrowth } from '../core/heap-growth.js';

limitHeapGrowth();
