import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a WebhookController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const webhookOperation = operationsOf<Services>('WebhookController');
