import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a TemplateController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const templateOperation = operationsOf<Services>('TemplateController');
