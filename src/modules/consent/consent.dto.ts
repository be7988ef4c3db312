import type { Static } from '@sinclair/typebox';
import type { OptInIdentityRecord } from '../../storage/ports.js';
import type { OptInIdentityProjection } from './consent.schemas.js';

export const toOptInIdentityProjection = (i: OptInIdentityRecord): Static<typeof OptInIdentityProjection> => ({
  id: i.id,
  createdAt: i.createdAt.toISOString(),
  updatedAt: i.updatedAt.toISOString(),
  emailAddress: i.emailAddress,
  verified: i.state === 'verified',
});
