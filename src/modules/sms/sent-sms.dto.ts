import type { Static } from '@sinclair/typebox';
import type { SentSmsRecord } from '../../storage/ports.js';
import type { SentSmsDto, SentSmsProjection, SentSmsRelay } from './sent-sms.schemas.js';

/** A carrier-style message SID (SM + 32 hex digits), derived from the id so it needs no column. */
export const smsSid = (id: string): string => `SM${id.replace(/-/g, '')}`;

const toRelay = (m: SentSmsRecord): Static<typeof SentSmsRelay> | null => m.relay ? {
  status: m.relay.status,
  sid: m.relay.sid,
  errorCode: m.relay.errorCode,
  errorMessage: m.relay.error,
  updatedAt: m.relay.updatedAt.toISOString(),
} : null;

export const toSentSmsDto = (m: SentSmsRecord): Static<typeof SentSmsDto> => ({
  id: m.id,
  userId: m.tenantId,
  phoneNumber: m.phoneId,
  fromNumber: m.fromNumber,
  toNumber: m.toNumber,
  body: m.body,
  sid: smsSid(m.id),
  replyToSid: m.replyToId ? smsSid(m.replyToId) : null,
  replyToId: m.replyToId,
  relay: toRelay(m),
  createdAt: m.createdAt.toISOString(),
  updatedAt: m.updatedAt.toISOString(),
});

export const toSentSmsProjection = (m: SentSmsRecord): Static<typeof SentSmsProjection> => ({
  id: m.id,
  body: m.body,
  userId: m.tenantId,
  createdAt: m.createdAt.toISOString(),
  phoneNumber: m.phoneId,
  fromNumber: m.fromNumber,
  toNumber: m.toNumber,
  replyToId: m.replyToId,
  relay: toRelay(m),
});
