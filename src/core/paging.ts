/** Spring-style pages, the shape the official client expects for every `Page*` model. */
export type SortDirection = 'ASC' | 'DESC';

export interface PageRequest {
  page: number;
  size: number;
  sort: SortDirection;
}

export interface Page<T> {
  content: T[];
  pageable: {
    offset: number;
    pageNumber: number;
    pageSize: number;
    paged: boolean;
    unpaged: boolean;
    sort: SortState;
  };
  totalPages: number;
  totalElements: number;
  last: boolean;
  size: number;
  number: number;
  first: boolean;
  numberOfElements: number;
  sort: SortState;
  empty: boolean;
}

interface SortState {
  sorted: boolean;
  unsorted: boolean;
  empty: boolean;
}

export const MAX_PAGE_SIZE = 100;

/** Fills defaults and clamps: page from 0, size 1..MAX_PAGE_SIZE (default 20). */
export function pageRequest(
  input: { page?: number; size?: number; sort?: SortDirection },
  defaults: { size?: number; sort?: SortDirection } = {},
): PageRequest {
  const size = Math.min(Math.max(input.size ?? defaults.size ?? 20, 1), MAX_PAGE_SIZE);
  return { page: Math.max(input.page ?? 0, 0), size, sort: input.sort ?? defaults.sort ?? 'ASC' };
}

export const pageOffset = (req: PageRequest): number => req.page * req.size;

export function toPage<T>(content: T[], totalElements: number, req: PageRequest): Page<T> {
  const sort: SortState = { sorted: true, unsorted: false, empty: false };
  const totalPages = Math.ceil(totalElements / req.size);
  return {
    content,
    pageable: {
      offset: pageOffset(req),
      pageNumber: req.page,
      pageSize: req.size,
      paged: true,
      unpaged: false,
      sort,
    },
    totalPages,
    totalElements,
    last: req.page >= totalPages - 1,
    size: req.size,
    number: req.page,
    first: req.page === 0,
    numberOfElements: content.length,
    sort,
    empty: content.length === 0,
  };
}

export function mapPage<A, B>(page: Page<A>, fn: (a: A) => B): Page<B> {
  return { ...page, content: page.content.map(fn) };
}
