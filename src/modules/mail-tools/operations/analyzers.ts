import { Type } from '@sinclair/typebox';
import { mailToolsOperation } from './define.js';
import {
  AnalyzeDmarcReportOptions, AnalyzeDmarcReportResults, AnalyzeEmailHeadersOptions, AnalyzeEmailHeadersResults,
  CheckEmailFeaturesClientSupportOptions, CheckEmailFeaturesClientSupportResults,
} from '../analyzers.schemas.js';
import { MAX_REPORT_BYTES } from '../dmarc-report-input.js';

export const analyzeEmailHeaders = mailToolsOperation({
  operationId: 'analyzeEmailHeaders', method: 'POST', path: '/tools/analyze-email-headers',
  summary: 'The Received path (hops, times, delays), the Authentication-Results verdicts and every header of a message',
  body: Type.Ref(AnalyzeEmailHeadersOptions),
  response: Type.Ref(AnalyzeEmailHeadersResults),
  handler: ({ body }, { mailTools }) => mailTools.headers(body.rawHeaders),
});

export const analyzeDmarcReport = mailToolsOperation({
  operationId: 'analyzeDmarcReport', method: 'POST', path: '/tools/analyze-dmarc-report',
  summary: 'Summarise a DMARC aggregate report (XML, or base64 of its .xml.gz or .zip file)',
  body: Type.Ref(AnalyzeDmarcReportOptions),
  // base64 of the largest report, its JSON envelope and some room
  bodyLimit: () => Math.ceil((MAX_REPORT_BYTES * 4) / 3) + 64 * 1024,
  response: Type.Ref(AnalyzeDmarcReportResults),
  handler: ({ body }, { mailTools }) => mailTools.dmarcReport(body.reportXml),
});

export const checkEmailFeaturesClientSupport = mailToolsOperation({
  operationId: 'checkEmailFeaturesClientSupport', method: 'POST', path: '/tools/check-email-features-client-support',
  summary: 'The HTML and CSS features the given HTML uses and their support in each email client, from the caniemail.com data',
  body: Type.Ref(CheckEmailFeaturesClientSupportOptions),
  response: Type.Ref(CheckEmailFeaturesClientSupportResults),
  handler: async ({ body }, { content }) => ({ result: await content.clientSupport(body.emailBody) }),
});
