import {
  acquirePhonePoolLease, addAllPhoneNumbersToPhonePool, addPhoneNumbersToPhonePool, createPhonePool, deletePhonePool, getOrCreatePhonePool, getPhonePool,
  getPhonePoolByName, getPhonePools, releasePhonePoolLease, removePhoneNumberFromPhonePool, updatePhonePool,
} from './phone-pools.js';
import { deletePhoneMessageThreadItems, getAllPhoneMessageThreads, getPhoneMessageThreadItems, getPhoneMessageThreads } from './phone-message-threads.js';

/** PhoneController: pools of numbers with leases, and SMS conversations per number. */
export const phonePoolOperations = [
  createPhonePool, getPhonePools, getPhonePoolByName, getOrCreatePhonePool, getPhonePool, updatePhonePool, deletePhonePool,
  addPhoneNumbersToPhonePool, addAllPhoneNumbersToPhonePool, removePhoneNumberFromPhonePool, acquirePhonePoolLease, releasePhonePoolLease,
  getAllPhoneMessageThreads, getPhoneMessageThreads, getPhoneMessageThreadItems, deletePhoneMessageThreadItems,
];
