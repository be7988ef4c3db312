import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** SCIM 2.0 endpoints (RFC 7644) of an organisation: not part of the MailSlurp API (hidden from its OpenAPI document). */
export const scimOperation = operationsOf<Services>('SCIM');
