import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a DomainController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const domainOperation = operationsOf<Services>('DomainController');
