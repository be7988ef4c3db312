import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares an EmailController operation of the render module: see docs/ARCHITECTURE.md, "Adding an operation". */
export const renderOperation = operationsOf<Services>('EmailController');
