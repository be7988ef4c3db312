import { Type } from '@sinclair/typebox';
import type { CampaignProbeRecord } from '../../../storage/ports.js';
import type { Services } from '../../services.js';
import { toProbeDto } from '../campaign-probe.dto.js';
import { CampaignProbeDto, CreateCampaignProbeOptions, ProbeParams, UpdateCampaignProbeOptions } from '../campaign-probe.schemas.js';
import { campaignProbeOperation } from './define.js';

export const probeDto = async (campaignProbes: Services['campaignProbes'], probe: CampaignProbeRecord) =>
  toProbeDto(probe, await campaignProbes.stats(probe));

export const createCampaignProbe = campaignProbeOperation({
  operationId: 'createCampaignProbe', method: 'POST', path: '/campaign-probe/probes',
  summary: 'Create a campaign probe: an address of this server whose received messages are each checked (links, images, HTML, email-client support, accessibility, verdicts)',
  body: Type.Ref(CreateCampaignProbeOptions),
  response: Type.Ref(CampaignProbeDto),
  handler: async ({ tenantId, body }, { campaignProbes }) => probeDto(campaignProbes, await campaignProbes.create(tenantId, body)),
});

export const getCampaignProbes = campaignProbeOperation({
  operationId: 'getCampaignProbes', method: 'GET', path: '/campaign-probe/probes',
  summary: 'List your campaign probes, oldest first',
  response: Type.Array(Type.Ref(CampaignProbeDto)),
  handler: async ({ tenantId }, { campaignProbes }) =>
    Promise.all((await campaignProbes.list(tenantId)).map((probe) => probeDto(campaignProbes, probe))),
});

export const getCampaignProbe = campaignProbeOperation({
  operationId: 'getCampaignProbe', method: 'GET', path: '/campaign-probe/probes/{probeId}',
  summary: 'Get a campaign probe (messages received since it was last read are checked first)',
  params: ProbeParams,
  response: Type.Ref(CampaignProbeDto),
  handler: async ({ tenantId, params }, { campaignProbes }) => probeDto(campaignProbes, await campaignProbes.get(tenantId, params.probeId)),
});

export const updateCampaignProbe = campaignProbeOperation({
  operationId: 'updateCampaignProbe', method: 'PUT', path: '/campaign-probe/probes/{probeId}',
  summary: 'Change a probe\'s name, whether it checks received mail, and its schedule (fields left out are kept)',
  params: ProbeParams,
  body: Type.Ref(UpdateCampaignProbeOptions),
  response: Type.Ref(CampaignProbeDto),
  handler: async ({ tenantId, params, body }, { campaignProbes }) => probeDto(campaignProbes, await campaignProbes.update(tenantId, params.probeId, body)),
});

export const deleteCampaignProbe = campaignProbeOperation({
  operationId: 'deleteCampaignProbe', method: 'DELETE', path: '/campaign-probe/probes/{probeId}',
  summary: 'Delete a probe with its runs, and its inbox with the mail it received',
  params: ProbeParams,
  status: 204,
  handler: async ({ tenantId, params }, { campaignProbes }) => {
    await campaignProbes.delete(tenantId, params.probeId);
  },
});
