import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a GuestPortalController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const guestPortalOperation = operationsOf<Services>('GuestPortalController');
