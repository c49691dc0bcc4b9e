import { useEffect, useState, type ReactNode } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { BoundTextField } from './BoundFields';
import { api, apiErrorOf } from '../../stores/api-client';
import { formatMoney } from '../../lib/format';
import { membershipClassLabel } from '../../lib/membership-classes';
import type { FeeQuoteAnswer } from '../../lib/schemas/membership';
import { needsGuardian } from '../../lib/guardian';
import { kolkataDate } from '../../lib/financial-year';
import { FieldError } from '../../components/forms/FormFields';

/**
 * The review step: what was entered (`summary`), the fee for today (Kolkata) with any coupon, the
 * declaration, and the newsletter asked apart, never ticked beforehand (not asked of a child).
 */
export function ReviewStep({
  onQuote,
  summary,
}: {
  onQuote: (quote: FeeQuoteAnswer | null) => void;
  summary: ReactNode;
}) {
  const { register, setError, clearErrors, getValues, control } = useFormContext();
  const { errors } = useFormState({ control, name: 'declaration' });
  const classCode = useWatch({ name: 'classCode' }) as string;
  const dateOfBirth = useWatch({ name: 'dateOfBirth' }) as string | undefined;
  const minor = needsGuardian(dateOfBirth, kolkataDate(new Date()));
  const [quote, setQuote] = useState<FeeQuoteAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function load(coupon: string) {
    setBusy(true);
    setProblem(null);
    try {
      const params: Record<string, string> = { class: classCode };
      if (coupon.trim()) params.coupon = coupon.trim();
      const answer = await api.get<FeeQuoteAnswer>('/membership/fee-quote', params);
      clearErrors('coupon');
      setQuote(answer);
      onQuote(answer);
    } catch (error) {
      const failure = await apiErrorOf(error);
      if (failure.fields.coupon) setError('coupon', { type: 'server', message: failure.fields.coupon });
      else setProblem(failure.message);
      if (!coupon.trim()) {
        setQuote(null);
        onQuote(null);
      }
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    void load(String(getValues('coupon') ?? ''));
    // The quote follows the class; the coupon is applied with its button.
  }, [classCode]);

  const declarationError = (errors.declaration?.message as string | undefined) ?? null;
  return (
    <div className="space-y-5">
      {summary}
      <section aria-labelledby="fee-heading" className="rounded-md border border-slate-300 p-4">
        <h3 id="fee-heading" className="font-semibold">
          Your fee
        </h3>
        {quote ? (
          <dl className="mt-2 space-y-1 text-sm" data-testid="fee-summary">
            <Line label={`Entrance fee (${membershipClassLabel(quote.classCode)})`} amount={quote.entranceFee} />
            {quote.subscription > 0 && (
              <Line
                label={`Subscription ${quote.financialYear}${quote.halfYear ? ' (half year: October to March)' : ''}`}
                amount={quote.subscription}
              />
            )}
            {quote.oneTimeFee > 0 && <Line label="Life membership (one-time)" amount={quote.oneTimeFee} />}
            {quote.discount > 0 && <Line label={`Coupon ${quote.coupon ?? ''}`} amount={-quote.discount} />}
            {quote.gst > 0 && <Line label={`GST ${quote.gstRatePercent}%`} amount={quote.gst} />}
            <div className="flex justify-between border-t border-slate-300 pt-2 text-base font-semibold">
              <dt>Total to pay</dt>
              <dd data-testid="fee-total">{formatMoney(quote.total)}</dd>
            </div>
          </dl>
        ) : (
          <p className="mt-2 text-sm text-slate-700">
            {busy ? 'Working out your fee…' : (problem ?? 'Choose a class first.')}
          </p>
        )}
      </section>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <BoundTextField id="reg-coupon" name="coupon" label="Coupon code (optional)" autoCapitalize="characters" />
        </div>
        <button
          type="button"
          onClick={() => void load(String(getValues('coupon') ?? ''))}
          disabled={busy}
          className="mb-[2px] rounded-md border border-brand-700 px-3 py-2 font-semibold text-brand-700"
        >
          Apply
        </button>
      </div>
      <div>
        <label className="flex gap-3">
          <input
            type="checkbox"
            {...register('declaration', { onChange: () => clearErrors('declaration') })}
            aria-invalid={declarationError ? true : undefined}
            aria-describedby={declarationError ? 'reg-declaration-error' : undefined}
            className="mt-1 h-5 w-5"
          />
          <span className="text-sm">
            I declare that the particulars given are true, and I agree to abide by the Memorandum, the Rules and the
            Code of Ethics of the National Institute of Personnel Management.
          </span>
        </label>
        <FieldError id="reg-declaration-error" message={declarationError} />
      </div>
      {!minor && (
        <label className="flex gap-3">
          <input type="checkbox" {...register('newsletter')} className="mt-1 h-5 w-5" />
          <span className="text-sm">
            Optional: send me the NIPM newsletter and other e-mails that are not about my membership. You can stop them
            at any time with the link in each one, or on your privacy page.
          </span>
        </label>
      )}
    </div>
  );
}

function Line({ label, amount }: { label: string; amount: number }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="whitespace-nowrap">{amount < 0 ? `− ${formatMoney(-amount)}` : formatMoney(amount)}</dd>
    </div>
  );
}
