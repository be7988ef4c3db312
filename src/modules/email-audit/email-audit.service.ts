import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { EmailAuditFilter, EmailAuditRecord, EmailAuditRepository, EmailRepository } from '../../storage/ports.js';
import type { EmailBodyCheckService } from '../email/body-check.service.js';
import { normalizeContentId } from '../email/content.js';
import type { HtmlWork } from '../email/html-work.js';
import { toEmailAnalysis } from '../mail-auth/mail-auth.service.js';
import { buildAnalysis, diffInsights, mentionsAttachment } from './audit-analysis.js';
import type { AnalysisResult, AuditInput } from './email-audit.schemas.js';

type Verdicts = NonNullable<AuditInput['emailAnalysis']>;
const VERDICTS: Array<[keyof Verdicts, string]> = [
  ['spfVerdict', 'SPF'], ['dkimVerdict', 'DKIM'], ['dmarcVerdict', 'DMARC'], ['spamVerdict', 'spam'], ['virusVerdict', 'virus'],
];

export interface StoredAudit extends EmailAuditRecord { analysis: AnalysisResult }

/**
 * Email audits: the body checks (links and images fetched through the private-address guard),
 * HTML validation, email-client support and accessibility of one message, combined
 * (audit-analysis.ts); run on given content or a stored email, and kept per tenant on request.
 */
export class EmailAuditService {
  constructor(
    private readonly audits: EmailAuditRepository,
    private readonly emails: EmailRepository,
    private readonly htmlWork: HtmlWork,
    private readonly bodyChecks: EmailBodyCheckService,
    private readonly clock: Clock,
  ) {}

  /** checkEmailAudit: given content, nothing stored; cid: images are not judged (there are no parts). */
  async analyze(input: AuditInput): Promise<AnalysisResult> {
    const htmlBody = input.htmlBody ?? null;
    const textBody = input.textBody ?? null;
    if (!htmlBody?.trim() && !textBody?.trim()) throw badRequest('htmlBody or textBody is required: there is nothing to audit');
    const verdicts = VERDICTS.flatMap(([key, name]): Array<[string, string]> => {
      const value = input.emailAnalysis?.[key];
      return value?.trim() ? [[name, value]] : [];
    });
    return this.run({ htmlBody: htmlBody?.trim() ? htmlBody : null, textBody }, null, verdicts, input.hasAttachments ?? null);
  }

  /** checkEmailAudit1: a stored email with its parts and the verdicts found when it came in. */
  async analyzeEmail(tenantId: string, emailId: string): Promise<{ analysis: AnalysisResult; context: AuditContext }> {
    const email = await this.emails.findById(tenantId, emailId);
    if (!email) throw notFound(`No email ${emailId}`);
    const attachments = await this.emails.attachments(tenantId, emailId);
    const contentIds = new Set(attachments.filter((a) => a.contentId).map((a) => normalizeContentId(a.contentId!).toLowerCase()));
    const analysis = email.authentication ? toEmailAnalysis(email.authentication) : null;
    const verdicts = VERDICTS.flatMap(([key, name]): Array<[string, string]> => {
      const value = analysis?.[key];
      return typeof value === 'string' && value.trim() ? [[name, value]] : [];
    });
    const result = await this.run(email, contentIds, verdicts, attachments.length > 0);
    return {
      analysis: result,
      context: { emailId, fromAddress: email.from, recipient: email.recipients.to[0]?.emailAddress ?? null, subject: email.subject },
    };
  }

  async create(tenantId: string, input: AuditInput): Promise<StoredAudit> {
    const analysis = await this.analyze(input);
    return this.store(tenantId, analysis, {
      emailId: null, fromAddress: input.fromAddress ?? null, recipient: input.recipient ?? null, subject: input.subject ?? null,
    });
  }

  async createForEmail(tenantId: string, emailId: string): Promise<StoredAudit> {
    const { analysis, context } = await this.analyzeEmail(tenantId, emailId);
    return this.store(tenantId, analysis, context);
  }

  async get(tenantId: string, auditId: string): Promise<StoredAudit> {
    const audit = await this.audits.get(tenantId, auditId);
    if (!audit) throw notFound(`No email audit ${auditId}`);
    return audit as StoredAudit;
  }

  async list(tenantId: string, filter: EmailAuditFilter): Promise<StoredAudit[]> {
    if (filter.since && filter.before && filter.since.getTime() >= filter.before.getTime()) throw badRequest('since must be before before');
    return (await this.audits.list(tenantId, filter)) as StoredAudit[];
  }

  async delete(tenantId: string, auditId: string): Promise<void> {
    if (!(await this.audits.delete(tenantId, auditId))) throw notFound(`No email audit ${auditId}`);
  }

  /** The older audit is the baseline, whichever order the ids come in. */
  async compare(tenantId: string, auditId: string, otherAuditId: string) {
    const a = await this.get(tenantId, auditId);
    const b = await this.get(tenantId, otherAuditId);
    const [baseline, current] = a.createdAt.getTime() <= b.createdAt.getTime() ? [a, b] : [b, a];
    const was = baseline.analysis;
    const now = current.analysis;
    const insights = diffInsights(was.insights, now.insights);
    return {
      baseline, current,
      healthScoreDelta: now.healthScore - was.healthScore,
      statusChanged: now.status !== was.status,
      brokenLinkDelta: now.linkIssueCount - was.linkIssueCount,
      brokenImageDelta: now.imageIssueCount - was.imageIssueCount,
      spellingIssueDelta: now.spellingIssueCount - was.spellingIssueCount,
      htmlErrorDelta: now.htmlErrorCount - was.htmlErrorCount,
      htmlWarningDelta: now.htmlWarningCount - was.htmlWarningCount,
      compatibilityWarningDelta: now.compatibilityWarningCount - was.compatibilityWarningCount,
      compatibilityNotSupportedDelta: now.compatibilityNotSupportedCount - was.compatibilityNotSupportedCount,
      reputationFailureDelta: now.reputationFailureCount - was.reputationFailureCount,
      attachmentMentionIssueDelta: now.attachmentMentionIssueCount - was.attachmentMentionIssueCount,
      addedInsights: insights.added,
      removedInsights: insights.removed,
      unchangedInsights: insights.unchanged,
      accessibilityFindingDelta: now.accessibilityFindings.length - was.accessibilityFindings.length,
    };
  }

  private async run(body: { htmlBody: string | null; textBody: string | null }, contentIds: Set<string> | null,
    verdicts: Array<[string, string]>, hasAttachments: boolean | null): Promise<AnalysisResult> {
    const html = body.htmlBody;
    // The network check runs while the worker threads parse. The HTML tasks go one after the
    // other: side by side they would each load the HTML modules on a cold thread at once, and
    // on a small machine run past the parse budget together (a 413 for an ordinary email).
    const htmlChecks = async () => {
      if (html === null) return null;
      const validation = await this.htmlWork.validate(html);
      const support = await this.htmlWork.clientSupport(html);
      const accessibility = await this.htmlWork.accessibility(html);
      const text = hasAttachments === false && body.textBody === null ? await this.htmlWork.text(html) : null;
      return { validation, support, accessibility, text };
    };
    const [checked, htmlResults] = await Promise.all([this.bodyChecks.checkBody(body, contentIds), htmlChecks()]);
    const text = body.textBody ?? htmlResults?.text ?? '';
    return buildAnalysis({
      body: checked,
      html: htmlResults,
      verdicts,
      missingAttachment: hasAttachments === null ? null : !hasAttachments && mentionsAttachment(text),
    });
  }

  private async store(tenantId: string, analysis: AnalysisResult, context: AuditContext): Promise<StoredAudit> {
    const now = this.clock.now();
    const record: StoredAudit = { id: newId(), tenantId, ...context, analysis, createdAt: now, updatedAt: now };
    await this.audits.insert(record);
    return record;
  }
}

export interface AuditContext { emailId: string | null; fromAddress: string | null; recipient: string | null; subject: string | null }
