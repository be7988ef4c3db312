import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { toEmailProjection } from '../../email/email.dto.js';
import { PageEmailProjection } from '../../email/email.schemas.js';
import { SendEmailOptions, SentEmailDto } from '../../sending/sending.schemas.js';
import { toSentEmailDto } from '../../sending/sending.dto.js';
import { aliasOperation } from './define.js';
import { AliasEmailParams, AliasIdParams, AliasPageQuery, ReplyToAliasEmailOptions } from '../alias.schemas.js';

export const getAliasEmails = aliasOperation({
  operationId: 'getAliasEmails', method: 'GET', path: '/aliases/{aliasId}/emails',
  summary: "The emails the alias received (its inbox's), paged; since/before filter on receipt time",
  params: AliasIdParams,
  query: AliasPageQuery,
  response: Type.Ref(PageEmailProjection),
  handler: async ({ tenantId, params, query }, { aliases }) => {
    const { slice, request } = await aliases.receivedEmails(tenantId, params.aliasId, { ...query, since: toDate(query.since), before: toDate(query.before) });
    return toPage(slice.items.map(toEmailProjection), slice.total, request);
  },
});

export const sendAliasEmail = aliasOperation({
  operationId: 'sendAliasEmail', method: 'POST', path: '/aliases/{aliasId}/emails',
  summary: "Send from the alias's address; answers come back to the alias and are proxied to the hidden address",
  params: AliasIdParams,
  body: Type.Ref(SendEmailOptions),
  status: 201,
  response: Type.Ref(SentEmailDto),
  handler: async ({ tenantId, params, body }, { aliases }) => toSentEmailDto((await aliases.send(tenantId, params.aliasId, body)).sent),
});

export const replyToAliasEmail = aliasOperation({
  operationId: 'replyToAliasEmail', method: 'PUT', path: '/aliases/{aliasId}/emails/{emailId}',
  summary: "Answer an email the alias received: from the alias to its Reply-To or sender and its cc and bcc, subject 'Re: ...'",
  params: AliasEmailParams,
  body: Type.Ref(ReplyToAliasEmailOptions),
  status: 201,
  response: Type.Ref(SentEmailDto),
  handler: async ({ tenantId, params, body }, { aliases }) =>
    toSentEmailDto((await aliases.reply(tenantId, params.aliasId, params.emailId, body)).sent),
});
