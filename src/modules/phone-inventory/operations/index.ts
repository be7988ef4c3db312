import { getPhonePlans, getPhonePlansAvailability } from './plans.js';
import { createPhoneProvisioningJob, getPhoneProvisioningCapabilities, getPhoneProvisioningJob, searchAvailablePhoneNumbers } from './provisioning.js';
import { getAllPhoneNumberReleases, getPhoneNumberRelease, reassignPhoneNumberRelease } from './releases.js';
import { exportPhoneNumbersCsv, getPhoneNumberLineTypeIntelligence, getPhoneSummary } from './summary.js';
import {
  createEmergencyAddress, deleteEmergencyAddress, getConsentStatus, getEmergencyAddress, getEmergencyAddresses, getPhoneSmsPrepaidCredit,
  getPhoneSmsPrepaidCredits, setConsentStatus,
} from './account.js';

/** PhoneController: the simulated carrier's inventory (plans, provisioning, releases, summary, account settings). */
export const phoneInventoryOperations = [
  getPhonePlans, getPhonePlansAvailability,
  getPhoneProvisioningCapabilities, searchAvailablePhoneNumbers, createPhoneProvisioningJob, getPhoneProvisioningJob,
  getAllPhoneNumberReleases, getPhoneNumberRelease, reassignPhoneNumberRelease,
  getPhoneSummary, exportPhoneNumbersCsv, getPhoneNumberLineTypeIntelligence,
  getConsentStatus, setConsentStatus,
  createEmergencyAddress, getEmergencyAddresses, getEmergencyAddress, deleteEmergencyAddress,
  getPhoneSmsPrepaidCredits, getPhoneSmsPrepaidCredit,
];
