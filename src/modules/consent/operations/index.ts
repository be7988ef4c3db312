import {
  checkSendingConsentForEmailAddress, confirmOptInConsent, getOptInIdentities, revokeOptInConsentForEmailAddress, sendOptInConsentForEmailAddress,
} from './consent.js';

/** ConsentController, and the public confirmation link its requests mail. */
export const consentOperations = [
  checkSendingConsentForEmailAddress, getOptInIdentities, revokeOptInConsentForEmailAddress, sendOptInConsentForEmailAddress, confirmOptInConsent,
];
