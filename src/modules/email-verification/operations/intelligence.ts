import { Type } from '@sinclair/typebox';
import {
  EmailDomainReputationOptions, EmailDomainReputationResult, EmailIntelligenceListResult, EmailIntelligenceOptions,
} from '../email-verification.schemas.js';
import { emailIntelligence } from '../intelligence.js';
import { domainReputation } from '../reputation.js';
import { emailVerificationOperation } from './define.js';

export const getEmailIntelligence = emailVerificationOperation({
  operationId: 'getEmailIntelligence', method: 'POST', path: '/email-verification/intelligence',
  summary: 'Signals of email addresses or domains (syntax, DNS, free/disposable/role lists, optional SMTP check) and a score from them',
  body: EmailIntelligenceOptions,
  response: Type.Ref(EmailIntelligenceListResult),
  handler: ({ body, signal }, { emailVerification }) => emailIntelligence(emailVerification.verifier, body, signal),
});

export const checkEmailDomainReputation = emailVerificationOperation({
  operationId: 'checkEmailDomainReputation', method: 'POST', path: '/email-verification/domain-reputation',
  summary: 'DNS facts of a sender (MX, SPF, DMARC) and its DNS blocklist listings',
  body: EmailDomainReputationOptions,
  response: Type.Ref(EmailDomainReputationResult),
  handler: ({ body }, { emailVerification, dnsTools }) => domainReputation(emailVerification.verifier, (input) => dnsTools.blacklist(input), body),
});
