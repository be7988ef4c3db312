import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ImapMailboxService } from '../imap.service.js';
import { ImapCommandsService } from '../imap-commands.service.js';
import type { ImapRoute } from './kit.js';
import { imapServerList } from './imapServerList.js';
import { imapServerMailbox } from './imapServerMailbox.js';
import { imapServerStatus } from './imapServerStatus.js';
import { imapServerSearch } from './imapServerSearch.js';
import { imapServerFetch } from './imapServerFetch.js';
import { imapServerGet } from './imapServerGet.js';
import { imapServerUpdateFlags } from './imapServerUpdateFlags.js';
import { applyImapFlagOperation } from './applyImapFlagOperation.js';

/** ImapController's seven operations and EmailController.applyImapFlagOperation. */
export const imapRoutes: ImapRoute[] = [
  imapServerList, imapServerMailbox, imapServerStatus, imapServerSearch, imapServerFetch, imapServerGet, imapServerUpdateFlags,
  applyImapFlagOperation,
];

export const imapPlugin: FastifyPluginAsyncTypebox<{ imap: ImapMailboxService }> = async (app, { imap }) => {
  const commands = new ImapCommandsService(imap);
  for (const route of imapRoutes) route(app, { commands });
};
