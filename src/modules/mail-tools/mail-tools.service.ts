/**
 * ToolsController's record generators and analyzers: pure work on the caller's input (no DNS,
 * no storage). The client-support check runs through EmailContentService, on the mail worker
 * threads within the parse budget, as checkEmailClientSupport does.
 */
import type { Clock } from '../../core/clock.js';
import {
  generateBimi, generateDmarc, generateMtaSts, generateSpf, generateTlsReporting,
  type BimiOptions, type DmarcOptions, type MtaStsOptions, type SpfOptions, type TlsReportingOptions,
} from './record-generators.js';
import { analyzeHeaders } from './header-analysis.js';
import { analyzeDmarcReport } from './dmarc-report.js';

export class MailToolsService {
  constructor(private readonly clock: Clock) {}

  spfRecord(options: SpfOptions) {
    return generateSpf(options);
  }

  dmarcRecord(options: DmarcOptions) {
    return generateDmarc(options);
  }

  mtaStsRecord(options: MtaStsOptions) {
    return generateMtaSts(options, this.clock.now());
  }

  tlsReportingRecord(options: TlsReportingOptions) {
    return generateTlsReporting(options);
  }

  bimiRecord(options: BimiOptions) {
    return generateBimi(options);
  }

  headers(rawHeaders: string) {
    return analyzeHeaders(rawHeaders);
  }

  dmarcReport(reportXml: string) {
    return analyzeDmarcReport(reportXml);
  }
}
