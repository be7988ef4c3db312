import type { Page } from '../../../core/paging.js';

/** The Spring page fields the schema's *Page types expose (pageable and sort stay REST-only). */
export const graphqlPage = <T>(page: Page<T>) => ({
  content: page.content,
  totalElements: page.totalElements,
  totalPages: page.totalPages,
  number: page.number,
  size: page.size,
  numberOfElements: page.numberOfElements,
  first: page.first,
  last: page.last,
  empty: page.empty,
});
