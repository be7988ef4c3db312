import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares a DeliverabilityTestController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const deliverabilityOperation = operationsOf<Services>('DeliverabilityTestController');

/** The page shape of this controller's lists: content and the counts, without Spring's pageable. */
export const simplePage = <T>(content: T[], total: number, req: { page: number; size: number }) => ({
  content, page: req.page, size: req.size, totalElements: total, totalPages: Math.ceil(total / req.size),
});
