import { Type, type TSchema, type Static, type TUnsafe } from '@sinclair/typebox';

/**
 * Schema building blocks shared by every module. OpenAPI 3.0 style `nullable` is used
 * (rather than anyOf with null) because it is what the official client's generator
 * read, and fast-json-stringify serializes it directly.
 */
export const Nullable = <T extends TSchema>(schema: T): TUnsafe<Static<T> | null> =>
  Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

/** A string enum as OpenAPI generators expect it ({type: string, enum}), typed as the union. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

export const DateTime = Type.String({ format: 'date-time', description: 'ISO-8601 with milliseconds, UTC' });
export const Uuid = Type.String({ format: 'uuid' });

export const SortDirection = StringEnum(['ASC', 'DESC'], { description: 'Sort direction on createdAt' });

/** The spec types page and size as int32. */
export const INT32_MAX = 2_147_483_647;

/**
 * Upper bound of millisecond durations (timeouts, expiresIn): the largest integer JavaScript
 * counts exactly. Every integer a request carries has bounds, so 1e23 is a 400, not a fault
 * deep in a timer or the database.
 */
export const LONGEST_MS = Number.MAX_SAFE_INTEGER;

/**
 * Longest search filter (searchFilter, search): a partial match becomes a LIKE pattern, and
 * SQLite refuses patterns over 50,000 bytes with an error (a 500) rather than an answer.
 */
export const SEARCH_MAX_LENGTH = 1000;

/** page/size/sort query parameters of every paginated list. */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, default: 0, description: 'zero-based page index' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: INT32_MAX, default: 20, description: 'page size (at most 100 are returned)' })),
  sort: Type.Optional(SortDirection),
};

const SortObject = Type.Object({
  sorted: Type.Boolean(),
  unsorted: Type.Boolean(),
  empty: Type.Boolean(),
});

/** Spring-style page of `item`, as every `Page*` model of the client. */
export const PageOf = <T extends TSchema>(item: T, $id: string) =>
  Type.Object(
    {
      content: Type.Array(item),
      pageable: Type.Object({
        offset: Type.Integer(),
        pageNumber: Type.Integer(),
        pageSize: Type.Integer(),
        paged: Type.Boolean(),
        unpaged: Type.Boolean(),
        sort: SortObject,
      }),
      totalPages: Type.Integer(),
      totalElements: Type.Integer(),
      last: Type.Boolean(),
      size: Type.Integer(),
      number: Type.Integer(),
      first: Type.Boolean(),
      numberOfElements: Type.Integer(),
      sort: SortObject,
      empty: Type.Boolean(),
    },
    { $id },
  );

export const ErrorBody = Type.Object(
  {
    timestamp: DateTime,
    status: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    path: Type.String(),
  },
  { $id: 'ErrorBody' },
);

export const CountDto = Type.Object({ totalElements: Type.Integer() }, { $id: 'CountDto' });
