/**
 * The GraphQL schema (spec §4.10). Operation and argument names follow MailSlurp's public
 * GraphQL API as its documentation shows it (createInbox, sendEmail(fromInboxId, to, subject,
 * body), waitForLatestEmail(inboxId, timeout, unreadOnly), deleteEmail(emailId) → "deleted",
 * email, emails, inboxes { totalElements }) and the waitFor operations of its REST API
 * (waitForNthEmail, waitForEmailCount, waitForMatchingEmails, waitForMatchingFirstEmail) and its
 * SMS waits (waitForLatestSms, waitForSms).
 * Type fields carry the names of the REST models (Email, EmailPreview, InboxDto, SentEmailDto),
 * so a field means the same thing over both transports. Dates are ISO-8601 strings.
 */
export const typeDefs = /* GraphQL */ `
  enum SortDirection { ASC DESC }

  type Sender {
    rawValue: String!
    emailAddress: String!
    name: String
  }

  type EmailHeader {
    name: String!
    value: String!
  }

  "An inbox: an email address that receives and sends mail."
  type Inbox {
    id: ID!
    userId: ID!
    emailAddress: String!
    name: String
    description: String
    domainId: ID
    createdAt: String!
    expiresAt: String
    favourite: Boolean!
    tags: [String!]!
    "HTTP or SMTP, as the REST API answers"
    inboxType: String
    readOnly: Boolean!
    virtualInbox: Boolean!
  }

  type InboxPage {
    content: [Inbox!]!
    totalElements: Int!
    totalPages: Int!
    "zero-based page number"
    number: Int!
    size: Int!
    numberOfElements: Int!
    first: Boolean!
    last: Boolean!
    empty: Boolean!
  }

  "A received email with its body. Fetching it marks it read."
  type Email {
    id: ID!
    userId: ID!
    inboxId: ID!
    subject: String
    from: String
    sender: Sender
    to: [String!]!
    cc: [String!]!
    bcc: [String!]!
    replyTo: String
    body: String
    bodyExcerpt: String
    textExcerpt: String
    bodyMD5Hash: String
    isHTML: Boolean!
    charset: String
    headers: [EmailHeader!]!
    "ids of the attachments"
    attachments: [String!]!
    messageId: String
    inReplyTo: String
    threadId: ID
    read: Boolean!
    favourite: Boolean!
    createdAt: String!
    updatedAt: String!
  }

  "A received email without its body (lists and counts)."
  type EmailPreview {
    id: ID!
    inboxId: ID!
    subject: String
    from: String
    to: [String!]!
    cc: [String!]!
    bcc: [String!]!
    attachments: [String!]!
    messageId: String
    threadId: ID
    read: Boolean!
    favourite: Boolean!
    createdAt: String!
  }

  type EmailPage {
    content: [EmailPreview!]!
    totalElements: Int!
    totalPages: Int!
    number: Int!
    size: Int!
    numberOfElements: Int!
    first: Boolean!
    last: Boolean!
    empty: Boolean!
  }

  "The receipt of a sent email (the body itself is never kept)."
  type SentEmail {
    id: ID!
    userId: ID!
    inboxId: ID!
    from: String
    to: [String!]!
    cc: [String!]!
    bcc: [String!]!
    subject: String
    replyTo: String
    bodyMD5Hash: String
    isHTML: Boolean
    charset: String
    messageId: String
    threadId: ID
    attachments: [String!]!
    virtualSend: Boolean!
    createdAt: String!
    sentAt: String!
  }

  enum MatchField { SUBJECT TO BCC CC FROM HEADERS }
  enum MatchShould { MATCH CONTAIN EQUAL }
  enum Condition { HAS_ATTACHMENTS }
  enum ConditionValue { TRUE FALSE }

  "One test on an email field; MATCH takes a regular expression."
  input MatchOption {
    field: MatchField!
    should: MatchShould!
    value: String!
  }

  input ConditionOption {
    condition: Condition!
    value: ConditionValue!
  }

  "Every match and condition must hold (as the REST API's MatchOptions)."
  input MatchOptions {
    matches: [MatchOption!]
    conditions: [ConditionOption!]
  }

  "An SMS received by a phone number (the REST SmsDto; phoneNumber is the number's id)."
  type Sms {
    id: ID!
    userId: ID!
    phoneNumber: ID!
    fromNumber: String!
    toNumber: String!
    body: String!
    read: Boolean!
    favourite: Boolean!
    createdAt: String!
    updatedAt: String!
  }

  enum SmsMatchField { BODY FROM }
  enum SmsCountType { EXACTLY ATLEAST }

  "One test on an SMS field; MATCH takes a regular expression (as the REST SmsMatchOption)."
  input SmsMatchOption {
    field: SmsMatchField!
    should: MatchShould!
    value: String!
  }

  type Query {
    inbox(id: ID!): Inbox!
    inboxes(page: Int, size: Int, sort: SortDirection, favourite: Boolean, search: String, tag: String): InboxPage!
    "Reading one email marks it read, as the REST getEmail does."
    email(id: ID!): Email!
    "Emails of one inbox, or of all your inboxes without inboxId."
    emails(inboxId: ID, page: Int, size: Int, sort: SortDirection, unreadOnly: Boolean, search: String): EmailPage!

    "The newest email of the inbox (the newest unread one with unreadOnly), waiting up to timeout ms for one to arrive."
    waitForLatestEmail(inboxId: ID!, timeout: Int, unreadOnly: Boolean): Email!
    "The email at zero-based index (oldest first), waiting until there is one."
    waitForNthEmail(inboxId: ID!, index: Int!, timeout: Int, unreadOnly: Boolean): Email!
    "The first count emails (oldest first) once the inbox holds at least count."
    waitForEmailCount(inboxId: ID!, count: Int!, timeout: Int, unreadOnly: Boolean): [EmailPreview!]!
    "The emails matching matchOptions once at least count of them are there."
    waitForMatchingEmails(inboxId: ID!, count: Int!, matchOptions: MatchOptions!, timeout: Int, unreadOnly: Boolean): [EmailPreview!]!
    "The oldest email matching matchOptions, waiting until there is one."
    waitForMatchingFirstEmail(inboxId: ID!, matchOptions: MatchOptions!, timeout: Int, unreadOnly: Boolean): Email!

    "The newest SMS of the phone number (oldest with sortDirection ASC), waiting up to timeout ms for one to arrive; marks it read."
    waitForLatestSms(phoneNumberId: ID!, timeout: Int, unreadOnly: Boolean, since: String, before: String, sortDirection: SortDirection): Sms!
    "The SMS of the phone number passing every match once there are count of them (EXACTLY by default, or ATLEAST), at most limit."
    waitForSms(
      phoneNumberId: ID!, count: Int!, countType: SmsCountType, limit: Int, matches: [SmsMatchOption!], timeout: Int,
      unreadOnly: Boolean, since: String, before: String, sortDirection: SortDirection
    ): [Sms!]!
  }

  type Mutation {
    createInbox(
      emailAddress: String, name: String, description: String, tags: [String!], favourite: Boolean,
      expiresAt: String, expiresIn: Int, inboxType: String, useDomainPool: Boolean, virtualInbox: Boolean
    ): Inbox!
    "Answers the string deleted."
    deleteInbox(inboxId: ID!): String!
    "Sends from the inbox fromInboxId; the From address is that inbox's address."
    sendEmail(
      fromInboxId: ID!, to: [String!]!, subject: String, body: String,
      cc: [String!], bcc: [String!], replyTo: String, isHTML: Boolean, charset: String
    ): SentEmail!
    "Answers the string deleted."
    deleteEmail(emailId: ID!): String!
  }
`;
