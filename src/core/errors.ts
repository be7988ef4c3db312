/**
 * Errors the services raise. Transports translate `code` into their own vocabulary
 * (HTTP status, SMTP reply); services never know about either.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'QUOTA_EXCEEDED'
  | 'TOO_LARGE'
  | 'TIMEOUT'
  | 'UNAVAILABLE';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const quotaExceeded = (message: string) => new AppError('QUOTA_EXCEEDED', message);
export const tooLarge = (message: string) => new AppError('TOO_LARGE', message);
export const unavailable = (message: string) => new AppError('UNAVAILABLE', message);
