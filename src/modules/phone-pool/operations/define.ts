import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a PhoneController operation of phone pools and message threads: see docs/ARCHITECTURE.md, "Adding an operation". */
export const phonePoolOperation = operationsOf<Services>('PhoneController');
