import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares an InboxReplierController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const replierOperation = operationsOf<Services>('InboxReplierController');
