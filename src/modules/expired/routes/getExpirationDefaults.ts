import { Type } from '@sinclair/typebox';
import { ExpirationDefaults } from '../expired.schemas.js';
import { TAG, type ExpiredRoute } from './kit.js';

export const getExpirationDefaults: ExpiredRoute = (app, { expired }) =>
  app.get('/expired/defaults', {
    schema: {
      operationId: 'getExpirationDefaults', tags: TAG,
      summary: 'How inboxes expire by default (today: they do not; inboxes are permanent unless given expiresAt or expiresIn)',
      response: { 200: Type.Ref(ExpirationDefaults) },
    },
  }, async () => {
    const d = expired.defaults();
    return { ...d, defaultExpiresAt: d.defaultExpiresAt?.toISOString() ?? null };
  });
