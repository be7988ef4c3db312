import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares an EmailAuditController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const emailAuditOperation = operationsOf<Services>('EmailAuditController');

/** The audits of a stored email, which the client has under EmailController. */
export const emailAuditOfEmailOperation = operationsOf<Services>('EmailController');

/** The one-shot audit of given content, which the client has under ToolsController. */
export const toolsAuditOperation = operationsOf<Services>('ToolsController');
