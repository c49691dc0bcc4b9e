import { useEffect, useState } from 'react';
import { formatCount, formatMoney } from '../../../lib/format';
import type { AdminEdition, Totals } from '../../../lib/schemas/natcon';
import { api, apiErrorOf } from '../../../stores/api-client';

/** Seats, delegates and check-ins by category, and the money verified and waiting to be verified. */
export function TotalsTab({ edition }: { edition: AdminEdition }) {
  const [totals, setTotals] = useState<Totals | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .get<Totals>('/admin/natcon/totals', { editionId: edition.id })
      .then(setTotals)
      .catch(async (failure) => setError((await apiErrorOf(failure)).message));
  }, [edition.id]);
  if (error) return <p role="alert">{error}</p>;
  if (!totals) return <p role="status">Loading…</p>;
  return (
    <section aria-labelledby="totals-heading" className="space-y-4">
      <h2 id="totals-heading" className="text-lg font-semibold">
        Totals
      </h2>
      <dl className="grid gap-3 sm:grid-cols-4">
        {[
          ['Money collected (verified)', formatMoney(totals.moneyCollected)],
          ['Reported, to verify', formatMoney(totals.moneyReported)],
          ['Confirmed orders', formatCount(totals.orders.confirmed)],
          ['Orders waiting', formatCount(totals.orders.waitlisted)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-300 p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <div role="region" aria-label="Totals by category" tabIndex={0} className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Totals by category</caption>
          <thead className="border-b border-slate-300">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Category
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Seats
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Taken
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Waiting
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Checked in
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Value of confirmed
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.categories.map((c) => (
              <tr key={c.id} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {c.name}
                </th>
                <td className="py-2 pr-4 text-right">{formatCount(c.seats)}</td>
                <td className="py-2 pr-4 text-right">{formatCount(c.seatsTaken)}</td>
                <td className="py-2 pr-4 text-right">{formatCount(c.waitlistedDelegates)}</td>
                <td className="py-2 pr-4 text-right">{formatCount(c.checkedIn)}</td>
                <td className="py-2 pr-4 text-right">{formatMoney(c.amountDue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
