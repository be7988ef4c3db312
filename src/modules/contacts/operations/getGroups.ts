import { Type } from '@sinclair/typebox';
import { groupOperation } from './define.js';
import { toGroupProjection } from '../contacts.dto.js';
import { GroupProjection } from '../contacts.schemas.js';

export const getGroups = groupOperation({
  operationId: 'getGroups', method: 'GET', path: '/groups',
  summary: 'Every group of the caller, oldest first',
  response: Type.Array(Type.Ref(GroupProjection)),
  handler: async ({ tenantId }, { contacts }) => (await contacts.groups(tenantId)).map(toGroupProjection),
});
