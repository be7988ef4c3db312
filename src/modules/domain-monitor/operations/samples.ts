import { Type } from '@sinclair/typebox';
import { notFound } from '../../../core/errors.js';
import { toSampleDto, toVerificationDto } from '../domain-monitor.dto.js';
import { DomainMonitorEmailVerificationDto, DomainMonitorObservedAuthSampleDto, MonitorParams, SampleParams } from '../domain-monitor.schemas.js';
import { domainMonitorOperation } from './define.js';

export const getDomainMonitorObservedAuthSamples = domainMonitorOperation({
  operationId: 'getDomainMonitorObservedAuthSamples', method: 'GET', path: '/domain-monitor/monitors/{monitorId}/observed-auth-samples',
  summary: 'SPF, DKIM and DMARC verdicts of mail received from the domain (or at the verification address), newest first (at most 500)',
  params: MonitorParams,
  response: Type.Array(Type.Ref(DomainMonitorObservedAuthSampleDto)),
  handler: async ({ tenantId, params }, { domainMonitors }) => (await domainMonitors.samples(tenantId, params.monitorId)).map(toSampleDto),
});

export const deleteDomainMonitorObservedAuthSample = domainMonitorOperation({
  operationId: 'deleteDomainMonitorObservedAuthSample', method: 'DELETE', path: '/domain-monitor/monitors/{monitorId}/observed-auth-samples/{sampleId}',
  summary: 'Delete an observed sample (the email itself stays)',
  params: SampleParams,
  status: 204,
  handler: async ({ tenantId, params }, { domainMonitors }) => {
    await domainMonitors.deleteSample(tenantId, params.monitorId, params.sampleId);
  },
});

export const createDomainMonitorEmailVerificationAddress = domainMonitorOperation({
  operationId: 'createDomainMonitorEmailVerificationAddress', method: 'POST', path: '/domain-monitor/monitors/{monitorId}/email-verification-address',
  summary: 'Create (or rotate) an inbox of this server to send a test email to from the domain; its verdicts become samples',
  params: MonitorParams,
  response: Type.Ref(DomainMonitorEmailVerificationDto),
  handler: async ({ tenantId, params }, { domainMonitors }) => {
    const monitor = await domainMonitors.createVerificationAddress(tenantId, params.monitorId);
    return toVerificationDto(monitor, (await domainMonitors.verification(tenantId, monitor))!);
  },
});

export const getDomainMonitorEmailVerification = domainMonitorOperation({
  operationId: 'getDomainMonitorEmailVerification', method: 'GET', path: '/domain-monitor/monitors/{monitorId}/email-verification',
  summary: 'The verification address and what has arrived there (PENDING until an email has)',
  params: MonitorParams,
  response: Type.Ref(DomainMonitorEmailVerificationDto),
  handler: async ({ tenantId, params }, { domainMonitors }) => {
    const monitor = await domainMonitors.get(tenantId, params.monitorId);
    const found = await domainMonitors.verification(tenantId, monitor);
    if (!found) throw notFound(`Domain monitor ${monitor.id} has no verification address yet: create one with POST /domain-monitor/monitors/${monitor.id}/email-verification-address`);
    return toVerificationDto(monitor, found);
  },
});
