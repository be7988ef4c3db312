import assert from 'node:assert/strict';

/** The status and error message of a call the official client rejects (it throws the Response). */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Response) return { status: err.status, message: String(((await err.json()) as { message: unknown }).message) };
    throw err;
  }
  assert.fail('the call succeeded');
}
