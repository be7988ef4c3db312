import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a MissedEmailController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const missedOperation = operationsOf<Services>('MissedEmailController');
