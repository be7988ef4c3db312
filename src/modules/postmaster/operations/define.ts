import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a DomainMonitorPostmasterController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const postmasterOperation = operationsOf<Services>('DomainMonitorPostmasterController');
