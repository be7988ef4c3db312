import { api } from '../../api';
import { saveBlob } from '../../ui';

/** At most this many requests at once: a page of 50 deletes must not open 50 connections. */
const PARALLEL = 6;

/**
 * Runs `each` over the ids a few at a time. The API has no bulk delete or mark of chosen emails,
 * so a bulk action is one call per email; all are tried and the first failure is reported.
 */
async function forEach(ids: string[], each: (id: string) => Promise<unknown>): Promise<void> {
  const queue = [...ids];
  const failures: unknown[] = [];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await each(id);
      } catch (err) {
        failures.push(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, ids.length) }, worker));
  if (failures.length) throw failures[0];
}

export const markEmails = (ids: string[], read: boolean) =>
  forEach(ids, (id) => api.patch(`/emails/${encodeURIComponent(id)}/read`, undefined, { read }));

export const deleteEmails = (ids: string[]) => forEach(ids, (id) => api.del(`/emails/${encodeURIComponent(id)}`));

/** A file name from the subject: letters, digits and a few marks, so every OS accepts it. */
export function emlFileName(subject: string | null | undefined, id: string): string {
  const base = (subject ?? '').replace(/[^\p{L}\p{N} ._-]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `${base || id}.eml`;
}

/** Saves the message as the server received it (getRawEmailContents), as a .eml file. */
export async function downloadEml(id: string, subject: string | null | undefined): Promise<void> {
  // Fetched with the key, then saved from a blob: a plain link could not send x-api-key.
  const raw = await api.blob(`/emails/${encodeURIComponent(id)}/raw`);
  saveBlob(new Blob([raw], { type: 'message/rfc822' }), emlFileName(subject, id));
}
