import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares an InboxController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const inboxOperation = operationsOf<Services>('InboxController');
