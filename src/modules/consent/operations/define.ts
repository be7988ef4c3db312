import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a ConsentController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const consentOperation = operationsOf<Services>('ConsentController');
