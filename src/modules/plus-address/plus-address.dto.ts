import type { Static } from '@sinclair/typebox';
import type { PlusAddressRecord } from '../../storage/ports.js';
import type { PlusAddressDto } from './plus-address.schemas.js';

/** PlusAddressDto and PlusAddressProjection have the same fields. */
export const toPlusAddressDto = (p: PlusAddressRecord): Static<typeof PlusAddressDto> => ({
  id: p.id,
  plusAddress: p.plusAddress,
  fullAddress: p.fullAddress,
  userId: p.tenantId,
  inboxId: p.inboxId,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
