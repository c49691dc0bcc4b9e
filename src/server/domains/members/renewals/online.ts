import type { DB } from '../../../platform/db';
import { kolkataDate } from '../../../../lib/financial-year';
import { conflict, notFound } from '../../errors';
import type { OnlineReport, OnlineRequest } from '../../money';
import { memberRow, recordRenewal, renewalQuote } from './renewals';

/**
 * A member renews online: signed in as themselves, the renewal quoted now (without a coupon) is
 * recorded exactly as a reported renewal is, with mode `online`, and the gateway confirms it.
 */
export async function reportRenewalOnline(db: DB, request: OnlineRequest): Promise<OnlineReport> {
  const memberId = request.caller?.memberId ?? null;
  if (memberId === null || memberId !== request.subjectId) throw notFound('No such member.');
  const today = kolkataDate(request.now);
  return db.transaction().execute(async (trx) => {
    const quote = await renewalQuote(trx, await memberRow(trx, memberId), today);
    if (!quote) throw conflict('There is nothing to renew: the membership is paid as far ahead as it can be.');
    const { payment } = await recordRenewal(
      trx,
      memberId,
      { mode: 'online', reference: null, amount: quote.total, paidOn: today },
      request.now,
    );
    return {
      payment,
      returnPath: '/member/memberdetail',
    };
  });
}
