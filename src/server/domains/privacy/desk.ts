import type { DB } from '../../platform/db';
import type { DeskRequest } from '../../../lib/schemas/privacy-desk';
import type { PrivacyRequestKind, PrivacyRequestState } from '../../../lib/schemas/privacy';
import { grievanceReminderTimes } from './deadlines';
import { requestQueue, type RequestView } from './requests';

/** A request as the desk shows it: with the 60- and 80-day reminders, when each falls and whether it went. */
export function deskView(view: RequestView): DeskRequest {
  return {
    ...view,
    reminders: grievanceReminderTimes(view.receivedAt).map(({ day, at }) => ({
      day,
      at,
      sent: view.history.some((h) => h.action === `reminder_${day}`),
    })),
  };
}

export async function deskQueue(
  db: DB,
  filter: { kind?: PrivacyRequestKind; state?: PrivacyRequestState; page: number; pageSize: number },
  now: Date,
): Promise<{ items: DeskRequest[]; total: number }> {
  const { items, total } = await requestQueue(db, filter, now);
  return { items: items.map(deskView), total };
}

/** Every request the filter selects, nearest deadline first, page by page (the queue's CSV). */
export async function* allDeskRequests(
  db: DB,
  filter: { kind?: PrivacyRequestKind; state?: PrivacyRequestState },
  now: Date,
): AsyncGenerator<DeskRequest> {
  const pageSize = 200;
  for (let page = 1; ; page++) {
    const { items } = await deskQueue(db, { ...filter, page, pageSize }, now);
    yield* items;
    if (items.length < pageSize) return;
  }
}
