import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, SortDirection, StringEnum, Uuid } from '../shared/schemas.js';

/** The countries of the client's phoneCountry enums; numbers are allocated only where a range is configured. */
export const PHONE_COUNTRIES = ['US', 'GB', 'AU', 'CA', 'EE', 'HK', 'PL', 'CH', 'PT', 'NL', 'IL', 'FI', 'SE'] as const;
export const PhoneCountry = StringEnum(PHONE_COUNTRIES);

const Name = Type.String({ maxLength: 1000 });
const Tags = Type.Array(Type.String({ minLength: 1, maxLength: 255 }));

export const CreatePhoneNumberOptions = Type.Object(
  {
    phoneCountry: PhoneCountry,
    name: Type.Optional(Nullable(Name)),
    description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
    tags: Type.Optional(Nullable(Tags)),
    // accepted and ignored: the simulated carrier has no billing, endpoints, providers or line filters
    schedule: Type.Optional(StringEnum(['MONTHLY', 'YEARLY'] as const)),
    phoneNumberEndpointOverride: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
    phoneNumberVariant: Type.Optional(StringEnum(['LOCAL', 'MOBILE', 'TOLL_FREE'] as const)),
    phoneProvider: Type.Optional(StringEnum(['T1', 'T2'] as const)),
    phoneLineFilter: Type.Optional(StringEnum(['ANY', 'OTP_FRIENDLY', 'NON_VOIP'] as const)),
  },
  { $id: 'CreatePhoneNumberOptions' },
);

export const UpdatePhoneNumberOptions = Type.Object(
  { name: Type.Optional(Nullable(Name)), description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))) },
  { $id: 'UpdatePhoneNumberOptions' },
);

export const PhoneNumberTagsOptions = Type.Object({ tags: Tags }, { $id: 'PhoneNumberTagsOptions' });
export const SetPhoneFavouritedOptions = Type.Object({ state: Type.Boolean() }, { $id: 'SetPhoneFavouritedOptions' });
export const ValidatePhoneNumberOptions = Type.Object({ phoneNumber: Type.String({ maxLength: 100 }) }, { $id: 'ValidatePhoneNumberOptions' });

export const PhoneNumberDto = Type.Object(
  {
    id: Uuid,
    name: Nullable(Type.String()),
    description: Nullable(Type.String()),
    tags: Type.Array(Type.String()),
    userId: Uuid,
    complianceAddress: Nullable(Type.String()),
    emergencyAddress: Nullable(Type.String()),
    phoneNumber: Type.String({ description: 'E.164' }),
    phoneCountry: PhoneCountry,
    phonePlan: Type.String({ description: 'always SIMULATED: nothing is charged' }),
    createdAt: DateTime,
    updatedAt: DateTime,
    favourite: Type.Boolean(),
    lineType: Nullable(Type.String()),
    carrierName: Nullable(Type.String()),
    mobileCountryCode: Nullable(Type.String()),
    mobileNetworkCode: Nullable(Type.String()),
    providerLabel: Nullable(Type.String()),
  },
  { $id: 'PhoneNumberDto' },
);

export const PhoneNumberProjection = Type.Object(
  {
    name: Nullable(Type.String()),
    id: Uuid,
    tags: Type.Array(Type.String()),
    userId: Uuid,
    createdAt: DateTime,
    phoneCountry: PhoneCountry,
    providerLabel: Nullable(Type.String()),
    lineType: Nullable(Type.String()),
    carrierName: Nullable(Type.String()),
    mobileCountryCode: Nullable(Type.String()),
    mobileNetworkCode: Nullable(Type.String()),
    phoneNumber: Type.String(),
  },
  { $id: 'PhoneNumberProjection' },
);
export const PagePhoneNumberProjection = PageOf(Type.Ref(PhoneNumberProjection), 'PagePhoneNumberProjection');

export const PhoneNumberValidationDto = Type.Object(
  {
    countryCode: Nullable(Type.String()),
    countryPrefix: Nullable(Type.String()),
    phoneNumber: Type.String(),
    isValid: Type.Boolean(),
    validationErrors: Type.Array(Type.String()),
  },
  { $id: 'PhoneNumberValidationDto' },
);

export const PhoneNumberIdParams = Type.Object({ phoneNumberId: Uuid });

export const PhoneNumbersQuery = Type.Object({
  ...PageQuery,
  sort: Type.Optional(SortDirection),
  phoneCountry: Type.Optional(PhoneCountry),
  // filters on carrier intelligence the simulated numbers do not have: a number matches none of them
  lineType: Type.Optional(Type.String({ maxLength: 255 })),
  carrierName: Type.Optional(Type.String({ maxLength: 255 })),
  mobileCountryCode: Type.Optional(Type.String({ maxLength: 255 })),
  mobileNetworkCode: Type.Optional(Type.String({ maxLength: 255 })),
  providerLabel: Type.Optional(Type.String({ maxLength: 255 })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
  tag: Type.Optional(Type.Array(Type.String({ maxLength: 255 }))),
  include: Type.Optional(Type.Array(Uuid)),
  favourite: Type.Optional(Type.Boolean()),
});

export const phoneModelSchemas = [
  CreatePhoneNumberOptions, UpdatePhoneNumberOptions, PhoneNumberTagsOptions, SetPhoneFavouritedOptions, ValidatePhoneNumberOptions,
  PhoneNumberDto, PhoneNumberProjection, PagePhoneNumberProjection, PhoneNumberValidationDto,
];
