import { deleteSmsMessage, deleteSmsMessages, getAllSmsMessages, getSmsCount, getSmsMessage, getUnreadSmsCount, markAllSmsAsRead, markSmsAsRead, setSmsFavourited } from './sms-messages.js';
import { getSmsCodes } from './getSmsCodes.js';
import { downloadSmsMedia, downloadSmsMediaBase64, getSmsMedia, getSmsMediaById } from './sms-media.js';
import { deleteSentSmsMessage, deleteSentSmsMessages, getReplyForSmsMessage, getSentSmsCount, getSentSmsMessage, getSentSmsMessagesPaginated, replyToSmsMessage, sendSms } from './sent-sms.js';

/** SmsController: sending and sent SMS (static /sms/send and /sms/sent paths first), reading received SMS MMS media. */
export const smsOperations = [
  sendSms, getSentSmsMessagesPaginated, getSentSmsCount, deleteSentSmsMessages, getSentSmsMessage, deleteSentSmsMessage, replyToSmsMessage, getReplyForSmsMessage,
  getAllSmsMessages, getSmsCount, getUnreadSmsCount, markAllSmsAsRead, deleteSmsMessages, getSmsMessage, markSmsAsRead, setSmsFavourited, deleteSmsMessage, getSmsCodes,
  getSmsMediaById, downloadSmsMedia, downloadSmsMediaBase64, getSmsMedia,
];
