import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a ExpiredController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const expiredOperation = operationsOf<Services>('ExpiredController');
