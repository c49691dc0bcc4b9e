import { sendCancellationMail, sendOfferMail, type CancelOutcome } from '../../domains/natcon';
import type { ApiDeps } from '../context';

/**
 * After a cancellation has committed: the buyer is told (and what is refunded), and each waiting
 * order the freed seats were offered to gets its link. A mail server that fails never undoes it.
 */
export function mailAfterCancelling(deps: ApiDeps, outcome: CancelOutcome) {
  return async () => {
    try {
      await sendCancellationMail(deps.mailer, outcome, false);
      for (const offer of outcome.offers) await sendOfferMail(deps.mailer, offer, deps.siteUrl);
    } catch (error) {
      console.error('[natcon] cancellation e-mail failed', outcome.orderNumber, error);
    }
  };
}
