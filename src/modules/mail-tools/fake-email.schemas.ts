import { Type } from '@sinclair/typebox';
import { DateTime, Nullable } from '../shared/schemas.js';
import { EmailRecipients, Sender } from '../email/email.schemas.js';

/** The official client's fake email models. */

export const NewFakeEmailAddressResult = Type.Object(
  { emailAddress: Type.String({ description: 'the new address: mail sent to it can be read with the getFakeEmail* operations' }) },
  { $id: 'NewFakeEmailAddressResult' },
);

const common = {
  id: Type.String({ description: 'the email id' }),
  emailAddress: Type.String({ description: 'the fake address the email came to' }),
  sender: Type.Optional(Nullable(Type.Ref(Sender))),
  recipients: Type.Optional(Nullable(Type.Ref(EmailRecipients))),
  subject: Type.Optional(Nullable(Type.String())),
  preview: Type.Optional(Nullable(Type.String({ description: 'the start of the text body' }))),
  seen: Type.Boolean({ description: 'read through getFakeEmailById or getFakeEmailByEmailAddress' }),
  createdAt: DateTime,
};

export const FakeEmailPreview = Type.Object(
  { ...common, hasAttachments: Type.Boolean() },
  { $id: 'FakeEmailPreview' },
);
export const FakeEmailDto = Type.Object(
  {
    ...common,
    attachmentNames: Type.Array(Type.String()),
    body: Type.String({ description: 'the HTML body, else the text body (empty when there is neither)' }),
    contentType: Type.String({ description: 'text/html or text/plain: the type of body' }),
    bodyUrl: Type.String({ description: 'getFakeEmailRaw of this email' }),
  },
  { $id: 'FakeEmailDto' },
);
export const FakeEmailResult = Type.Object(
  { email: Type.Optional(Nullable(Type.Ref(FakeEmailDto))) },
  { $id: 'FakeEmailResult', description: 'email is null when the address has received nothing yet' },
);

export const fakeEmailModelSchemas = [NewFakeEmailAddressResult, FakeEmailPreview, FakeEmailDto, FakeEmailResult];
