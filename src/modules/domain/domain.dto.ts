import type { Static } from '@sinclair/typebox';
import type { DomainHealthEventRecord, InboxType } from '../../storage/ports.js';
import type { DomainDto, DomainHealthEventDto, DomainPreview } from './domain.schemas.js';
import type { DomainView } from './domain.service.js';

export const domainTypeOf = (inboxType: InboxType) => (inboxType === 'SMTP' ? 'SMTP_DOMAIN' as const : 'HTTP_INBOX' as const);

export function toDomainDto(view: DomainView): Static<typeof DomainDto> {
  const { record } = view;
  return {
    id: record.id,
    userId: record.tenantId,
    domain: record.domain,
    verificationToken: record.verificationToken ?? '',
    dkimTokens: record.dkimSelector ? [record.dkimSelector] : [],
    duplicateRecordsMessage: view.duplicateRecordsMessage,
    hasDuplicateRecords: view.hasDuplicateRecords,
    missingRecordsMessage: view.missingRecordsMessage,
    hasMissingRecords: view.hasMissingRecords,
    isVerified: record.verified,
    domainNameRecords: view.records,
    catchAllInboxId: record.catchAllInboxId,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    domainType: domainTypeOf(record.inboxType),
  };
}

export function toDomainPreview(view: DomainView): Static<typeof DomainPreview> {
  const { record } = view;
  return {
    id: record.id,
    domain: record.domain,
    catchAllInboxId: record.catchAllInboxId,
    createdAt: record.createdAt.toISOString(),
    domainType: domainTypeOf(record.inboxType),
    isVerified: record.verified,
    hasMissingRecords: view.hasMissingRecords,
  };
}

export function toDomainHealthEventDto(e: DomainHealthEventRecord): Static<typeof DomainHealthEventDto> {
  return {
    id: e.id,
    domainId: e.domainId,
    domainName: e.domainName,
    eventType: e.eventType as Static<typeof DomainHealthEventDto>['eventType'],
    status: e.status,
    severity: e.severity,
    title: e.title,
    message: e.message,
    recommendation: e.recommendation,
    eventTime: e.eventTime.toISOString(),
    createdAt: e.createdAt.toISOString(),
  };
}
