import { Type } from '@sinclair/typebox';
import { DateTime, INT32_MAX, Nullable, SEARCH_MAX_LENGTH, SortDirection, Uuid } from '../shared/schemas.js';
import { threadModelSchemas } from './thread.schemas.js';
import { SEARCH_FILTER_DESCRIPTION } from './search-query.js';

/** searchEmails' body, as the client's SearchEmailsOptions (every field optional and nullable). */
export const SearchEmailsOptions = Type.Object(
  {
    inboxIds: Type.Optional(Nullable(Type.Array(Uuid, { description: "only these inboxes' emails (default: all of yours)" }))),
    pageIndex: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: INT32_MAX, description: 'zero-based page index' }))),
    pageSize: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: INT32_MAX, description: 'page size (at most 100 are returned)' }))),
    sortDirection: Type.Optional(Nullable(SortDirection)),
    unreadOnly: Type.Optional(Nullable(Type.Boolean())),
    searchFilter: Type.Optional(Nullable(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: SEARCH_FILTER_DESCRIPTION }))),
    since: Type.Optional(Nullable(DateTime)),
    before: Type.Optional(Nullable(DateTime)),
  },
  { $id: 'SearchEmailsOptions' },
);

/** Models of the list, search and thread operations (searchEmails, getEmailThreads, ...). */
export const listingModelSchemas = [SearchEmailsOptions, ...threadModelSchemas];
