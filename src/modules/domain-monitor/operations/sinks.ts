import { Type } from '@sinclair/typebox';
import { toSinkDto } from '../domain-monitor.dto.js';
import { CreateDomainMonitorAlertSinkOptions, DomainMonitorAlertSinkDto, MonitorParams, SinkParams } from '../domain-monitor.schemas.js';
import { domainMonitorOperation } from './define.js';

export const createDomainMonitorAlertSink = domainMonitorOperation({
  operationId: 'createDomainMonitorAlertSink', method: 'POST', path: '/domain-monitor/monitors/{monitorId}/alert-sinks',
  summary: 'Add an alert sink: a webhook (JSON POST), a Slack or Teams incoming webhook ({text}) or an email address, told when a check changes between runs',
  params: MonitorParams,
  body: Type.Ref(CreateDomainMonitorAlertSinkOptions),
  response: Type.Ref(DomainMonitorAlertSinkDto),
  handler: async ({ tenantId, params, body }, { domainMonitors }) => toSinkDto(await domainMonitors.createSink(tenantId, params.monitorId, body)),
});

export const getDomainMonitorAlertSinks = domainMonitorOperation({
  operationId: 'getDomainMonitorAlertSinks', method: 'GET', path: '/domain-monitor/monitors/{monitorId}/alert-sinks',
  summary: 'List a monitor\'s alert sinks, oldest first',
  params: MonitorParams,
  response: Type.Array(Type.Ref(DomainMonitorAlertSinkDto)),
  handler: async ({ tenantId, params }, { domainMonitors }) => (await domainMonitors.sinks(tenantId, params.monitorId)).map(toSinkDto),
});

export const deleteDomainMonitorAlertSink = domainMonitorOperation({
  operationId: 'deleteDomainMonitorAlertSink', method: 'DELETE', path: '/domain-monitor/monitors/{monitorId}/alert-sinks/{sinkId}',
  summary: 'Delete an alert sink (alerts already queued for it are dropped)',
  params: SinkParams,
  status: 204,
  handler: async ({ tenantId, params }, { domainMonitors }) => {
    await domainMonitors.deleteSink(tenantId, params.monitorId, params.sinkId);
  },
});
