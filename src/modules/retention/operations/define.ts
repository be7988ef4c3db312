import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a retention operation; they belong to UserController in the client. */
export const retentionOperation = operationsOf<Services>('UserController');
