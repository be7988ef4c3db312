import { Type } from '@sinclair/typebox';
import { CheckEmailAuthStackResults } from '../../domain-monitor/domain-monitor.schemas.js';
import {
  CheckDnsPropagationOptions, CheckDnsPropagationResults, CheckDomainMonitorOptions, CheckDomainMonitorResults, CheckEmailAuthStackOptions,
  CheckEmailBlacklistOptions, CheckEmailBlacklistResults,
} from '../dns-tools.schemas.js';
import { toolsOperation } from './define.js';

export const checkEmailAuthStack = toolsOperation({
  operationId: 'checkEmailAuthStack', method: 'POST', path: '/tools/check-email-auth-stack',
  summary: 'Check SPF, DKIM, DMARC, MX, MTA-STS, TLS-RPT and BIMI of a domain together',
  body: Type.Ref(CheckEmailAuthStackOptions),
  response: Type.Ref(CheckEmailAuthStackResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.authStack(body.domain, body.dkimSelector),
});

export const checkDnsPropagation = toolsOperation({
  operationId: 'checkDnsPropagation', method: 'POST', path: '/tools/check-dns-propagation',
  summary: 'Ask each configured resolver (PIGEONHOLE_DNS_PROPAGATION_RESOLVERS) the same question and compare the answers',
  body: Type.Ref(CheckDnsPropagationOptions),
  response: Type.Ref(CheckDnsPropagationResults),
  handler: async ({ body }, { dnsTools }) => {
    const report = await dnsTools.propagation(body.host, body.recordType, body.expectedValue);
    return { host: body.host, recordType: body.recordType, expectedValue: body.expectedValue ?? null, ...report };
  },
});

export const checkEmailBlacklist = toolsOperation({
  operationId: 'checkEmailBlacklist', method: 'POST', path: '/tools/check-email-blacklists',
  summary: 'Look up an IP address, a mail host\'s or a domain\'s addresses on DNS blocklists (PIGEONHOLE_DNSBL_ZONES)',
  body: Type.Ref(CheckEmailBlacklistOptions),
  response: Type.Ref(CheckEmailBlacklistResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.blacklist(body),
});

export const checkDomainMonitor = toolsOperation({
  operationId: 'checkDomainMonitor', method: 'POST', path: '/tools/check-domain-monitor',
  summary: 'Check a domain once as a domain monitor run would, with its MX addresses on the DNS blocklists',
  body: Type.Ref(CheckDomainMonitorOptions),
  response: Type.Ref(CheckDomainMonitorResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.domainMonitorCheck(body.domain),
});
