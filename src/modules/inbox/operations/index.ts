import { createInbox } from './createInbox.js';
import { createInboxWithDefaults } from './createInboxWithDefaults.js';
import { createInboxWithOptions } from './createInboxWithOptions.js';
import { getInbox } from './getInbox.js';
import { updateInbox } from './updateInbox.js';
import { deleteInbox } from './deleteInbox.js';
import { deleteAllInboxes } from './deleteAllInboxes.js';
import { deleteAllInboxesByDescription, deleteAllInboxesByName, deleteAllInboxesByTag } from './deleteAllInboxesBy.js';
import { getInboxes } from './getInboxes.js';
import { getAllInboxes } from './getAllInboxes.js';
import { getAllInboxesOffsetPaginated } from './getAllInboxesOffsetPaginated.js';
import { getOrganizationInboxes } from './getOrganizationInboxes.js';
import { searchInboxes } from './searchInboxes.js';
import { doesInboxExist } from './doesInboxExist.js';
import { isEmailAddressAvailable } from './isEmailAddressAvailable.js';
import { getInboxByEmailAddress } from './getInboxByEmailAddress.js';
import { getInboxByName } from './getInboxByName.js';
import { getInboxCount } from './getInboxCount.js';
import { getInboxIds } from './getInboxIds.js';
import { getInboxTags, getInboxTagsPaginated } from './getInboxTags.js';
import { getInboxesByTag } from './getInboxesByTag.js';
import { setInboxFavourited } from './setInboxFavourited.js';
import { flushExpired } from './flushExpired.js';
import { getOutboxes } from './getOutboxes.js';

/** InboxController: one file per operationId (or small family) in this folder. */
export const inboxOperations = [
  createInbox, createInboxWithDefaults, createInboxWithOptions, getInbox, updateInbox, deleteInbox,
  deleteAllInboxes, deleteAllInboxesByTag, deleteAllInboxesByName, deleteAllInboxesByDescription,
  getInboxes, getAllInboxes, getAllInboxesOffsetPaginated, getOrganizationInboxes, searchInboxes,
  doesInboxExist, isEmailAddressAvailable, getInboxByEmailAddress, getInboxByName, getInboxCount,
  getInboxIds, getInboxTags, getInboxTagsPaginated, getInboxesByTag, setInboxFavourited, flushExpired,
  getOutboxes,
];
