import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a ToolsController / MailServerController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const toolsOperation = operationsOf<Services>('ToolsController');
export const mailServerOperation = operationsOf<Services>('MailServerController');
