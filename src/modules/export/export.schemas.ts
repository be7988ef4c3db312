import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum } from '../shared/schemas.js';

export const EXPORT_TYPES = ['INBOXES', 'CONTACTS', 'ATTACHMENTS', 'EMAILS'] as const;
const OUTPUT_FORMATS = ['CSV_DEFAULT', 'CSV_EXCEL'] as const;

const FilterText = Type.String({ maxLength: 1000, description: 'case-insensitive text some cell of a row must contain' });
const Separator = Type.String({ minLength: 1, maxLength: 16, description: "what joins the values of list cells (recipients, tags, addresses); ',' by default" });

export const ExportOptions = Type.Object(
  {
    outputFormat: StringEnum(OUTPUT_FORMATS, { description: 'CSV_DEFAULT: RFC 4180, UTF-8; CSV_EXCEL: the same with a byte order mark and formula-like cells written as text' }),
    excludePreviouslyExported: Type.Optional(Nullable(Type.Boolean())),
    createdEarliestTime: Type.Optional(Nullable(DateTime)),
    createdOldestTime: Type.Optional(Nullable(DateTime)),
    filter: Type.Optional(Nullable(FilterText)),
    listSeparatorToken: Type.Optional(Nullable(Separator)),
  },
  { $id: 'ExportOptions' },
);

export const ExportLink = Type.Object(
  { downloadLink: Type.String({ description: 'opens the export without an API key until it expires (PIGEONHOLE_EXPORT_LINK_TTL)' }) },
  { $id: 'ExportLink' },
);

export const ExportTypeQuery = { exportType: StringEnum(EXPORT_TYPES) };

export const ExportEntitiesQuery = Type.Object({
  ...ExportTypeQuery,
  apiKey: Type.Optional(Type.String({ description: 'the API key, for a browser opening the URL (or send x-api-key)' })),
  outputFormat: StringEnum(OUTPUT_FORMATS),
  filter: Type.Optional(FilterText),
  listSeparatorToken: Type.Optional(Separator),
  excludePreviouslyExported: Type.Optional(Type.Boolean()),
  createdEarliestTime: Type.Optional(DateTime),
  createdOldestTime: Type.Optional(DateTime),
});

export const ExportLinkQuery = Type.Object({
  ...ExportTypeQuery,
  apiKey: Type.Optional(Type.String()),
});

export const ExportDownloadQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 8192 }) });

export const exportModelSchemas = [ExportOptions, ExportLink];
