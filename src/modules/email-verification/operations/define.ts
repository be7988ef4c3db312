import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares operations of the controllers this module serves: see docs/ARCHITECTURE.md, "Adding an operation". */
export const emailVerificationOperation = operationsOf<Services>('EmailVerificationController');
export const mailServerOperation = operationsOf<Services>('MailServerController');
export const toolsOperation = operationsOf<Services>('ToolsController');
