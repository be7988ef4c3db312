import { Type, type Static } from '@sinclair/typebox';

/**
 * What doesInboxHaveAutomations answers. The official client reads no body (its method
 * returns void); this one is for everyone else, named after no client model.
 */
export const InboxAutomationsDto = Type.Object({
  inboxId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'the inbox asked about; null for the whole account' }),
  hasAutomations: Type.Boolean(),
  rulesets: Type.Integer({ description: "switched-on rulesets acting on the inbox (its own and the account's); without inboxId every ruleset" }),
  forwarders: Type.Integer(),
  repliers: Type.Integer(),
  aliases: Type.Integer({ description: 'aliases whose inbox this is (0 or 1); without inboxId every alias' }),
  scheduledSends: Type.Integer({ description: 'scheduled sends not yet run' }),
}, { $id: 'InboxAutomationsDto' });
export type InboxAutomationsDto = Static<typeof InboxAutomationsDto>;

export const automationsModelSchemas = [InboxAutomationsDto];
