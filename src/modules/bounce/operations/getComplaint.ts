import { bounceOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toComplaint } from '../reputation.dto.js';
import { Complaint, ComplaintIdParams } from '../reputation.schemas.js';

export const getComplaint = bounceOperation({
  operationId: 'getComplaint', method: 'GET', path: '/bounce/complaints/{id}',
  summary: 'A complaint: who complained, of what kind, about which sent email',
  params: ComplaintIdParams,
  response: Type.Ref(Complaint),
  handler: async ({ tenantId, params }, { complaints }) => toComplaint(await complaints.get(tenantId, params.id)),
});
