import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a CampaignProbeController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const campaignProbeOperation = operationsOf<Services>('CampaignProbeController');

/** The one-shot check of given content, which the client has under ToolsController. */
export const toolsProbeOperation = operationsOf<Services>('ToolsController');
