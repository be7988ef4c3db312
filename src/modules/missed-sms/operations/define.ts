import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a MissedSmsController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const missedSmsOperation = operationsOf<Services>('MissedSmsController');
