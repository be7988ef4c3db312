import { api } from '../api';
import { Empty, ErrorBox, Loading, useAsync } from '../ui';

interface UrlIssue { url: string; statusCode?: number | null; message: string }
interface ValidationMessage { lineNumber: number; message: string | null }
interface AccessibilityFinding { ruleId: string; severity: 'Warning' | 'Error'; message: string; where: string; line: number | null }
interface SupportItem { feature?: string; title?: string; status?: string; clients?: string[] }
interface Audit {
  status: string; healthScore: number; totalChecks: number; passingChecks: number; insights: string[];
  brokenLinks: UrlIssue[]; brokenImages: UrlIssue[];
  htmlValidation?: { errors: ValidationMessage[]; warnings: ValidationMessage[] } | null;
  accessibilityFindings?: AccessibilityFinding[];
  compatibilityWarningCount: number; compatibilityNotSupportedCount: number;
  featureSupport?: { issues?: SupportItem[] } | null;
}
interface Finding { group: string; severity: 'Error' | 'Warning'; message: string; where: string }

/**
 * The audit tab: checkEmailAudit1 on this email (nothing stored), every finding grouped by kind:
 * accessibility, links and images, HTML validation, email-client support.
 */
export function AuditTab({ emailId }: { emailId: string }) {
  const audit = useAsync(() => api.post<Audit>(`/emails/${emailId}/check-email-audit`, {}), [emailId]);
  if (audit.error) return <ErrorBox error={audit.error} retry={audit.reload} />;
  if (!audit.data) return <Loading />;
  const data = audit.data;
  const findings = findingsOf(data);
  const groups = ['Accessibility', 'Links and images', 'HTML validation', 'Email-client support'];
  return (
    <div class="audit">
      <p class="audit-score">
        <strong>{data.status}</strong> · health {data.healthScore}/100 · {data.passingChecks} of {data.totalChecks} checks passed
        {' '}<button type="button" onClick={audit.reload} disabled={audit.loading}>Check again</button>
      </p>
      {findings.length === 0 ? <Empty>No findings: every check passed.</Empty> : groups.map((group) => {
        const inGroup = findings.filter((f) => f.group === group);
        if (inGroup.length === 0) return null;
        return (
          <section key={group} aria-label={group}>
            <h3>{group} ({inGroup.length})</h3>
            <ul class="findings">
              {inGroup.map((f, i) => (
                <li key={i} class={`check-${f.severity.toLowerCase()}`}>
                  <span class="badge">{f.severity}</span> {f.message}{f.where && <> <code class="mono">{f.where}</code></>}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function findingsOf(audit: Audit): Finding[] {
  const findings: Finding[] = [];
  for (const f of audit.accessibilityFindings ?? []) {
    findings.push({ group: 'Accessibility', severity: f.severity, message: f.message, where: f.line ? `line ${f.line}: ${f.where}` : f.where });
  }
  for (const [kind, list] of [['Link', audit.brokenLinks], ['Image', audit.brokenImages]] as const) {
    for (const issue of list) findings.push({ group: 'Links and images', severity: 'Error', message: `${kind} ${issue.statusCode ? `answered ${issue.statusCode}` : 'failed'}: ${issue.message}`, where: issue.url });
  }
  for (const [severity, list] of [['Error', audit.htmlValidation?.errors], ['Warning', audit.htmlValidation?.warnings]] as const) {
    for (const m of list ?? []) findings.push({ group: 'HTML validation', severity, message: m.message ?? '', where: m.lineNumber ? `line ${m.lineNumber}` : '' });
  }
  if (audit.compatibilityNotSupportedCount + audit.compatibilityWarningCount > 0) {
    findings.push({
      group: 'Email-client support', severity: audit.compatibilityNotSupportedCount > 0 ? 'Error' : 'Warning',
      message: `${audit.compatibilityNotSupportedCount} features not supported and ${audit.compatibilityWarningCount} partly supported by some email clients (the HTML check tab lists them per client)`,
      where: '',
    });
  }
  return findings;
}
