import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** The TLS trust of the mail listeners. Not part of the MailSlurp API. */
export const tlsOperation = operationsOf<Services>('TLS');
