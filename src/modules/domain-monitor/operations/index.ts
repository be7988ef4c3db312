import { createDomainMonitor, deleteDomainMonitor, getDomainMonitor, getDomainMonitors, updateDomainMonitor } from './monitors.js';
import {
  compareDomainMonitorRuns, exportDomainMonitorRunResults, getDomainMonitorAuthStack, getDomainMonitorInsights, getDomainMonitorRun,
  getDomainMonitorRuns, getDomainMonitorSeries, getDomainMonitorSummary, runDomainMonitorNow, runDueDomainMonitors,
} from './runs.js';
import { createDomainMonitorAlertSink, deleteDomainMonitorAlertSink, getDomainMonitorAlertSinks } from './sinks.js';
import {
  createDomainMonitorEmailVerificationAddress, deleteDomainMonitorObservedAuthSample, getDomainMonitorEmailVerification, getDomainMonitorObservedAuthSamples,
} from './samples.js';

/** DomainMonitorController. */
export const domainMonitorOperations = [
  createDomainMonitor, getDomainMonitors, getDomainMonitor, updateDomainMonitor, deleteDomainMonitor,
  runDomainMonitorNow, runDueDomainMonitors, getDomainMonitorRuns, getDomainMonitorRun, compareDomainMonitorRuns, exportDomainMonitorRunResults,
  getDomainMonitorSeries, getDomainMonitorInsights, getDomainMonitorSummary, getDomainMonitorAuthStack,
  createDomainMonitorAlertSink, getDomainMonitorAlertSinks, deleteDomainMonitorAlertSink,
  getDomainMonitorObservedAuthSamples, deleteDomainMonitorObservedAuthSample, createDomainMonitorEmailVerificationAddress, getDomainMonitorEmailVerification,
];
