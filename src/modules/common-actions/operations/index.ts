import { createNewEmailAddress, createRandomInbox } from './createRandomInbox.js';
import { deleteEmailAddress } from './deleteEmailAddress.js';
import { emptyInbox } from './emptyInbox.js';
import { sendEmailQuery, sendEmailSimple } from './sendEmailSimple.js';

/**
 * CommonActionsController: short forms of inbox, email and sending operations, each calling
 * the same services as its long form (InboxService, EmailService, SendingService).
 */
export const commonActionsOperations = [
  createRandomInbox, createNewEmailAddress, deleteEmailAddress, emptyInbox, sendEmailSimple, sendEmailQuery,
];
