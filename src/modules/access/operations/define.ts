import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** The access operations belong to the client's InboxApi: InboxController operations. */
export const accessOperation = operationsOf<Services>('InboxController');
