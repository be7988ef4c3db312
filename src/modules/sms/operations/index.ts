import { deleteSmsMessage, deleteSmsMessages, getAllSmsMessages, getSmsCount, getSmsMessage, getUnreadSmsCount, markAllSmsAsRead, markSmsAsRead, setSmsFavourited } from './sms-messages.js';
import { getSmsCodes } from './getSmsCodes.js';

/** SmsController: reading received SMS (sending, sent SMS, codes and media come later). */
export const smsOperations = [
  getAllSmsMessages, getSmsCount, getUnreadSmsCount, markAllSmsAsRead, deleteSmsMessages, getSmsMessage, markSmsAsRead, setSmsFavourited, deleteSmsMessage, getSmsCodes,
];
