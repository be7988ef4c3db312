import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares an AliasController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const aliasOperation = operationsOf<Services>('AliasController');
