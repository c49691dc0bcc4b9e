export type { ChapterRecord, Me, MemberRecord } from './api-types';

/** What a screen shows when a read fails: the record is missing, out of the user's scope, or the call failed. */
export type LoadProblem = 'not-found' | 'forbidden' | 'failed';

export function problemOf(status: number): LoadProblem {
  if (status === 404) return 'not-found';
  if (status === 403) return 'forbidden';
  return 'failed';
}

/** The selected member id kept in session storage, if it is a positive integer. */
export function parseSelectedMemberId(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
