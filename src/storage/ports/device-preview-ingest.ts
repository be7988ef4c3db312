/** Storage port of device preview ingest domains and the submissions mailed to them (DevicePreviewsController). */

export interface PreviewIngestDomainRecord {
  id: string;
  tenantId: string;
  /** one DNS label, unique on the server: mail to <profile>@<subdomain>.<mail domain> is a submission */
  subdomain: string;
  createdAt: Date;
  updatedAt: Date;
}

export type PreviewSubmissionStatus = 'RECEIVED' | 'PROCESSING' | 'RUN_CREATED' | 'FAILED';

export interface PreviewSubmissionRecord {
  id: string;
  tenantId: string;
  ingestDomainId: string;
  profileId: string | null;
  runId: string | null;
  recipientEmailAddress: string;
  recipientLocalPart: string;
  matchedProfile: boolean;
  status: PreviewSubmissionStatus;
  sourceFrom: string | null;
  sourceTo: string[] | null;
  sourceSubject: string | null;
  sourceMessageId: string | null;
  sourceSizeBytes: number;
  failureStage: string | null;
  latestError: string | null;
  receivedAt: Date;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PreviewSubmissionFilter {
  /** receivedAt at or after */
  since: Date;
  ingestDomainId?: string;
  profileId?: string;
  localPart?: string;
  /** oldest first, at most this many */
  limit: number;
}

export interface DevicePreviewIngestRepository {
  findDomain(tenantId: string): Promise<PreviewIngestDomainRecord | undefined>;
  findDomainBySubdomain(subdomain: string): Promise<PreviewIngestDomainRecord | undefined>;
  /** false when the tenant has a domain already or the subdomain is taken */
  createDomain(domain: PreviewIngestDomainRecord): Promise<boolean>;
  /** false when the subdomain is taken by another tenant */
  renameDomain(tenantId: string, subdomain: string, at: Date): Promise<boolean>;
  addSubmission(submission: PreviewSubmissionRecord): Promise<void>;
  listSubmissions(tenantId: string, filter: PreviewSubmissionFilter): Promise<PreviewSubmissionRecord[]>;
}
