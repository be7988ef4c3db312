import { Type } from '@sinclair/typebox';
import { gravatarUrl } from '../gravatar.js';
import { GravatarUrl } from '../render.schemas.js';
import { renderOperation } from './define.js';

export const getGravatarUrlForEmailAddress = renderOperation({
  operationId: 'getGravatarUrlForEmailAddress', method: 'GET', path: '/emails/gravatarFor',
  summary: "Gravatar's image URL for an address (SHA-256 of the trimmed, lower-cased address); nothing is fetched",
  query: Type.Object({
    emailAddress: Type.String({ minLength: 1, maxLength: 320 }),
    size: Type.Optional(Type.String({ maxLength: 10, description: 'pixels, 1 to 2048' })),
  }),
  response: Type.Ref(GravatarUrl),
  handler: async ({ query }) => gravatarUrl(query.emailAddress, query.size),
});
