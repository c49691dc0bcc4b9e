import type { ApiFailure } from '../../lib/envelope';
import { currentSession } from '../../stores/session';

/**
 * Sends one file as multipart form data with the session's token, reporting progress: fetch cannot
 * report how much of a request body has gone, XMLHttpRequest's upload events can. Resolves with the
 * answer's `data`, rejects with the envelope's message (413 names the limit, 415 the types).
 */
export async function uploadFile<T>(
  method: 'POST' | 'PUT',
  path: string,
  fields: Record<string, string | File>,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  const token = (await currentSession())?.user?.token;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `/api${path}`);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { success: true; data: T } | ApiFailure | null;
      if (request.status >= 200 && request.status < 300 && body?.success) {
        onProgress?.(1);
        resolve(body.data);
      } else {
        const failure = body && !body.success ? body.error : null;
        reject(new Error(failure?.message ?? `The upload failed (${request.status}).`));
      }
    };
    request.onerror = () => reject(new Error('The upload failed: the connection was lost.'));
    request.send(form);
  });
}

/** Runs `task` over `items`, at most `limit` at a time (photos upload a few at once, not all). */
export async function eachLimited<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
