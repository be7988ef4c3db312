import { adminCreateUser, adminGetUser, adminListUsers } from './users.js';
import { adminCreateApiKey, adminListApiKeys, adminRevokeApiKey } from './api-keys.js';

/** Admin-only tenant management. */
export const adminOperations = [adminCreateUser, adminListUsers, adminGetUser, adminCreateApiKey, adminListApiKeys, adminRevokeApiKey];
