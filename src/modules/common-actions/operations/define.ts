import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a CommonActionsController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const commonActionsOperation = operationsOf<Services>('CommonActionsController');
