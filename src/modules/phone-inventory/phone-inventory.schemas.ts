import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, StringEnum, Uuid } from '../shared/schemas.js';
import { PhoneCountry } from '../phone/phone.schemas.js';

export const PHONE_VARIANTS = ['LOCAL', 'MOBILE', 'TOLL_FREE'] as const;
export const PhoneVariant = StringEnum(PHONE_VARIANTS);

/** The one provider of the simulated carrier, as providerLabel. */
export const SIMULATED_PROVIDER = 'SIMULATED';

/** Most numbers one search answers, and most items one provisioning job asks for. */
export const MAX_SEARCH_LIMIT = 500;
export const MAX_JOB_ITEMS = 100;

const Label = Type.String({ maxLength: 255 });
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

export const PhonePlanDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    phoneCountry: PhoneCountry,
    createdAt: DateTime,
  },
  { $id: 'PhonePlanDto', description: 'A configured country of the simulated carrier: nothing is ever charged' },
);

export const PhonePlanAvailabilityItem = Type.Object(
  {
    phoneCountry: PhoneCountry,
    availabilityStatus: StringEnum(['AVAILABLE', 'NON_MATCHING_SUBSCRIPTION_CURRENCY', 'NON_MATCHING_SUBSCRIPTION_TYPE', 'ALREADY_ASSIGNED'] as const),
    variants: Type.Optional(Type.Array(PhoneVariant, { description: "what libphonenumber-js says of the ends of the country's ranges; absent when it knows none of them" })),
    freeNumbers: Type.Optional(Type.Integer({ description: 'Pigeonhole only (the official client ignores it): numbers of the configured ranges nobody holds, counted' })),
  },
  { $id: 'PhonePlanAvailabilityItem' },
);

export const PhonePlanAvailability = Type.Object(
  {
    items: Type.Array(Type.Ref(PhonePlanAvailabilityItem)),
    disabledPhoneCountries: Type.Array(PhoneCountry, { description: 'countries without a configured range, or whose ranges are all taken' }),
  },
  { $id: 'PhonePlanAvailability' },
);

export const PhoneProviderCapabilitiesResult = Type.Object(
  {
    providerLabel: Type.String(),
    phoneCountry: PhoneCountry,
    supportedVariants: Type.Array(Type.String()),
    warning: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'PhoneProviderCapabilitiesResult' },
);

export const ProvisioningCapabilitiesQuery = Type.Object({
  phoneCountry: PhoneCountry,
  providerLabel: Type.Optional(Label),
});

export const SearchAvailablePhoneNumbersOptions = Type.Object(
  {
    phoneCountry: PhoneCountry,
    phoneVariant: Type.Optional(PhoneVariant),
    qualityFilter: Type.Optional(StringEnum(['OTP', 'NON_VOIP', 'MOBILE_ONLY', 'ANY'] as const)),
    lineType: Type.Optional(Nullable(Label)),
    carrierName: Type.Optional(Nullable(Label)),
    mobileCountryCode: Type.Optional(Nullable(Label)),
    mobileNetworkCode: Type.Optional(Nullable(Label)),
    providerLabels: Type.Optional(Nullable(Type.Array(Label, { maxItems: 20 }))),
    limit: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_SEARCH_LIMIT, description: `numbers to return (default 20, at most ${MAX_SEARCH_LIMIT})` }))),
  },
  { $id: 'SearchAvailablePhoneNumbersOptions' },
);

/** Carrier intelligence of a simulated number: the carrier has none to give. */
const Intelligence = {
  lineType: Type.Optional(Nullable(Type.String())),
  carrierName: Type.Optional(Nullable(Type.String())),
  mobileCountryCode: Type.Optional(Nullable(Type.String())),
  mobileNetworkCode: Type.Optional(Nullable(Type.String())),
};

export const AvailablePhoneNumberDto = Type.Object(
  {
    phoneNumber: Type.String(),
    phoneCountry: PhoneCountry,
    phoneVariant: Type.Optional(PhoneVariant),
    ...Intelligence,
    providerLabel: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'AvailablePhoneNumberDto' },
);

export const AvailablePhoneNumbersResult = Type.Object(
  {
    count: Type.Integer(),
    items: Type.Array(Type.Ref(AvailablePhoneNumberDto)),
    warning: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'AvailablePhoneNumbersResult' },
);

export const CreatePhoneProvisioningJobItemOptions = Type.Object(
  {
    phoneNumber: Type.String({ minLength: 1, maxLength: 100 }),
    providerLabel: Type.Optional(Nullable(Label)),
    lineType: Type.Optional(Nullable(Label)),
    carrierName: Type.Optional(Nullable(Label)),
    mobileCountryCode: Type.Optional(Nullable(Label)),
    mobileNetworkCode: Type.Optional(Nullable(Label)),
  },
  { $id: 'CreatePhoneProvisioningJobItemOptions' },
);

export const CreatePhoneProvisioningJobOptions = Type.Object(
  {
    phoneCountry: PhoneCountry,
    phoneVariant: Type.Optional(PhoneVariant),
    items: Type.Array(Type.Ref(CreatePhoneProvisioningJobItemOptions), { minItems: 1, maxItems: MAX_JOB_ITEMS }),
  },
  { $id: 'CreatePhoneProvisioningJobOptions' },
);

export const PhoneProvisioningJobItemDto = Type.Object(
  {
    id: Uuid,
    phoneNumber: Type.String(),
    providerLabel: Type.Optional(Nullable(Type.String())),
    status: StringEnum(['PENDING', 'PROVISIONING', 'PROVISIONED', 'UNAVAILABLE', 'FAILED'] as const),
    ...Intelligence,
    phoneNumberId: Type.Optional(Nullable(Uuid)),
    failureMessage: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'PhoneProvisioningJobItemDto' },
);

export const PhoneProvisioningJobDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    phoneCountry: PhoneCountry,
    phoneVariant: Type.Optional(PhoneVariant),
    status: StringEnum(['CREATED', 'RUNNING', 'COMPLETED', 'PARTIAL', 'FAILED'] as const),
    requestedCount: Type.Integer(),
    attemptedCount: Type.Integer(),
    succeededCount: Type.Integer(),
    failedCount: Type.Integer(),
    unavailableCount: Type.Integer(),
    createdAt: DateTime,
    updatedAt: DateTime,
    items: Type.Array(Type.Ref(PhoneProvisioningJobItemDto)),
  },
  { $id: 'PhoneProvisioningJobDto' },
);

export const PhoneNumberReleaseProjection = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String())),
    id: Uuid,
    userId: Uuid,
    createdAt: DateTime,
    phoneCountry: PhoneCountry,
    phoneNumber: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'PhoneNumberReleaseProjection', description: 'A released number: createdAt is when it was released' },
);
export const PagePhoneNumberReleaseProjection = PageOf(Type.Ref(PhoneNumberReleaseProjection), 'PagePhoneNumberReleaseProjection');

export const PhoneSummaryCountryDto = Type.Object(
  { phoneCountryCode: PhoneCountry, totalCount: Type.Integer(), hasPlan: Type.Boolean() },
  { $id: 'PhoneSummaryCountryDto' },
);

export const PlanSummaryDto = Type.Object(
  { phoneCountry: PhoneCountry },
  { $id: 'PlanSummaryDto' },
);

export const PhoneSummaryDto = Type.Object(
  {
    phoneCountrySummaries: Type.Array(Type.Ref(PhoneSummaryCountryDto)),
    hasPhoneNumbers: Type.Boolean(),
    hasMissingPlans: Type.Boolean(),
    totalPhones: Type.Integer(),
    plans: Type.Array(Type.Ref(PlanSummaryDto)),
  },
  { $id: 'PhoneSummaryDto' },
);

export const PhoneNumberLineTypeIntelligenceDto = Type.Object(
  {
    type: Type.Optional(Nullable(Type.String({ description: "libphonenumber-js's getType(): MOBILE, FIXED_LINE, FIXED_LINE_OR_MOBILE, TOLL_FREE, VOIP, ..." }))),
    carrierName: Type.Optional(Nullable(Type.String())),
    mobileCountryCode: Type.Optional(Nullable(Type.String())),
    mobileNetworkCode: Type.Optional(Nullable(Type.String())),
    errorCode: Type.Optional(Nullable(Type.Integer())),
  },
  { $id: 'PhoneNumberLineTypeIntelligenceDto' },
);

export const PhoneNumberLineTypeLookupDto = Type.Object(
  {
    phoneNumber: Type.String(),
    nationalFormat: Type.Optional(Nullable(Type.String())),
    countryCode: Type.Optional(Nullable(Type.String())),
    countryPrefix: Type.Optional(Nullable(Type.String())),
    isValid: Type.Boolean(),
    validationErrors: Type.Optional(Nullable(Type.Array(Type.String()))),
    lineTypeIntelligence: Type.Optional(Nullable(Type.Ref(PhoneNumberLineTypeIntelligenceDto))),
    mailslurpPhoneNumber: Type.Boolean({ description: "true when the number lies in the simulated carrier's configured ranges" }),
  },
  { $id: 'PhoneNumberLineTypeLookupDto' },
);

export const ConsentStatusDto = Type.Object({ consented: Type.Boolean() }, { $id: 'ConsentStatusDto' });
export const ConsentQuery = Type.Object({ agree: Type.Boolean() });

export const CreateEmergencyAddressOptions = Type.Object(
  {
    customerName: Text(255),
    address1: Text(1000),
    city: Text(255),
    region: Text(255),
    postalCode: Text(32),
    isoCountryCode: PhoneCountry,
    displayName: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  },
  { $id: 'CreateEmergencyAddressOptions' },
);

export const EmergencyAddress = Type.Object(
  {
    id: Uuid,
    sid: Type.String({ description: 'Twilio-style address SID (AD + 32 hex digits) of the simulated carrier' }),
    userId: Uuid,
    displayName: Type.String(),
    customerName: Type.String(),
    address1: Type.String(),
    city: Type.String(),
    region: Type.String(),
    postalCode: Type.String(),
    phoneCountry: PhoneCountry,
    accountSid: Type.String({ description: 'Twilio-style account SID (AC + 32 hex digits) of the account' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'EmergencyAddress' },
);

export const EmergencyAddressDto = Type.Object(
  { id: Uuid, address1: Type.String(), phoneCountry: PhoneCountry },
  { $id: 'EmergencyAddressDto' },
);

export const EmptyResponseDto = Type.Object({ message: Type.Optional(Nullable(Type.String())) }, { $id: 'EmptyResponseDto' });

export const PhoneSmsPrepaidCreditDto = Type.Object(
  {
    id: Uuid,
    phoneCountry: Type.Optional(PhoneCountry),
    global: Type.Boolean(),
    remainingCredits: Type.Integer(),
    initialCredits: Type.Integer(),
    sentMultiplier: Type.Integer(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'PhoneSmsPrepaidCreditDto' },
);

export const PhoneSmsPrepaidCreditsDto = Type.Object(
  {
    count: Type.Integer(),
    totalRemainingCredits: Type.Integer(),
    items: Type.Array(Type.Ref(PhoneSmsPrepaidCreditDto)),
  },
  { $id: 'PhoneSmsPrepaidCreditsDto' },
);

export const phoneInventoryModelSchemas = [
  PhonePlanDto, PhonePlanAvailabilityItem, PhonePlanAvailability, PhoneProviderCapabilitiesResult,
  SearchAvailablePhoneNumbersOptions, AvailablePhoneNumberDto, AvailablePhoneNumbersResult,
  CreatePhoneProvisioningJobItemOptions, CreatePhoneProvisioningJobOptions, PhoneProvisioningJobItemDto, PhoneProvisioningJobDto,
  PhoneNumberReleaseProjection, PagePhoneNumberReleaseProjection,
  PhoneSummaryCountryDto, PlanSummaryDto, PhoneSummaryDto,
  PhoneNumberLineTypeIntelligenceDto, PhoneNumberLineTypeLookupDto,
  ConsentStatusDto, CreateEmergencyAddressOptions, EmergencyAddress, EmergencyAddressDto, EmptyResponseDto,
  PhoneSmsPrepaidCreditDto, PhoneSmsPrepaidCreditsDto,
];
