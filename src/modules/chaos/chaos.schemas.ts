import { Type, type Static } from '@sinclair/typebox';
import { DateTime, INT32_MAX, Nullable, StringEnum, Uuid } from '../shared/schemas.js';

/** Most rules one inbox may hold: they are read on every RCPT to it. */
export const MAX_CHAOS_RULES = 10;
/** Longest delay before an SMTP answer: well under what clients wait (RFC 5321 §4.5.3.2 asks for minutes). */
export const MAX_CHAOS_DELAY_SECONDS = 60;
/** Longest a greylisted triple must wait, and longest a bounce may be held back: one day. */
export const MAX_CHAOS_WAIT_SECONDS = 86_400;

export const CHAOS_MODES = ['FAIL', 'DELAY', 'GREYLIST', 'BOUNCE'] as const;
export const CHAOS_STAGES = ['MAIL', 'RCPT', 'DATA'] as const;

export const ChaosRule = Type.Object(
  {
    mode: StringEnum(CHAOS_MODES, {
      description: 'FAIL: answer the stage with `code`; DELAY: hold the stage\'s answer `delaySeconds`; GREYLIST: 451 4.7.1 to the first attempt of each (sender, recipient, client address), accepted after `greylistSeconds`; BOUNCE: accept (250), do not store, send a DSN to the envelope sender after `bounceAfterSeconds`',
    }),
    stage: Type.Optional(StringEnum(CHAOS_STAGES, {
      description: 'FAIL and DELAY: the command answered (RCPT when omitted). MAIL names no recipient, so a MAIL rule is answered at the first RCPT TO naming this inbox and then refuses the rest of that transaction',
    })),
    code: Type.Optional(Type.Integer({ minimum: 400, maximum: 599, description: 'FAIL: the SMTP reply code, 4xx or 5xx (451 when omitted); BOUNCE: the code the DSN reports (550 when omitted)' })),
    enhancedStatus: Type.Optional(Type.String({
      pattern: '^[45]\\.[0-9]{1,3}\\.[0-9]{1,3}$', description: 'RFC 3463 enhanced status code, of the same class as `code` (x.0.0 when omitted)',
    })),
    message: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x20-\\x7e]+$', description: 'the reply text (printable ASCII)' })),
    probability: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'chance the rule fires on each attempt (1 when omitted)' })),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, description: 'makes the draws reproducible: the n-th attempt since the rules were set draws the same number every time' })),
    delaySeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CHAOS_DELAY_SECONDS, description: 'DELAY: seconds before the answer' })),
    greylistSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CHAOS_WAIT_SECONDS, description: 'GREYLIST: seconds before a retry is accepted (60 when omitted)' })),
    bounceAfterSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CHAOS_WAIT_SECONDS, description: 'BOUNCE: seconds after the 250 the DSN is sent (0 when omitted)' })),
  },
  { $id: 'ChaosRule', additionalProperties: false, description: 'One way an inbox\'s SMTP answers fail on purpose' },
);
export type ChaosRule = Static<typeof ChaosRule>;

export const SetInboxChaosOptions = Type.Object(
  { rules: Type.Array(Type.Ref(ChaosRule), { maxItems: MAX_CHAOS_RULES, description: 'the rules, tried in order at each stage; the first that fires answers' }) },
  { $id: 'SetInboxChaosOptions', additionalProperties: false },
);

export const InboxChaosDto = Type.Object(
  {
    inboxId: Uuid,
    rules: Type.Array(Type.Ref(ChaosRule)),
    createdAt: Nullable(DateTime),
    updatedAt: Nullable(DateTime),
  },
  { $id: 'InboxChaosDto', description: 'The chaos rules of an inbox (rules empty and dates null when it has none)' },
);

export const chaosModelSchemas = [ChaosRule, SetInboxChaosOptions, InboxChaosDto];
