import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a DevicePreviewsController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const devicePreviewOperation = operationsOf<Services>('DevicePreviewsController');
