import { createPhoneNumber, deleteAllPhoneNumber, deletePhoneNumber, getPhoneNumber, getPhoneNumberByName, getPhoneNumberByPhoneNumber, getPhoneNumbers, updatePhoneNumber } from './phone-numbers.js';
import { addPhoneNumberTags, getPhoneNumberTags, getPhoneTags, removePhoneNumberTags, setPhoneFavourited, setPhoneNumberTags } from './phone-tags.js';
import { validatePhoneNumber } from './validatePhoneNumber.js';
import { getSmsByPhoneNumber, testPhoneNumberSendSms } from './phone-sms.js';
import { getSentSmsByPhoneNumber, sendSmsFromPhoneNumber } from './phone-sent-sms.js';
import { downloadPhoneNumberMedia, downloadPhoneNumberMediaBase64, getPhoneNumberMedia, getPhoneNumberMedia1, getPhoneNumberMediaById } from './phone-media.js';

/** PhoneController: numbers of the simulated carrier (pools, plans, provisioning and the rest come later). */
export const phoneOperations = [
  createPhoneNumber, getPhoneNumbers, getPhoneNumberByName, getPhoneNumberByPhoneNumber, getPhoneNumber, updatePhoneNumber, deletePhoneNumber, deleteAllPhoneNumber,
  getPhoneNumberTags, setPhoneNumberTags, addPhoneNumberTags, removePhoneNumberTags, getPhoneTags, setPhoneFavourited, validatePhoneNumber,
  testPhoneNumberSendSms, getSmsByPhoneNumber, sendSmsFromPhoneNumber, getSentSmsByPhoneNumber,
  getPhoneNumberMedia1, getPhoneNumberMediaById, downloadPhoneNumberMedia, downloadPhoneNumberMediaBase64, getPhoneNumberMedia,
];
