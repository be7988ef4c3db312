import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares an EmailController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const emailOperation = operationsOf<Services>('EmailController');

/** Declares an InboxController operation of the email module (an inbox's emails, imports). */
export const inboxEmailOperation = operationsOf<Services>('InboxController');
