import { Type } from '@sinclair/typebox';
import type { DomainMonitorRecord } from '../../../storage/ports.js';
import type { DomainMonitorService } from '../domain-monitor.service.js';
import { toMonitorDto } from '../domain-monitor.dto.js';
import { CreateDomainMonitorOptions, DomainMonitorDto, MonitorParams, UpdateDomainMonitorOptions } from '../domain-monitor.schemas.js';
import { domainMonitorOperation } from './define.js';

/** A monitor with its email verification (when it has an address). */
export async function monitorDto(service: DomainMonitorService, tenantId: string, monitor: DomainMonitorRecord) {
  return toMonitorDto(monitor, await service.verification(tenantId, monitor));
}

export const createDomainMonitor = domainMonitorOperation({
  operationId: 'createDomainMonitor', method: 'POST', path: '/domain-monitor/monitors',
  summary: 'Create a monitor of a domain\'s mail authentication (SPF, DKIM, DMARC, MX, MTA-STS, TLS-RPT, BIMI)',
  body: Type.Ref(CreateDomainMonitorOptions),
  response: Type.Ref(DomainMonitorDto),
  handler: async ({ tenantId, body }, { domainMonitors }) => toMonitorDto(await domainMonitors.create(tenantId, body)),
});

export const getDomainMonitors = domainMonitorOperation({
  operationId: 'getDomainMonitors', method: 'GET', path: '/domain-monitor/monitors',
  summary: 'List your domain monitors, oldest first',
  response: Type.Array(Type.Ref(DomainMonitorDto)),
  handler: async ({ tenantId }, { domainMonitors }) => {
    const monitors = await domainMonitors.list(tenantId);
    return Promise.all(monitors.map((m) => monitorDto(domainMonitors, tenantId, m)));
  },
});

export const getDomainMonitor = domainMonitorOperation({
  operationId: 'getDomainMonitor', method: 'GET', path: '/domain-monitor/monitors/{monitorId}',
  summary: 'Get a domain monitor',
  params: MonitorParams,
  response: Type.Ref(DomainMonitorDto),
  handler: async ({ tenantId, params }, { domainMonitors }) => monitorDto(domainMonitors, tenantId, await domainMonitors.get(tenantId, params.monitorId)),
});

export const updateDomainMonitor = domainMonitorOperation({
  operationId: 'updateDomainMonitor', method: 'PUT', path: '/domain-monitor/monitors/{monitorId}',
  summary: 'Change a domain monitor\'s name, interval, scheduling or DKIM selectors (fields left out keep their value)',
  params: MonitorParams,
  body: Type.Ref(UpdateDomainMonitorOptions),
  response: Type.Ref(DomainMonitorDto),
  handler: async ({ tenantId, params, body }, { domainMonitors }) =>
    monitorDto(domainMonitors, tenantId, await domainMonitors.update(tenantId, params.monitorId, body)),
});

export const deleteDomainMonitor = domainMonitorOperation({
  operationId: 'deleteDomainMonitor', method: 'DELETE', path: '/domain-monitor/monitors/{monitorId}',
  summary: 'Delete a domain monitor with its runs, alert sinks and samples',
  params: MonitorParams,
  status: 204,
  handler: async ({ tenantId, params }, { domainMonitors }) => {
    await domainMonitors.delete(tenantId, params.monitorId);
  },
});
