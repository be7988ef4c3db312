import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a PhoneController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const phoneOperation = operationsOf<Services>('PhoneController');
