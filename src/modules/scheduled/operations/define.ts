import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Scheduled sends are InboxController operations. */
export const scheduledOperation = operationsOf<Services>('InboxController');
