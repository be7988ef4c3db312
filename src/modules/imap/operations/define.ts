import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** IMAP commands over HTTP: ImapController operations. */
export const imapOperation = operationsOf<Services>('ImapController');
/** IMAP flags of one email: an EmailController operation (applyImapFlagOperation). */
export const imapEmailOperation = operationsOf<Services>('EmailController');
