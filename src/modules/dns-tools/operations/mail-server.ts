import { Type } from '@sinclair/typebox';
import { DNSLookupOptions } from '../../domain-monitor/domain-monitor.schemas.js';
import { DNSLookupResults, DNSLookupsOptions, DescribeDomainOptions, DescribeMailServerDomainResult, IPAddressResult, IpAddressQuery } from '../dns-tools.schemas.js';
import { mailServerOperation } from './define.js';

export const getDnsLookup = mailServerOperation({
  operationId: 'getDnsLookup', method: 'POST', path: '/mail-server/describe/dns-lookup',
  summary: 'Look up DNS records of a host name through this server\'s resolvers',
  body: Type.Ref(DNSLookupOptions),
  response: Type.Ref(DNSLookupResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.dnsLookups([body]),
});

export const getDnsLookups = mailServerOperation({
  operationId: 'getDnsLookups', method: 'POST', path: '/mail-server/describe/dns-lookups',
  summary: 'Several DNS lookups at once, their results in one list',
  body: Type.Ref(DNSLookupsOptions),
  response: Type.Ref(DNSLookupResults),
  handler: async ({ body }, { dnsTools }) => dnsTools.dnsLookups(body.lookups),
});

export const describeMailServerDomain = mailServerOperation({
  operationId: 'describeMailServerDomain', method: 'POST', path: '/mail-server/describe/domain',
  summary: 'A domain\'s MX records and what each MX host answers when connected to',
  body: Type.Ref(DescribeDomainOptions),
  response: Type.Ref(DescribeMailServerDomainResult),
  handler: async ({ body }, { dnsTools }) => dnsTools.describeDomain(body.domain),
});

export const getIpAddress = mailServerOperation({
  operationId: 'getIpAddress', method: 'POST', path: '/mail-server/describe/ip-address',
  summary: 'Resolve a host name to an IP address (A, else AAAA)',
  query: IpAddressQuery,
  response: Type.Ref(IPAddressResult),
  handler: async ({ query }, { dnsTools }) => dnsTools.ipAddress(query.name),
});
