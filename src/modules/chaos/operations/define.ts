import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a chaos operation: Pigeonhole's own ChaosController (no MailSlurp counterpart). */
export const chaosOperation = operationsOf<Services>('ChaosController');
