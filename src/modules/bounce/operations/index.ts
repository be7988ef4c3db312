import { getBouncedEmails } from './getBouncedEmails.js';
import { getBouncedEmail } from './getBouncedEmail.js';
import { getBouncedRecipients } from './getBouncedRecipients.js';
import { getBouncedRecipient } from './getBouncedRecipient.js';
import { filterBouncedRecipient } from './filterBouncedRecipient.js';
import { getComplaints } from './getComplaints.js';
import { getComplaint } from './getComplaint.js';
import { getListUnsubscribeRecipients } from './getListUnsubscribeRecipients.js';
import { oneClickUnsubscribe } from './oneClickUnsubscribe.js';
import { getReputationItems } from './getReputationItems.js';
import { getTenantReputationFindings } from './getTenantReputationFindings.js';
import { getTenantReputationStatusSummary } from './getTenantReputationStatusSummary.js';
import { getAccountBounceBlockStatus } from './getAccountBounceBlockStatus.js';

/** BounceController: bounces, complaints, list-unsubscribes and the sending reputation they make. */
export const bounceOperations = [
  getBouncedEmails, getBouncedEmail, getBouncedRecipients, getBouncedRecipient, filterBouncedRecipient,
  getComplaints, getComplaint, getListUnsubscribeRecipients, oneClickUnsubscribe, getReputationItems,
  getTenantReputationFindings, getTenantReputationStatusSummary, getAccountBounceBlockStatus,
];
