import {
  addDomainWildcardCatchAll, createDomain, deleteDomain, getAvailableDomainRegions, getAvailableDomains, getDomain, getDomainHealthEvents,
  getDomainIssues, getDomains, getDomainWildcardCatchAllInbox, getMailSlurpDomains, updateDomain,
} from './domains.js';

/** DomainController: custom domains verified over DNS, their catch-all inboxes, and the server's own domains. */
export const domainOperations = [
  createDomain, getDomains, getDomainIssues, getAvailableDomains, getMailSlurpDomains, getAvailableDomainRegions, getDomain, updateDomain, deleteDomain,
  getDomainHealthEvents, addDomainWildcardCatchAll, getDomainWildcardCatchAllInbox,
];
