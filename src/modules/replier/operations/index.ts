import {
  createNewInboxReplier, deleteInboxReplier, deleteInboxRepliers, getInboxReplier, getInboxRepliers, updateInboxReplier, updateInboxReplierActive,
} from './repliers.js';
import { getAllInboxReplierEvents, getInboxReplierEvents } from './events.js';

/** InboxReplierController (plus the spec's PUT /repliers/{id}/active). */
export const replierOperations = [
  createNewInboxReplier, getInboxRepliers, getInboxReplier, updateInboxReplier, updateInboxReplierActive, deleteInboxReplier, deleteInboxRepliers,
  getAllInboxReplierEvents, getInboxReplierEvents,
];
