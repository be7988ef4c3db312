import type { SendingService } from '../../../modules/sending/sending.service.js';
import { toSentEmailDto } from '../../../modules/sending/sending.dto.js';
import { uuidArg } from '../args.js';
import { tenantOf } from '../context.js';
import type { FieldResolver, Maybe } from './types.js';

interface SendEmailArgs {
  fromInboxId: string;
  to: string[];
  subject?: Maybe<string>;
  body?: Maybe<string>;
  cc?: Maybe<string[]>;
  bcc?: Maybe<string[]>;
  replyTo?: Maybe<string>;
  isHTML?: Maybe<boolean>;
  charset?: Maybe<string>;
}

/**
 * sendEmail: the REST sendEmailAndConfirm, through the same SendingService. The sender is the
 * inbox, so From is always its address (spec §4.10); the receipt is the answer.
 */
export function sendingResolvers(sending: SendingService) {
  const sendEmail: FieldResolver<SendEmailArgs> = async (_root, args, context) => {
    const { fromInboxId, ...options } = args;
    const { sent } = await sending.send(tenantOf(context), uuidArg('fromInboxId', fromInboxId), options);
    return toSentEmailDto(sent);
  };
  return { Mutation: { sendEmail } };
}
