import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { PageQuery } from '../../shared/schemas.js';
import { toInboxPreview } from '../inbox.dto.js';
import { PageInboxProjection } from '../inbox.schemas.js';
import { inboxOperation } from './define.js';

// A static path: matched before GET /inboxes/{inboxId}.
export const getOutboxes = inboxOperation({
  operationId: 'getOutboxes', method: 'GET', path: '/inboxes/outboxes',
  summary: 'Page through the inboxes that have sent mail',
  query: Type.Object(PageQuery),
  response: Type.Ref(PageInboxProjection),
  handler: async ({ tenantId, query }, { inboxes }) => {
    const { slice, request } = await inboxes.outboxes(tenantId, query);
    return toPage(slice.items.map(toInboxPreview), slice.total, request);
  },
});
