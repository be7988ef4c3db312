import { createAlias } from './createAlias.js';
import { deleteAlias, getAlias, getAliases, updateAlias } from './getAlias.js';
import { getAliasEmails, replyToAliasEmail, sendAliasEmail } from './aliasEmails.js';
import { getAliasThreads, getThread, getThreadsPaginated } from './threads.js';
import { verifyAlias } from './verifyAlias.js';

/** AliasController, and the public link of its verification mail. */
export const aliasOperations = [
  createAlias, getAlias, getAliases, updateAlias, deleteAlias, getAliasEmails, sendAliasEmail, replyToAliasEmail,
  getAliasThreads, getThreadsPaginated, getThread, verifyAlias,
];
