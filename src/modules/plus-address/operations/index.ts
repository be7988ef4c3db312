import {
  getAllPlusAddresses, getInboxPlusAddress, getInboxPlusAddressById, getInboxPlusAddresses, getOrCreateInboxPlusAddress,
  getOrCreatePlusAddressByFullAddress,
} from './plusAddresses.js';
import { getInboxPlusAddressEmails, getInboxPlusAddressEmailsForPlusAddressId } from './plusAddressEmails.js';

/** The plus-address operations of InboxController. */
export const plusAddressOperations = [
  getAllPlusAddresses, getInboxPlusAddresses, getInboxPlusAddressById, getInboxPlusAddress, getOrCreateInboxPlusAddress,
  getOrCreatePlusAddressByFullAddress, getInboxPlusAddressEmails, getInboxPlusAddressEmailsForPlusAddressId,
];
