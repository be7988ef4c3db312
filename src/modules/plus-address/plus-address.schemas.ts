import { Type } from '@sinclair/typebox';
import { DateTime, PageOf, PageQuery, Uuid } from '../shared/schemas.js';

const plusAddressFields = {
  id: Uuid,
  plusAddress: Type.String({ description: 'the tag: what stands between + and @' }),
  fullAddress: Type.String({ description: 'local+tag@domain, lower-cased' }),
  userId: Uuid,
  inboxId: Uuid,
  createdAt: DateTime,
  updatedAt: DateTime,
};

export const PlusAddressDto = Type.Object(plusAddressFields, { $id: 'PlusAddressDto' });
export const PlusAddressProjection = Type.Object(plusAddressFields, { $id: 'PlusAddressProjection' });
export const PagePlusAddressProjection = PageOf(Type.Ref(PlusAddressProjection), 'PagePlusAddressProjection');

export const PlusAddressIdParams = Type.Object({ plusAddressId: Uuid });
export const InboxPlusAddressParams = Type.Object({ inboxId: Uuid, plusAddressId: Uuid });
export const FullAddressQuery = Type.Object({ fullAddress: Type.String({ minLength: 3, maxLength: 320, description: 'local+tag@domain' }) });
export const PlusAddressPageQuery = Type.Object(PageQuery);
export const PlusAddressEmailsQuery = Type.Object({
  ...PageQuery,
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
});

export const plusAddressModelSchemas = [PlusAddressDto, PlusAddressProjection, PagePlusAddressProjection];
