import { useEffect, useState } from 'react';
import { apiErrorOf } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { publicApi } from '../../lib/natcon-api';
import type { PublicNatcon } from '../../lib/schemas/natcon';
import { NominationForm } from './NominationForm';

/** `/natcon`: the current edition, its programme, fees (early bird while it lasts), awards, past editions. */
export default function NatconOverview() {
  const [natcon, setNatcon] = useState<PublicNatcon | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    publicApi
      .get<PublicNatcon>('/natcon')
      .then(setNatcon)
      .catch(async (failure) => setError((await apiErrorOf(failure)).message));
  }, []);
  if (error) return <p role="alert">{error}</p>;
  if (!natcon) return <p role="status">Loading…</p>;
  const edition = natcon.edition;
  return (
    <div className="space-y-8">
      {edition ? (
        <>
          <section aria-labelledby="edition-heading" className="space-y-2">
            <h2 id="edition-heading" className="text-2xl font-bold text-brand-800">
              {edition.title}
            </h2>
            <p className="text-lg">{edition.theme}</p>
            <p>
              {formatDate(edition.startsOn)} to {formatDate(edition.endsOn)} · {edition.venue}, {edition.city}
            </p>
            <p>
              {edition.registration === 'open' ? (
                <a
                  href="/natcon/register"
                  className="inline-block rounded-md bg-brand-700 px-4 py-3 font-semibold text-white"
                >
                  Register now
                </a>
              ) : edition.registration === 'closed' ? (
                `Registration closed on ${formatDate(edition.registrationClosesOn)}.`
              ) : (
                `Registration opens on ${formatDate(edition.registrationOpensOn)}.`
              )}
            </p>
          </section>
          {edition.programme && (
            <section aria-labelledby="programme-heading">
              <h2 id="programme-heading" className="text-xl font-bold text-brand-800">
                Programme
              </h2>
              <p className="mt-2 whitespace-pre-line">{edition.programme}</p>
            </section>
          )}
          <section aria-labelledby="fees-heading">
            <h2 id="fees-heading" className="text-xl font-bold text-brand-800">
              Fees
            </h2>
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">
                Delegate fees{edition.gstPercent ? `, before GST of ${edition.gstPercent}%` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="py-2">
                    Category
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Fee today
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Seats left
                  </th>
                </tr>
              </thead>
              <tbody>
                {edition.categories.map((c) => (
                  <tr key={c.id} className="border-t border-slate-200">
                    <th scope="row" className="py-2 font-medium">
                      {c.name}
                    </th>
                    <td className="py-2 text-right">
                      {formatMoney(c.price)}
                      {c.earlyBird && c.earlyBirdUntil ? (
                        <span className="block text-slate-600">early bird until {formatDate(c.earlyBirdUntil)}</span>
                      ) : null}
                    </td>
                    <td className="py-2 text-right">{c.seatsLeft > 0 ? c.seatsLeft : 'Waiting list'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {edition.awards.length > 0 && (
            <section aria-labelledby="awards-heading" className="space-y-3">
              <h2 id="awards-heading" className="text-xl font-bold text-brand-800">
                National HR Awards
              </h2>
              <ul className="space-y-2">
                {edition.awards.map((a) => (
                  <li key={a.id}>
                    <p className="font-medium">{a.name}</p>
                    <p className="text-sm text-slate-700">{a.criteria}</p>
                  </li>
                ))}
              </ul>
              <h3 id="nominate" className="text-lg font-semibold text-brand-800">
                Nominate for an award
              </h3>
              <NominationForm awards={edition.awards} />
            </section>
          )}
        </>
      ) : (
        <p>The next conference will be announced here.</p>
      )}
      {natcon.pastEditions.length > 0 && (
        <section aria-labelledby="past-heading">
          <h2 id="past-heading" className="text-xl font-bold text-brand-800">
            Past editions
          </h2>
          <ul className="mt-2 list-disc pl-5">
            {natcon.pastEditions.map((p) => (
              <li key={p.id}>
                {p.title}, {p.city}: {p.theme}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
