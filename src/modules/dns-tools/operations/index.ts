import { describeMailServerDomain, getDnsLookup, getDnsLookups, getIpAddress } from './mail-server.js';
import {
  lookupBimiDomain, lookupDkimDomain, lookupDmarcDomain, lookupMtaStsDomain, lookupMxRecord, lookupPtr, lookupSpfDomain, lookupTlsReportingDomain,
} from './lookups.js';
import { checkDnsPropagation, checkDomainMonitor, checkEmailAuthStack, checkEmailBlacklist } from './checks.js';

/** The DNS tools of MailServerController and ToolsController. */
export const dnsToolsOperations = [
  getDnsLookup, getDnsLookups, describeMailServerDomain, getIpAddress,
  lookupMxRecord, lookupPtr, lookupSpfDomain, lookupDkimDomain, lookupDmarcDomain, lookupMtaStsDomain, lookupTlsReportingDomain, lookupBimiDomain,
  checkEmailAuthStack, checkDnsPropagation, checkEmailBlacklist, checkDomainMonitor,
];
