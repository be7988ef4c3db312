import { Type } from '@sinclair/typebox';
import { Content, operationsOf } from '../../../core/operation.js';
import { toDate } from '../../../core/dates.js';
import type { Services } from '../../services.js';
import type { ExportFile } from '../export.service.js';
import { ExportDownloadQuery, ExportEntitiesQuery, ExportLink, ExportLinkQuery, ExportOptions } from '../export.schemas.js';

const exportOperation = operationsOf<Services>('ExportController');

const csvContent = (file: ExportFile) => new Content(file.csv, 'text/csv; charset=utf-8', {
  'content-disposition': `attachment; filename="${file.fileName}"`,
  'x-export-rows': String(file.rows),
  'x-export-truncated': String(file.truncated),
});

const nonNull = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export const exportEntities = exportOperation({
  operationId: 'exportEntities', method: 'GET', path: '/export',
  summary: "Export the caller's inboxes, emails, contacts or attachments as CSV (a browser may pass the key as apiKey)",
  query: ExportEntitiesQuery,
  handler: async ({ tenantId, query: q }, { exports }) => csvContent(await exports.export(tenantId, q.exportType, {
    outputFormat: q.outputFormat, filter: q.filter, listSeparatorToken: q.listSeparatorToken, excludePreviouslyExported: q.excludePreviouslyExported,
    createdEarliestTime: toDate(q.createdEarliestTime), createdOldestTime: toDate(q.createdOldestTime),
  })),
});

export const getExportLink = exportOperation({
  operationId: 'getExportLink', method: 'POST', path: '/export',
  summary: 'A link that downloads this export without an API key, until it expires (PIGEONHOLE_EXPORT_LINK_TTL)',
  query: ExportLinkQuery,
  body: ExportOptions,
  response: Type.Ref(ExportLink),
  handler: async ({ tenantId, query, body, baseUrl }, { exports }) => {
    const { token } = await exports.signLink(tenantId, query.exportType, {
      outputFormat: body.outputFormat, filter: nonNull(body.filter), listSeparatorToken: nonNull(body.listSeparatorToken),
      excludePreviouslyExported: nonNull(body.excludePreviouslyExported),
      createdEarliestTime: toDate(body.createdEarliestTime), createdOldestTime: toDate(body.createdOldestTime),
    });
    return { downloadLink: `${baseUrl}/export/download?token=${encodeURIComponent(token)}` };
  },
});

export const downloadExport = exportOperation({
  operationId: 'downloadExport', method: 'GET', path: '/export/download',
  summary: "The export a getExportLink link names, without an API key (the link's signed token is the authority)",
  access: 'public', hidden: true,
  query: ExportDownloadQuery,
  handler: async ({ query }, { exports }) => {
    const link = await exports.openLink(query.token);
    return csvContent(await exports.export(link.tenantId, link.type, link.options));
  },
});

/** ExportController, and the download its links open. */
export const exportOperations = [exportEntities, getExportLink, downloadExport];
