import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares an MFAController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const mfaOperation = operationsOf<Services>('MFAController');
