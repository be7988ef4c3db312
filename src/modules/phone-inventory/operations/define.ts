import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/**
 * Declares a PhoneController operation of the carrier's inventory (plans, provisioning,
 * releases, summary, account settings): see docs/ARCHITECTURE.md, "Adding an operation".
 */
export const phoneInventoryOperation = operationsOf<Services>('PhoneController');
