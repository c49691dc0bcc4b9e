import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { api, apiErrorOf } from '../../stores/api-client';
import { formatDateTime } from '../../lib/format';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../lib/financial-year';
import {
  MEMBERSHIP_CLASS_CODES,
  MEMBERSHIP_CLASS_LABELS,
  type MembershipClassCode,
} from '../../lib/membership-classes';
import { FEE_RULE_TEXT } from '../../lib/membership-info';
import type { FeeRow } from '../../lib/schemas/membership';
import { FieldError, inputClass, labelClass } from '../../components/forms/FormFields';

type Draft = { entranceFee: string; subscription: string; oneTimeFee: string };

const toRupees = (paise: number | undefined) => (paise === undefined ? '' : (paise / 100).toFixed(2));

/** Rupees typed with up to two decimals → paise; NaN for anything else. */
function toPaise(text: string): number {
  const trimmed = text.replace(/,/g, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  const [rupees, paise = ''] = trimmed.split('.');
  return Number(rupees) * 100 + Number(paise.padEnd(2, '0'));
}

/**
 * The super admin's fee schedule: one row per class for a financial year, entered in rupees and
 * stored in paise. Quotes already given keep their amounts (each application stores its own).
 */
export default function FeesTab() {
  const current = financialYearStart(kolkataDate(new Date()));
  const years = [current + 1, current, current - 1].map(financialYearLabel);
  const [year, setYear] = useState(financialYearLabel(current));
  const [rows, setRows] = useState<FeeRow[]>([]);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const [saving, setSaving] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const list = await api.get<FeeRow[]>('/admin/membership-fees', { financialYear: year });
      setRows(list);
      setDrafts(
        Object.fromEntries(
          MEMBERSHIP_CLASS_CODES.map((code) => {
            const row = list.find((r) => r.classCode === code);
            return [
              code,
              {
                entranceFee: toRupees(row?.entranceFee),
                subscription: toRupees(row?.subscription),
                oneTimeFee: toRupees(row?.oneTimeFee),
              },
            ];
          }),
        ),
      );
      setErrors({});
    } catch (error) {
      toast.error((await apiErrorOf(error)).message);
    }
  }, [year]);
  useEffect(() => void load(), [load]);

  async function save(code: MembershipClassCode) {
    const draft = drafts[code];
    const body = {
      entranceFee: toPaise(draft.entranceFee),
      subscription: code === 'life' ? 0 : toPaise(draft.subscription),
      oneTimeFee: code === 'life' ? toPaise(draft.oneTimeFee) : 0,
    };
    const local: Record<string, string> = {};
    for (const [key, value] of Object.entries(body))
      if (Number.isNaN(value)) local[key] = 'Enter rupees, for example 1500 or 1500.50.';
    if (Object.keys(local).length) {
      setErrors((e) => ({ ...e, [code]: local }));
      return;
    }
    setSaving(code);
    try {
      await api.put(`/admin/membership-fees/${year}/${code}`, body);
      toast.success(`${MEMBERSHIP_CLASS_LABELS[code]} fees for ${year} saved.`);
      await load();
    } catch (error) {
      const failure = await apiErrorOf(error);
      setErrors((e) => ({ ...e, [code]: failure.fields }));
      toast.error(failure.message);
    } finally {
      setSaving(null);
    }
  }

  const field = (code: MembershipClassCode, key: keyof Draft, label: string) => {
    const id = `fee-${code}-${key}`;
    const error = errors[code]?.[key];
    return (
      <div>
        <label htmlFor={id} className={labelClass}>
          {label} (Rs)
        </label>
        <input
          id={id}
          inputMode="decimal"
          value={drafts[code]?.[key] ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDrafts((d) => ({ ...d, [code]: { ...d[code], [key]: value } }));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{FEE_RULE_TEXT} A change applies to new applications only.</p>
      <div className="max-w-xs">
        <label htmlFor="fees-year" className={labelClass}>
          Financial year
        </label>
        <select id="fees-year" value={year} onChange={(e) => setYear(e.currentTarget.value)} className={inputClass}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {MEMBERSHIP_CLASS_CODES.map((code) => {
          const row = rows.find((r) => r.classCode === code);
          return (
            <section key={code} aria-labelledby={`fees-${code}`} className="rounded-md border border-slate-300 p-4">
              <h2 id={`fees-${code}`} className="font-semibold">
                {MEMBERSHIP_CLASS_LABELS[code]}
              </h2>
              <p className="text-sm text-slate-700">
                {row
                  ? `${row.sample ? 'Sample values until the institute sets its own. ' : ''}Last changed ${formatDateTime(row.updatedAt)}.`
                  : `Not set for ${year}: the latest earlier year's fees apply.`}
              </p>
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                {field(code, 'entranceFee', 'Entrance fee')}
                {code === 'life'
                  ? field(code, 'oneTimeFee', 'One-time fee')
                  : field(code, 'subscription', 'Annual subscription')}
              </div>
              <button
                type="button"
                onClick={() => void save(code)}
                disabled={saving !== null}
                className="mt-3 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
              >
                Save {MEMBERSHIP_CLASS_LABELS[code]}
              </button>
            </section>
          );
        })}
      </div>
    </div>
  );
}
