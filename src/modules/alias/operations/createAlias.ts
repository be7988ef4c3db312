import { Type } from '@sinclair/typebox';
import { aliasOperation } from './define.js';
import { toAliasDto } from '../alias.dto.js';
import { AliasDto, CreateAliasOptions } from '../alias.schemas.js';

export const createAlias = aliasOperation({
  operationId: 'createAlias', method: 'POST', path: '/aliases',
  summary: 'Create an alias masking emailAddress; a verification link is mailed to that address, and the alias proxies once it is followed',
  body: Type.Ref(CreateAliasOptions),
  status: 201,
  response: Type.Ref(AliasDto),
  handler: async ({ tenantId, body, baseUrl }, { aliases }) => toAliasDto(await aliases.create(tenantId, body, baseUrl)),
});
