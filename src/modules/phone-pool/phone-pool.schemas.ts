import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, StringEnum, Uuid } from '../shared/schemas.js';
import { PhoneCountry } from '../phone/phone.schemas.js';

/** A lease lasts this long when the options do not say (15 minutes)... */
export const DEFAULT_LEASE_MILLIS = 15 * 60 * 1000;
/** ...and at most this long (7 days). */
export const MAX_LEASE_MILLIS = 7 * 24 * 60 * 60 * 1000;
/** The longest acquireTimeoutMillis accepted; the server's PIGEONHOLE_MAX_WAIT bounds it further. */
export const MAX_ACQUIRE_TIMEOUT_MILLIS = 60 * 60 * 1000;

const PoolName = Type.String({ minLength: 1, maxLength: 255 });
const PoolDescription = Type.String({ maxLength: 10_000 });
const LeaseLabel = Type.String({ maxLength: 255 });

export const CreatePhonePoolOptions = Type.Object(
  { name: PoolName, description: Type.Optional(Nullable(PoolDescription)) },
  { $id: 'CreatePhonePoolOptions' },
);
export const GetOrCreatePhonePoolOptions = Type.Object(
  { name: PoolName, description: Type.Optional(Nullable(PoolDescription)) },
  { $id: 'GetOrCreatePhonePoolOptions' },
);
export const UpdatePhonePoolOptions = Type.Object(
  { name: Type.Optional(Nullable(PoolName)), description: Type.Optional(Nullable(PoolDescription)) },
  { $id: 'UpdatePhonePoolOptions' },
);
export const AddPhonePoolNumbersOptions = Type.Object(
  { phoneNumberIds: Type.Array(Uuid, { minItems: 1, description: 'ids of your phone numbers' }) },
  { $id: 'AddPhonePoolNumbersOptions' },
);
export const AcquirePhonePoolLeaseOptions = Type.Object(
  {
    leaseName: Type.Optional(Nullable(LeaseLabel)),
    leaseOwner: Type.Optional(Nullable(LeaseLabel)),
    leaseDurationMillis: Type.Optional(Nullable(Type.Integer({
      minimum: 1, maximum: MAX_LEASE_MILLIS, description: `how long the lease lasts (default ${DEFAULT_LEASE_MILLIS} ms, 15 minutes; at most 7 days)`,
    }))),
    acquireTimeoutMillis: Type.Optional(Nullable(Type.Integer({
      minimum: 0, maximum: MAX_ACQUIRE_TIMEOUT_MILLIS,
      description: 'how long to wait for a number to become free when every one is leased (default 0: answer 409 at once); bounded by the server\'s maximum wait',
    }))),
  },
  { $id: 'AcquirePhonePoolLeaseOptions' },
);

export const PhonePoolLeaseDto = Type.Object(
  {
    id: Uuid,
    poolId: Uuid,
    phoneNumberId: Uuid,
    phoneNumber: Type.String(),
    phoneCountry: PhoneCountry,
    phoneName: Nullable(Type.String()),
    leaseName: Nullable(Type.String()),
    leaseOwner: Nullable(Type.String()),
    leasedAt: DateTime,
    expiresAt: Nullable(DateTime),
  },
  { $id: 'PhonePoolLeaseDto' },
);

export const PhonePoolMemberDto = Type.Object(
  {
    id: Uuid,
    poolId: Uuid,
    phoneNumberId: Uuid,
    phoneNumber: Type.String(),
    phoneCountry: PhoneCountry,
    phoneName: Nullable(Type.String()),
    createdAt: DateTime,
    activeLease: Nullable(Type.Ref(PhonePoolLeaseDto)),
  },
  { $id: 'PhonePoolMemberDto' },
);

const poolFields = {
  id: Uuid,
  userId: Uuid,
  name: Type.String(),
  description: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
  memberCount: Type.Integer(),
  availableMemberCount: Type.Integer(),
  leasedMemberCount: Type.Integer(),
};

export const PhonePoolDto = Type.Object(poolFields, { $id: 'PhonePoolDto' });
export const PhonePoolDetailDto = Type.Object({ ...poolFields, members: Type.Array(Type.Ref(PhonePoolMemberDto)) }, { $id: 'PhonePoolDetailDto' });

const Direction = StringEnum(['OUTBOUND', 'INBOUND'] as const);

export const PhoneMessageThreadProjection = Type.Object(
  {
    phoneNumber: Nullable(Type.String()),
    phoneNumberId: Uuid,
    otherPhoneNumber: Nullable(Type.String()),
    lastMessageDirection: Direction,
    lastBody: Type.String(),
    lastCreated: DateTime,
  },
  { $id: 'PhoneMessageThreadProjection' },
);
export const PagePhoneMessageThreadProjection = PageOf(Type.Ref(PhoneMessageThreadProjection), 'PagePhoneMessageThreadProjection');

export const PhoneMessageThreadItemProjection = Type.Object(
  {
    id: Uuid,
    body: Type.String(),
    created: DateTime,
    phoneNumberId: Uuid,
    messageDirection: Direction,
    fromPhoneNumber: Type.String(),
    toPhoneNumber: Type.String(),
  },
  { $id: 'PhoneMessageThreadItemProjection' },
);
export const PagePhoneMessageThreadItemProjection = PageOf(Type.Ref(PhoneMessageThreadItemProjection), 'PagePhoneMessageThreadItemProjection');

export const PoolIdParams = Type.Object({ poolId: Uuid });

export const phonePoolModelSchemas = [
  CreatePhonePoolOptions, GetOrCreatePhonePoolOptions, UpdatePhonePoolOptions, AddPhonePoolNumbersOptions, AcquirePhonePoolLeaseOptions,
  PhonePoolLeaseDto, PhonePoolMemberDto, PhonePoolDto, PhonePoolDetailDto,
  PhoneMessageThreadProjection, PagePhoneMessageThreadProjection, PhoneMessageThreadItemProjection, PagePhoneMessageThreadItemProjection,
];
