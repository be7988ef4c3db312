import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a BounceController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const bounceOperation = operationsOf<Services>('BounceController');
