import { checkEmailDomainReputation, getEmailIntelligence } from './intelligence.js';
import { testSmtpServer } from './testSmtpServer.js';
import { deleteAllValidationRequests, deleteValidationRequest, getValidationRequests, validateEmailAddressList } from './validations.js';
import { verifyEmailAddress } from './verifyEmailAddress.js';

/** EmailVerificationController, with MailServerController verifyEmailAddress and ToolsController testSmtpServer. */
export const emailVerificationOperations = [
  validateEmailAddressList, getValidationRequests, deleteValidationRequest, deleteAllValidationRequests,
  getEmailIntelligence, checkEmailDomainReputation,
  verifyEmailAddress, testSmtpServer,
];
