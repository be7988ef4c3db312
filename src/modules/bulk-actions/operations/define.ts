import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a BulkActionsController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const bulkActionsOperation = operationsOf<Services>('BulkActionsController');
