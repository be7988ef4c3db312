import type { Static } from '@sinclair/typebox';
import type { PhonePoolLeaseRecord, PhonePoolMemberRecord, PhonePoolRecord, PhonePoolSummary, PhoneThreadItemRecord, PhoneThreadRecord } from '../../storage/ports.js';
import type {
  PhoneMessageThreadItemProjection, PhoneMessageThreadProjection, PhonePoolDetailDto, PhonePoolDto, PhonePoolLeaseDto, PhonePoolMemberDto,
} from './phone-pool.schemas.js';
import type { PoolDetail } from './phone-pool.service.js';

type Country = Static<typeof PhonePoolLeaseDto>['phoneCountry'];

export const toPhonePoolLeaseDto = (l: PhonePoolLeaseRecord): Static<typeof PhonePoolLeaseDto> => ({
  id: l.id,
  poolId: l.poolId,
  phoneNumberId: l.phoneId,
  phoneNumber: l.phoneNumber,
  phoneCountry: l.phoneCountry as Country,
  phoneName: l.phoneName,
  leaseName: l.leaseName,
  leaseOwner: l.leaseOwner,
  leasedAt: l.leasedAt.toISOString(),
  expiresAt: l.expiresAt.toISOString(),
});

export const toPhonePoolMemberDto = (m: PhonePoolMemberRecord): Static<typeof PhonePoolMemberDto> => ({
  id: m.id,
  poolId: m.poolId,
  phoneNumberId: m.phoneId,
  phoneNumber: m.phoneNumber,
  phoneCountry: m.phoneCountry as Country,
  phoneName: m.phoneName,
  createdAt: m.createdAt.toISOString(),
  activeLease: m.lease && toPhonePoolLeaseDto(m.lease),
});

const poolFields = (p: PhonePoolRecord, memberCount: number, leasedMemberCount: number) => ({
  id: p.id,
  userId: p.tenantId,
  name: p.name,
  description: p.description,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  memberCount,
  availableMemberCount: memberCount - leasedMemberCount,
  leasedMemberCount,
});

export const toPhonePoolDto = (p: PhonePoolSummary): Static<typeof PhonePoolDto> => poolFields(p, p.memberCount, p.leasedMemberCount);

export const toPhonePoolDetailDto = ({ pool, members }: PoolDetail): Static<typeof PhonePoolDetailDto> => ({
  ...poolFields(pool, members.length, members.filter((m) => m.lease).length),
  members: members.map(toPhonePoolMemberDto),
});

export const toPhoneMessageThreadProjection = (t: PhoneThreadRecord): Static<typeof PhoneMessageThreadProjection> => ({
  phoneNumber: t.phoneNumber,
  phoneNumberId: t.phoneId,
  otherPhoneNumber: t.otherNumber,
  lastMessageDirection: t.lastDirection,
  lastBody: t.lastBody,
  lastCreated: t.lastCreatedAt.toISOString(),
});

export const toPhoneMessageThreadItemProjection = (i: PhoneThreadItemRecord): Static<typeof PhoneMessageThreadItemProjection> => ({
  id: i.id,
  body: i.body,
  created: i.createdAt.toISOString(),
  phoneNumberId: i.phoneId,
  messageDirection: i.direction,
  fromPhoneNumber: i.fromNumber,
  toPhoneNumber: i.toNumber,
});
