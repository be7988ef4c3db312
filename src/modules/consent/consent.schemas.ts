import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, Uuid } from '../shared/schemas.js';

export const OptInSendingConsentDto = Type.Object(
  {
    verificationCodeSent: Type.Boolean({ description: 'a confirmation link was mailed to the address' }),
    userHasConsented: Type.Boolean({ description: 'the address followed its confirmation link (and the consent was not revoked since)' }),
    canSend: Type.Boolean({ description: 'a send to the address would pass the consent check now' }),
  },
  { $id: 'OptInSendingConsentDto' },
);

export const OptInIdentityProjection = Type.Object(
  {
    id: Uuid,
    createdAt: DateTime,
    updatedAt: DateTime,
    emailAddress: Type.String(),
    verified: Type.Boolean(),
  },
  { $id: 'OptInIdentityProjection' },
);
export const PageOptInIdentityProjection = PageOf(Type.Ref(OptInIdentityProjection), 'PageOptInIdentityProjection');

export const SendOptInConsentEmailOptions = Type.Object(
  {
    templateHtml: Type.String({ maxLength: 1024 * 1024, description: 'the body (HTML, moustache variables confirmUrl, emailAddress, companyName); the link is added below it when it does not use {{confirmUrl}}' }),
    subject: Type.String({ maxLength: 1000 }),
    senderInbox: Type.Optional(Nullable(Uuid)),
  },
  { $id: 'SendOptInConsentEmailOptions' },
);

export const OptInConsentOptions = Type.Object(
  {
    emailAddress: Type.String({ minLength: 3, maxLength: 320 }),
    companyName: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    sendOptInOptions: Type.Optional(Type.Union([Type.Ref(SendOptInConsentEmailOptions), Type.Null()])),
  },
  { $id: 'OptInConsentOptions' },
);

export const OptInConsentSendResult = Type.Object({ sent: Type.Boolean() }, { $id: 'OptInConsentSendResult' });

export const EmailAddressQuery = Type.Object({ emailAddress: Type.String({ minLength: 1, maxLength: 320 }) });
export const OptInIdentitiesQuery = Type.Object(PageQuery);

export const consentModelSchemas = [
  OptInSendingConsentDto, OptInIdentityProjection, PageOptInIdentityProjection, SendOptInConsentEmailOptions, OptInConsentOptions,
  OptInConsentSendResult,
];
