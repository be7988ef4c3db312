import { getExpiredInboxes } from './getExpiredInboxes.js';
import { getExpiredInboxRecord } from './getExpiredInboxRecord.js';
import { getExpiredInboxByInboxId } from './getExpiredInboxByInboxId.js';
import { getExpirationDefaults } from './getExpirationDefaults.js';

/** ExpiredController: records of expired inboxes, and the expiry defaults. */
export const expiredOperations = [getExpiredInboxes, getExpirationDefaults, getExpiredInboxByInboxId, getExpiredInboxRecord];
