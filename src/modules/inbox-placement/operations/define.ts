import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares an ApiInboxPlacementTestController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const placementOperation = operationsOf<Services>('ApiInboxPlacementTestController');

/** The spam tests, which the client has under ToolsController. */
export const spamTestOperation = operationsOf<Services>('ToolsController');
