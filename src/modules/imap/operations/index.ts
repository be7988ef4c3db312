import { imapServerList } from './imapServerList.js';
import { imapServerMailbox } from './imapServerMailbox.js';
import { imapServerStatus } from './imapServerStatus.js';
import { imapServerSearch } from './imapServerSearch.js';
import { imapServerFetch } from './imapServerFetch.js';
import { imapServerGet } from './imapServerGet.js';
import { imapServerUpdateFlags } from './imapServerUpdateFlags.js';
import { applyImapFlagOperation } from './applyImapFlagOperation.js';

/** ImapController's seven operations and EmailController.applyImapFlagOperation. */
export const imapOperations = [
  imapServerList, imapServerMailbox, imapServerStatus, imapServerSearch, imapServerFetch, imapServerGet, imapServerUpdateFlags,
  applyImapFlagOperation,
];
