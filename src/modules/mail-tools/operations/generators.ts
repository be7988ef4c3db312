import { Type } from '@sinclair/typebox';
import { mailToolsOperation } from './define.js';
import {
  GenerateBimiRecordOptions, GenerateBimiRecordResults, GenerateDmarcRecordOptions, GenerateDmarcRecordResults,
  GenerateMtaStsRecordOptions, GenerateMtaStsRecordResults, GenerateSpfRecordOptions, GenerateSpfRecordResults,
  GenerateTlsReportingRecordOptions, GenerateTlsReportingRecordResults,
} from '../record-generators.schemas.js';

/** The record generators: checked input in, a TXT record and where to publish it out (record-generators.ts). */

export const generateSpfRecord = mailToolsOperation({
  operationId: 'generateSpfRecord', method: 'POST', path: '/tools/generate-spf-record',
  summary: 'Build an SPF record (v=spf1) for a domain, with its DNS lookup count and warnings',
  body: Type.Ref(GenerateSpfRecordOptions),
  response: Type.Ref(GenerateSpfRecordResults),
  handler: ({ body }, { mailTools }) => mailTools.spfRecord(body),
});

export const generateDmarcRecord = mailToolsOperation({
  operationId: 'generateDmarcRecord', method: 'POST', path: '/tools/generate-dmarc-record',
  summary: 'Build a DMARC record (v=DMARC1) to publish at _dmarc.<domain>',
  body: Type.Ref(GenerateDmarcRecordOptions),
  response: Type.Ref(GenerateDmarcRecordResults),
  handler: ({ body }, { mailTools }) => mailTools.dmarcRecord(body),
});

export const generateMtaStsRecord = mailToolsOperation({
  operationId: 'generateMtaStsRecord', method: 'POST', path: '/tools/generate-mta-sts-record',
  summary: 'Build the _mta-sts TXT record and the MTA-STS policy file (RFC 8461)',
  body: Type.Ref(GenerateMtaStsRecordOptions),
  response: Type.Ref(GenerateMtaStsRecordResults),
  handler: ({ body }, { mailTools }) => mailTools.mtaStsRecord(body),
});

export const generateTlsReportingRecord = mailToolsOperation({
  operationId: 'generateTlsReportingRecord', method: 'POST', path: '/tools/generate-tls-reporting-record',
  summary: 'Build an SMTP TLS reporting record (v=TLSRPTv1) to publish at _smtp._tls.<host>',
  body: Type.Ref(GenerateTlsReportingRecordOptions),
  response: Type.Ref(GenerateTlsReportingRecordResults),
  handler: ({ body }, { mailTools }) => mailTools.tlsReportingRecord(body),
});

export const generateBimiRecord = mailToolsOperation({
  operationId: 'generateBimiRecord', method: 'POST', path: '/tools/generate-bimi-record',
  summary: 'Build a BIMI record (v=BIMI1) to publish at default._bimi.<domain>',
  body: Type.Ref(GenerateBimiRecordOptions),
  response: Type.Ref(GenerateBimiRecordResults),
  handler: ({ body }, { mailTools }) => mailTools.bimiRecord(body),
});
