import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a WaitForController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const waitForOperation = operationsOf<Services>('WaitForController');
