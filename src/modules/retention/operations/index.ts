import { createOrUpdateInboxRetentionPolicyForAccount, deleteInboxRetentionPolicyForAccount, getInboxRetentionPolicyForAccount } from './account-policy.js';
import { deleteInboxRetentionPolicy, getInboxRetentionPolicy, updateInboxRetentionPolicy } from './policy-by-id.js';
import { deleteEmailRetentionPolicy, getEmailRetentionPolicy, runEmailRetention, updateEmailRetentionPolicy } from './email-retention.js';
import { createInboxRetentionPolicyRun, getInboxRetentionPolicyRun, getInboxRetentionPolicyRuns } from './runs.js';

/** Inbox retention policies and their runs (UserController in the client; the by-id routes are the spec's §4.7). */
export const retentionOperations = [
  getInboxRetentionPolicyForAccount, createOrUpdateInboxRetentionPolicyForAccount, deleteInboxRetentionPolicyForAccount,
  createInboxRetentionPolicyRun, getInboxRetentionPolicyRuns, getInboxRetentionPolicyRun,
  getInboxRetentionPolicy, updateInboxRetentionPolicy, deleteInboxRetentionPolicy,
  // Pigeonhole's own: email retention by count and age
  getEmailRetentionPolicy, updateEmailRetentionPolicy, deleteEmailRetentionPolicy, runEmailRetention,
];
