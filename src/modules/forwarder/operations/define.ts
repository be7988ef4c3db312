import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares an InboxForwarderController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const forwarderOperation = operationsOf<Services>('InboxForwarderController');
