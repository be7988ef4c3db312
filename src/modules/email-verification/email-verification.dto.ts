import type { Static } from '@sinclair/typebox';
import type { EmailValidationRecord } from '../../storage/ports.js';
import type { EmailValidationRequestDto } from './email-verification.schemas.js';

export const toEmailValidationRequestDto = (r: EmailValidationRecord): Static<typeof EmailValidationRequestDto> => ({
  id: r.id,
  userId: r.tenantId,
  emailAddress: r.emailAddress,
  isValid: r.isValid,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  verdict: r.verdict as 'DELIVERABLE' | 'UNDELIVERABLE' | 'UNKNOWN',
  checkedBy: r.checkedBy as 'SYNTAX' | 'DNS' | 'SMTP',
  reason: r.reason,
});
