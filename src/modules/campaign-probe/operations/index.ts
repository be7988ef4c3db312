import { createCampaignProbe, deleteCampaignProbe, getCampaignProbe, getCampaignProbes, updateCampaignProbe } from './probes.js';
import {
  checkCampaignProbe, compareCampaignProbeRuns, getCampaignProbeInsights, getCampaignProbeRun, getCampaignProbeRuns, getCampaignProbeSeries,
  runCampaignProbeNow, runDueCampaignProbes,
} from './runs.js';

/** CampaignProbeController, and ToolsController's one-shot checkCampaignProbe. */
export const campaignProbeOperations = [
  createCampaignProbe, getCampaignProbes, getCampaignProbe, updateCampaignProbe, deleteCampaignProbe,
  runCampaignProbeNow, runDueCampaignProbes, getCampaignProbeRuns, getCampaignProbeRun, compareCampaignProbeRuns,
  getCampaignProbeSeries, getCampaignProbeInsights, checkCampaignProbe,
];
