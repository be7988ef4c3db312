import { createNewInboxForwarder, deleteInboxForwarder, deleteInboxForwarders, getInboxForwarder, getInboxForwarders, updateInboxForwarder } from './forwarders.js';
import { getAllInboxForwarderEvents, getForwarderEvent, getInboxForwarderEvent, getInboxForwarderEvents } from './events.js';
import { testInboxForwarder, testInboxForwardersForInbox, testNewInboxForwarder } from './tests.js';

/** InboxForwarderController. */
export const forwarderOperations = [
  createNewInboxForwarder, getInboxForwarders, getInboxForwarder, updateInboxForwarder, deleteInboxForwarder, deleteInboxForwarders,
  getAllInboxForwarderEvents, getForwarderEvent, getInboxForwarderEvents, getInboxForwarderEvent,
  testInboxForwarder, testInboxForwardersForInbox, testNewInboxForwarder,
];
