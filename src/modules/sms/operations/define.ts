import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares an SmsController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const smsOperation = operationsOf<Services>('SmsController');
