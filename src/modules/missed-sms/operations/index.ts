import { getAllMissedSmsMessages } from './getAllMissedSmsMessages.js';
import { getMissedSmsCount } from './getMissedSmsCount.js';
import { getMissedSmsMessage } from './getMissedSmsMessage.js';

/** MissedSmsController: SMS kept aside because their tenant was at the SMS cap. */
export const missedSmsOperations = [getAllMissedSmsMessages, getMissedSmsCount, getMissedSmsMessage];
