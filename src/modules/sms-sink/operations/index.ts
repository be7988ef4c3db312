import { createTwilioMessage, getTwilioMessage, listTwilioMessages } from './twilio-messages.js';

/** The SMS sink: Twilio's Messages resource (create, get, list). */
export const smsSinkOperations = [createTwilioMessage, listTwilioMessages, getTwilioMessage];
