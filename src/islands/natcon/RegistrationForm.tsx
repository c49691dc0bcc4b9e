import { inputType } from './input-type';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatMoney } from '../../lib/format';
import { gstOn, NATCON_MAX_DELEGATES_PER_ORDER, seatsMessage } from '../../lib/natcon';
import { publicApi } from '../../lib/natcon-api';
import { apiErrorOf } from '../../lib/api-client';
import {
  RegistrationFormSchema,
  type PricePreview,
  type PublicNatcon,
  type RegistrationAnswer,
} from '../../lib/schemas/natcon';
import { FormProblem, FormProvider, FormSelectField, FormTextField, applyServerErrors } from '../staff';
import { PLACE_OF_SUPPLY_STATES } from '../../lib/gst-states';
import { DelegateFields } from './DelegateFields';
import { PrivacyShortNotice } from '../../components/forms/PrivacyShortNotice';

type Edition = NonNullable<PublicNatcon['edition']>;
type FormValues = z.output<typeof RegistrationFormSchema>;

const emptyDelegate = { name: '', email: '', phone: '', designation: '', categoryId: '', memberNumber: '' };
const buttonClass = 'rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
const secondaryClass = 'rounded-md border border-slate-500 px-4 py-3 font-medium hover:bg-slate-50';

/**
 * Registration, phone first: one person or a group (each delegate with their own details and, in a
 * group, category), the organisation and GSTIN for the invoice, a coupon; then a review with the
 * prices and any seat shortage before anything is sent. The server checks everything again.
 */
export function RegistrationForm({
  edition,
  onPlaced,
}: {
  edition: Edition;
  onPlaced: (answer: RegistrationAnswer) => void;
}) {
  const [group, setGroup] = useState(false);
  const [review, setReview] = useState<FormValues | null>(null);
  const [sending, setSending] = useState(false);
  const [preview, setPreview] = useState<PricePreview | null>(null);
  const [newsletter, setNewsletter] = useState(false);
  const firstOpen = edition.categories.find((c) => c.seatsLeft > 0) ?? edition.categories[0];
  // Checked when the visitor asks for the review, not on each blur: a group's rows are added while
  // fields are still being left, and a validation finishing meanwhile must not undo an added row.
  const form = useForm<z.input<typeof RegistrationFormSchema>, unknown, FormValues>({
    resolver: zodResolver(RegistrationFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      categoryId: String(firstOpen?.id ?? ''),
      contact: { name: '', email: '', phone: '' },
      organisation: '',
      gstin: '',
      buyerAddress: '',
      buyerStateCode: '',
      coupon: '',
      delegates: [{ ...emptyDelegate }],
    },
  });
  const delegates = useFieldArray({ control: form.control, name: 'delegates' as never });
  const values = useWatch({ control: form.control }) as {
    categoryId?: string;
    delegates?: { categoryId?: string }[];
  };
  const categoryOf = (id: string | number | undefined) => edition.categories.find((c) => String(c.id) === String(id));
  const orderCategory = categoryOf(values.categoryId);

  // The server prices the order as it would place it (today's fees, the coupon's discount, GST), so
  // the review shows the discount before anything is placed; a coupon it refuses is shown on its field.
  const toReview = form.handleSubmit(async (valid) => {
    try {
      setPreview(
        await publicApi.post<PricePreview>('/natcon/price-preview', {
          editionId: edition.id,
          categoryId: valid.categoryId,
          delegates: valid.delegates.map((d) => (d.categoryId ? { categoryId: d.categoryId } : {})),
          coupon: valid.coupon || undefined,
        }),
      );
    } catch (failure) {
      applyServerErrors(form, await apiErrorOf(failure));
      return;
    }
    setReview(valid);
    window.scrollTo({ top: 0 });
  });

  const goToReview = () => {
    if (!group) {
      const [first] = form.getValues('delegates' as never) as unknown as {
        name: string;
        email: string;
        phone: string;
      }[];
      form.setValue('contact' as never, { name: first.name, email: first.email, phone: first.phone } as never);
    }
    void toReview();
  };

  const submit = async () => {
    if (!review) return;
    setSending(true);
    try {
      const body = {
        ...review,
        delegates: review.delegates.map(({ categoryId, memberNumber, ...rest }) => ({
          ...rest,
          ...(categoryId ? { categoryId } : {}),
          ...(memberNumber ? { memberNumber } : {}),
        })),
        coupon: review.coupon || undefined,
        newsletter,
      };
      onPlaced(await publicApi.post<RegistrationAnswer>('/natcon/registrations', body));
    } catch (failure) {
      setReview(null);
      applyServerErrors(form, await apiErrorOf(failure));
    } finally {
      setSending(false);
    }
  };

  if (review) {
    const lines = review.delegates.map((d) => ({ ...d, category: categoryOf(d.categoryId ?? review.categoryId) }));
    const subtotal = lines.reduce((sum, l) => sum + (l.category?.price ?? 0), 0);
    const counts = new Map<number, number>();
    for (const l of lines) if (l.category) counts.set(l.category.id, (counts.get(l.category.id) ?? 0) + 1);
    const shortages = [...counts].map(([id, n]) => {
      const c = categoryOf(id)!;
      return seatsMessage(c.name, c.seatsLeft, n);
    });
    return (
      <section aria-labelledby="review-heading" className="space-y-4">
        <h2 id="review-heading" className="text-xl font-bold text-brand-800">
          Review your registration
        </h2>
        {shortages.filter(Boolean).map((message) => (
          <p
            key={message}
            role="alert"
            className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-amber-900"
          >
            {message}
          </p>
        ))}
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300">
          {lines.map((l, i) => (
            <li key={i} className="flex justify-between gap-4 p-3">
              <span>
                <span className="font-medium">{l.name}</span>
                <span className="block text-sm text-slate-600">
                  {l.category?.name}
                  {l.category?.earlyBird ? ' (early bird)' : ''}
                </span>
              </span>
              <span>{formatMoney(l.category?.price ?? 0)}</span>
            </li>
          ))}
        </ul>
        <dl className="space-y-1">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatMoney(preview?.subtotal ?? subtotal)}</dd>
          </div>
          {preview?.discount ? (
            <div className="flex justify-between">
              <dt>Coupon {preview.couponCode}</dt>
              <dd>−{formatMoney(preview.discount)}</dd>
            </div>
          ) : null}
          {edition.gstPercent ? (
            <div className="flex justify-between">
              <dt>GST {edition.gstPercent}%</dt>
              <dd>{formatMoney(preview?.gst ?? gstOn(subtotal, edition.gstPercent))}</dd>
            </div>
          ) : null}
          {preview ? (
            <div className="flex justify-between font-semibold">
              <dt>Total</dt>
              <dd>{formatMoney(preview.total)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="text-sm text-slate-700">
          Billed to {review.organisation || review.contact.name}
          {review.gstin ? ` (GSTIN ${review.gstin})` : ''}. Confirmation: {review.contact.email}.
        </p>
        <label className="flex gap-3">
          <input
            type="checkbox"
            checked={newsletter}
            onChange={(e) => setNewsletter(e.currentTarget.checked)}
            className="mt-1 h-5 w-5"
          />
          <span className="text-sm">
            Optional: send me the NIPM newsletter and other e-mails that are not about this registration. You can stop
            them at any time with the link in each one.
          </span>
        </label>
        <PrivacyShortNotice use="confirm each delegate's seat, send the tickets and invoice, and check the delegates in at the venue" />
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="button" className={buttonClass} disabled={sending} onClick={() => void submit()}>
            {sending ? 'Registering…' : 'Register and pay'}
          </button>
          <button type="button" className={secondaryClass} onClick={() => setReview(null)}>
            Change details
          </button>
        </div>
      </section>
    );
  }

  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          goToReview();
        }}
      >
        <FormProblem />
        <fieldset>
          <legend className="font-semibold text-brand-800">Who is registering?</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={!group} onChange={() => setGroup(false)} /> One person
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={group} onChange={() => setGroup(true)} /> A group from an
              organisation
            </label>
          </div>
        </fieldset>
        <CategoryChoice edition={edition} />
        {orderCategory && orderCategory.seatsLeft === 0 && (
          <p role="status" className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-amber-900">
            {seatsMessage(orderCategory.name, 0, 1)}
          </p>
        )}
        {group && (
          <fieldset className="space-y-3 rounded-lg border border-slate-300 p-4">
            <legend className="px-1 font-semibold text-brand-800">Contact for the order</legend>
            <FormTextField id="contact-name" name="contact.name" label="Your name" autoComplete="name" />
            <FormTextField
              id="contact-email"
              name="contact.email"
              label="Your e-mail"
              {...inputType('email')}
              autoComplete="email"
            />
            <FormTextField
              id="contact-phone"
              name="contact.phone"
              label="Your mobile phone"
              {...inputType('tel')}
              autoComplete="tel"
            />
          </fieldset>
        )}
        {delegates.fields.map((field, index) => (
          <DelegateFields
            key={field.id}
            index={index}
            group={group}
            categories={edition.categories}
            category={categoryOf(values.delegates?.[index]?.categoryId || values.categoryId)}
            onRemove={group && delegates.fields.length > 1 ? () => delegates.remove(index) : undefined}
          />
        ))}
        {group && delegates.fields.length < NATCON_MAX_DELEGATES_PER_ORDER && (
          <button
            type="button"
            className={secondaryClass}
            onClick={() => delegates.append({ ...emptyDelegate } as never)}
          >
            Add a delegate
          </button>
        )}
        <fieldset className="space-y-3 rounded-lg border border-slate-300 p-4">
          <legend className="px-1 font-semibold text-brand-800">Invoice and coupon</legend>
          <FormTextField
            id="organisation"
            name="organisation"
            label="Company or organisation (optional)"
            autoComplete="organization"
          />
          <FormTextField id="gstin" name="gstin" label="GSTIN for the invoice (optional)" autoCapitalize="characters" />
          <FormTextField
            id="buyerAddress"
            name="buyerAddress"
            label="Address the GSTIN is registered at (needed with a GSTIN)"
            autoComplete="street-address"
          />
          <FormSelectField id="buyerStateCode" name="buyerStateCode" label="Your State (for the tax invoice)">
            <option value="">Choose…</option>
            {PLACE_OF_SUPPLY_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </FormSelectField>
          <FormTextField id="coupon" name="coupon" label="Coupon code (optional)" autoCapitalize="characters" />
        </fieldset>
        <button type="submit" className={`w-full sm:w-auto ${buttonClass}`}>
          Review
        </button>
      </form>
    </FormProvider>
  );
}

function CategoryChoice({ edition }: { edition: Edition }) {
  const { register } = useFormContext();
  return (
    <fieldset>
      <legend className="font-semibold text-brand-800">Category</legend>
      <div className="mt-2 space-y-2">
        {edition.categories.map((c) => (
          <label key={c.id} className="flex items-start gap-3 rounded-lg border border-slate-300 p-3">
            <input type="radio" value={String(c.id)} {...register('categoryId')} className="mt-1" />
            <span className="flex-1">
              <span className="font-medium">{c.name}</span>
              <span className="block text-sm text-slate-700">
                {formatMoney(c.price)}
                {c.earlyBird && c.earlyBirdUntil
                  ? ` early bird until ${c.earlyBirdUntil} (then ${formatMoney(c.fee)})`
                  : ''}
              </span>
              <span className="block text-sm text-slate-600">
                {c.seatsLeft > 0 ? `${c.seatsLeft} seats left` : 'Full: waiting list'}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
