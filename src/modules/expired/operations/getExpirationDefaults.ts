import { expiredOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ExpirationDefaults } from '../expired.schemas.js';

export const getExpirationDefaults = expiredOperation({
  operationId: 'getExpirationDefaults', method: 'GET', path: '/expired/defaults',
  summary: 'How inboxes expire by default (today: they do not; inboxes are permanent unless given expiresAt or expiresIn)',
  response: Type.Ref(ExpirationDefaults),
  handler: async (_call, { expired }) => {
    const d = expired.defaults();
    return { ...d, defaultExpiresAt: d.defaultExpiresAt?.toISOString() ?? null };
  },
});
