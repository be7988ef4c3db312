import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum, Uuid } from '../shared/schemas.js';

export const ImapEmailProjection = Type.Object(
  {
    id: Type.String(),
    createdAt: DateTime,
    read: Nullable(Type.Boolean()),
    uid: Type.Integer({ description: 'IMAP UID in the inbox: grows with arrival, never reused' }),
    seqNum: Type.Integer({ description: 'position in the inbox by UID, from 1' }),
  },
  { $id: 'ImapEmailProjection' },
);

export const ImapServerListOptions = Type.Object(
  {
    uidSet: Type.Optional(Nullable(Type.String({ description: 'IMAP sequence set of UIDs, e.g. 1:5,9 or 3:*' }))),
    seqSet: Type.Optional(Nullable(Type.String({ description: 'IMAP sequence set of sequence numbers' }))),
  },
  { $id: 'ImapServerListOptions' },
);

export const ImapServerListResult = Type.Object({ results: Type.Array(Type.Ref(ImapEmailProjection)) }, { $id: 'ImapServerListResult' });
export const ImapServerSearchResult = Type.Object({ results: Type.Array(Type.Ref(ImapEmailProjection)) }, { $id: 'ImapServerSearchResult' });

export const ImapServerMailboxResult = Type.Object(
  { message: Nullable(Type.String()), success: Type.Boolean() },
  { $id: 'ImapServerMailboxResult' },
);

export const STATUS_ITEMS = ['MESSAGES', 'RECENT', 'UIDNEXT', 'UIDVALIDITY', 'UNSEEN', 'APPENDLIMIT'] as const;

export const ImapServerStatusOptions = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ description: 'mailbox name: INBOX, or an inbox address for the account' }))),
    statusItems: Type.Optional(Type.Array(StringEnum(STATUS_ITEMS))),
  },
  { $id: 'ImapServerStatusOptions' },
);

export const ImapMailboxStatus = Type.Object(
  {
    name: Type.String(),
    readOnly: Type.Boolean(),
    items: Nullable(Type.Record(Type.String(), Type.Integer())),
    flags: Nullable(Type.Array(Type.String())),
    permanentFlags: Nullable(Type.Array(Type.String())),
    unseenSeqNum: Type.Integer({ description: 'sequence number of the first unseen message; 0 when all are seen' }),
    messages: Type.Integer(),
    recent: Type.Integer(),
    unseen: Type.Integer(),
    uidNext: Type.Integer(),
    uidValidity: Type.Integer(),
    appendLimit: Type.Optional(Nullable(Type.Integer())),
  },
  { $id: 'ImapMailboxStatus' },
);

export const ImapServerStatusResult = Type.Object({ result: Nullable(Type.Ref(ImapMailboxStatus)) }, { $id: 'ImapServerStatusResult' });

export const ImapServerSearchOptions = Type.Object(
  {
    seqNum: Type.Optional(Nullable(Type.String())),
    uid: Type.Optional(Nullable(Type.String())),
    since: Type.Optional(Nullable(DateTime)),
    before: Type.Optional(Nullable(DateTime)),
    sentSince: Type.Optional(Nullable(DateTime)),
    sentBefore: Type.Optional(Nullable(DateTime)),
    header: Type.Optional(Nullable(Type.Record(Type.String(), Type.Array(Type.String())))),
    body: Type.Optional(Nullable(Type.Array(Type.String()))),
    text: Type.Optional(Nullable(Type.Array(Type.String()))),
    withFlags: Type.Optional(Nullable(Type.Array(Type.String()))),
    withoutFlags: Type.Optional(Nullable(Type.Array(Type.String()))),
  },
  { $id: 'ImapServerSearchOptions' },
);

export const ImapServerFetchItem = Type.Object(
  {
    content: Type.String({ description: 'the raw message (RFC 822)' }),
    id: Type.String(),
    uid: Type.Integer(),
    seqNum: Type.Integer(),
    read: Type.Boolean(),
  },
  { $id: 'ImapServerFetchItem' },
);

export const ImapServerFetchResult = Type.Object({ result: Nullable(Type.Ref(ImapServerFetchItem)) }, { $id: 'ImapServerFetchResult' });
export const ImapServerGetResult = Type.Object({ result: Nullable(Type.Ref(ImapEmailProjection)) }, { $id: 'ImapServerGetResult' });

export const ImapUpdateFlagsOptions = Type.Object(
  {
    operation: Type.String({ description: 'FLAGS, +FLAGS or -FLAGS (also SET_FLAGS, ADD_FLAGS, REMOVE_FLAGS)' }),
    flags: Type.Optional(Nullable(Type.Array(Type.String()))),
    uidSet: Type.Optional(Nullable(Type.String())),
    seqSet: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'ImapUpdateFlagsOptions' },
);

export const ImapFlagOperationOptions = Type.Object(
  {
    flagOperation: StringEnum(['SET_FLAGS', 'ADD_FLAGS', 'REMOVE_FLAGS'] as const),
    flags: Type.Array(Type.String({ description: '\\Seen, \\Flagged, \\Answered or \\Deleted' })),
  },
  { $id: 'ImapFlagOperationOptions' },
);

export const InboxIdQuery = Type.Object({ inboxId: Type.Optional(Uuid) });

export const imapModelSchemas = [
  ImapEmailProjection, ImapServerListOptions, ImapServerListResult, ImapServerSearchResult, ImapServerMailboxResult,
  ImapServerStatusOptions, ImapMailboxStatus, ImapServerStatusResult, ImapServerSearchOptions, ImapServerFetchItem,
  ImapServerFetchResult, ImapServerGetResult, ImapUpdateFlagsOptions, ImapFlagOperationOptions,
];
