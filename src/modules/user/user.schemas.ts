import { Type, type Static } from '@sinclair/typebox';
import { DateTime, StringEnum } from '../shared/schemas.js';

/** The client's UserInfoDto. */
export const UserInfoDto = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    emailAddress: Type.String(),
    accountState: StringEnum(['FROZEN', 'ACTIVE']),
    accountType: StringEnum(['SOLO', 'CHILD_SOLO', 'CHILD_TEAM', 'CHILD_ADMIN']),
    createdAt: DateTime,
  },
  { $id: 'UserInfoDto' },
);
export type UserInfoDto = Static<typeof UserInfoDto>;
