import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/**
 * Declares an operation of the SMS sink: a foreign provider's API (Twilio's Messages resource),
 * hidden from the OpenAPI document, public at the transport (the sink checks Basic auth itself
 * and answers the provider's error shape). See docs/ARCHITECTURE.md, "Adding an operation".
 */
export const sinkOperation = operationsOf<Services>('SmsSink');
