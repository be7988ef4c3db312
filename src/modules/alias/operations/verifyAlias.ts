import { Content } from '../../../core/operation.js';
import { verifiedPage } from '../alias-mail.js';
import { VERIFY_PATH } from '../alias.service.js';
import { aliasOperation } from './define.js';
import { VerifyAliasQuery } from '../alias.schemas.js';

/**
 * The link of the verification mail: PUBLIC, because it is opened from a mail client with no
 * API key (its random token is the credential, and is good once). Not a client operation.
 */
export const verifyAlias = aliasOperation({
  operationId: 'verifyAlias', method: 'GET', path: VERIFY_PATH,
  access: 'public', hidden: true,
  summary: "Follow an alias's verification link: the alias proxies from now on",
  query: VerifyAliasQuery,
  handler: async ({ query }, { aliases }) => {
    const alias = await aliases.verify(query.token);
    return new Content(verifiedPage(alias.aliasAddress, alias.hiddenAddress), 'text/html; charset=utf-8', { 'cache-control': 'no-store' });
  },
});
