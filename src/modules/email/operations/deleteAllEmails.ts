import { emailOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { DateTime } from '../../shared/schemas.js';

export const deleteAllEmails = emailOperation({
  operationId: 'deleteAllEmails', method: 'DELETE', path: '/emails',
  summary: "Delete all of the caller's emails (optionally only those received in a time range)",
  query: Type.Object({ createdAtSince: Type.Optional(DateTime), createdAtBefore: Type.Optional(DateTime) }),
  status: 204,
  handler: async ({ tenantId, query }, { emails }) => {
    await emails.deleteAll(tenantId, {
      since: toDate(query.createdAtSince),
      before: toDate(query.createdAtBefore),
    });
  },
});
