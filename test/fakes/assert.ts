/** Assertions the unit tests of services share. */
import assert from 'node:assert/strict';
import { AppError, type ErrorCode } from '../../src/core/errors.js';

/** `promise` rejects with the service error `code` (and a message matching `message`); `why` explains a failure. */
export async function rejectsWith(promise: Promise<unknown>, code: ErrorCode, message?: RegExp, why?: string): Promise<void> {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof AppError, `expected an AppError ${code}, got ${String(err)}`);
    assert.equal(err.code, code, `${why ? `${why}: ` : ''}${err.message}`);
    if (message) assert.match(err.message, message, why);
    return true;
  });
}
