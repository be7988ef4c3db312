import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a DomainMonitorController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const domainMonitorOperation = operationsOf<Services>('DomainMonitorController');
