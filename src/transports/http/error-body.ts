import { STATUS_CODES } from 'node:http';
import type { ErrorCode } from '../../core/errors.js';

/** The one error shape every HTTP failure uses (DESIGN §6). */
export interface ErrorBody {
  timestamp: string;
  status: number;
  error: string;
  message: string;
  path: string;
}

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TIMEOUT: 408,
  CONFLICT: 409,
  TOO_LARGE: 413,
  QUOTA_EXCEEDED: 429,
  UNAVAILABLE: 503,
};

export function errorBody(status: number, message: string, path: string): ErrorBody {
  return {
    timestamp: new Date().toISOString(),
    status,
    error: STATUS_CODES[status] ?? 'Error',
    message,
    path: path.split('?')[0] ?? path,
  };
}
