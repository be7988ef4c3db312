import { Type } from '@sinclair/typebox';
import {
  LookupBimiDomainResults, LookupDkimDomainResults, LookupDmarcDomainResults, LookupMtaStsDomainResults, LookupMxRecordsResults,
  LookupSpfDomainResults, LookupTlsReportingDomainResults,
} from '../../domain-monitor/domain-monitor.schemas.js';
import {
  LookupBimiDomainOptions, LookupDkimDomainOptions, LookupDmarcDomainOptions, LookupMtaStsDomainOptions, LookupMxRecordsOptions,
  LookupPtrOptions, LookupPtrResults, LookupSpfDomainOptions, LookupTlsReportingDomainOptions,
} from '../dns-tools.schemas.js';
import { toolsOperation } from './define.js';

export const lookupMxRecord = toolsOperation({
  operationId: 'lookupMxRecord', method: 'POST', path: '/tools/lookup-mx-records',
  summary: 'Look up a domain\'s MX records, in preference order',
  body: Type.Ref(LookupMxRecordsOptions),
  response: Type.Ref(LookupMxRecordsResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.lookupMx(body.host),
});

export const lookupPtr = toolsOperation({
  operationId: 'lookupPtr', method: 'POST', path: '/tools/lookup-ptr',
  summary: 'Reverse DNS of an IP address, and whether its names resolve back to it (FCrDNS)',
  body: Type.Ref(LookupPtrOptions),
  response: Type.Ref(LookupPtrResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.lookupPtr(body.ip),
});

export const lookupSpfDomain = toolsOperation({
  operationId: 'lookupSpfDomain', method: 'POST', path: '/tools/lookup-spf-domain',
  summary: 'Read and validate a domain\'s SPF record, counting its DNS lookups through include and redirect',
  body: Type.Ref(LookupSpfDomainOptions),
  response: Type.Ref(LookupSpfDomainResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.lookupSpf(body.host),
});

export const lookupDkimDomain = toolsOperation({
  operationId: 'lookupDkimDomain', method: 'POST', path: '/tools/lookup-dkim-domain',
  summary: 'Read a DKIM key (<selector>._domainkey.<domain>): algorithm, key length, revocation',
  body: Type.Ref(LookupDkimDomainOptions),
  response: Type.Ref(LookupDkimDomainResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.lookupDkim(body.host, body.selector),
});

export const lookupDmarcDomain = toolsOperation({
  operationId: 'lookupDmarcDomain', method: 'POST', path: '/tools/lookup-dmarc-domain',
  summary: 'Read and validate a domain\'s DMARC record tag by tag (with the organisational-domain fallback)',
  body: Type.Ref(LookupDmarcDomainOptions),
  response: Type.Ref(LookupDmarcDomainResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.lookupDmarc(body.host),
});

export const lookupMtaStsDomain = toolsOperation({
  operationId: 'lookupMtaStsDomain', method: 'POST', path: '/tools/lookup-mta-sts-domain',
  summary: 'Read the _mta-sts TXT record and fetch the MTA-STS policy from https://mta-sts.<domain>/.well-known/mta-sts.txt',
  body: Type.Ref(LookupMtaStsDomainOptions),
  response: Type.Ref(LookupMtaStsDomainResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.lookupMtaSts(body.host),
});

export const lookupTlsReportingDomain = toolsOperation({
  operationId: 'lookupTlsReportingDomain', method: 'POST', path: '/tools/lookup-tls-reporting-domain',
  summary: 'Read and validate a domain\'s SMTP TLS reporting record (_smtp._tls.<domain>)',
  body: Type.Ref(LookupTlsReportingDomainOptions),
  response: Type.Ref(LookupTlsReportingDomainResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.lookupTlsReporting(body.host),
});

export const lookupBimiDomain = toolsOperation({
  operationId: 'lookupBimiDomain', method: 'POST', path: '/tools/lookup-bimi-domain',
  summary: 'Read and validate a domain\'s BIMI record (default._bimi.<domain>, or a full <selector>._bimi.<domain> name)',
  body: Type.Ref(LookupBimiDomainOptions),
  response: Type.Ref(LookupBimiDomainResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.lookupBimi(body.host),
});
