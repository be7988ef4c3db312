import { generateBimiRecord, generateDmarcRecord, generateMtaStsRecord, generateSpfRecord, generateTlsReportingRecord } from './generators.js';
import { analyzeDmarcReport, analyzeEmailHeaders, checkEmailFeaturesClientSupport } from './analyzers.js';
import {
  createNewFakeEmailAddress, deleteNewFakeEmailAddress, getFakeEmailByEmailAddress, getFakeEmailById, getFakeEmailRaw, getFakeEmailsForAddress,
} from './fake-emails.js';

/** ToolsController: record generators, analyzers, client support and fake email addresses. */
export const mailToolsOperations = [
  generateSpfRecord, generateDmarcRecord, generateMtaStsRecord, generateTlsReportingRecord, generateBimiRecord,
  analyzeEmailHeaders, analyzeDmarcReport, checkEmailFeaturesClientSupport,
  createNewFakeEmailAddress, deleteNewFakeEmailAddress, getFakeEmailById, getFakeEmailByEmailAddress, getFakeEmailsForAddress, getFakeEmailRaw,
];
