import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a ToolsController operation of the mail tools: see docs/ARCHITECTURE.md, "Adding an operation". */
export const mailToolsOperation = operationsOf<Services>('ToolsController');
