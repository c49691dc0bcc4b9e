import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { kolkataDate } from '../../lib/financial-year';
import { COUPON_SCOPE_LABELS, COUPON_SCOPES, type CouponItem } from '../../lib/schemas/money';
import {
  CouponFormSchema,
  couponBodyOf,
  couponFormValuesOf,
  type CouponFormValues,
} from '../../lib/schemas/money-forms';
import { api } from '../../stores/api-client';
import { FormDialog, FormSelectField, FormTextField, useServerSubmit, useZodForm } from '../staff';

export interface CouponDialogProps {
  /** The coupon to edit; null creates a new one. */
  coupon: CouponItem | null;
  open: boolean;
  onClose(): void;
  onSaved(coupon: CouponItem): void;
}

function blankCoupon(): CouponFormValues {
  const today = kolkataDate(new Date());
  return {
    code: '',
    kind: 'percent',
    value: '',
    scope: 'membership',
    validFrom: today,
    validTo: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
    maxUses: '100',
    active: true,
  };
}

/**
 * Creating or editing a coupon, in the staff parts' modal dialog. The form checks what the API checks
 * (`CouponFormSchema`), and a refusal from the server puts its messages beside the same fields.
 */
export function CouponDialog({ coupon, open, onClose, onSaved }: CouponDialogProps) {
  const form = useZodForm(CouponFormSchema, coupon ? couponFormValuesOf(coupon) : blankCoupon());
  const kind = useWatch({ control: form.control, name: 'kind' });

  useEffect(() => {
    if (open) form.reset(coupon ? couponFormValuesOf(coupon) : blankCoupon());
  }, [open, coupon, form]);

  const { busy, submit: save } = useServerSubmit(form, async (values) => {
    const body = couponBodyOf(values);
    const saved = coupon
      ? await api.patch<CouponItem>(`/admin/coupons/${coupon.id}`, body)
      : await api.post<CouponItem>('/admin/coupons', body);
    toast.success(coupon ? `Coupon ${saved.code} saved.` : `Coupon ${saved.code} created.`);
    onSaved(saved);
  });

  return (
    <FormDialog
      open={open}
      title={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
      form={form}
      onSubmit={save}
      confirmLabel={coupon ? 'Save changes' : 'Create coupon'}
      busy={busy}
      onCancel={onClose}
    >
      <FormTextField
        id="coupon-code"
        name="code"
        label="Code"
        autoComplete="off"
        hint="Letters, digits, - or _; people may type it in any case."
      />
      <div className="grid grid-cols-2 gap-3">
        <FormSelectField id="coupon-kind" name="kind" label="Kind">
          <option value="percent">Percent</option>
          <option value="flat">Flat amount</option>
        </FormSelectField>
        <FormTextField
          id="coupon-value"
          name="value"
          label={kind === 'flat' ? 'Amount off (Rs)' : 'Percent off'}
          inputMode="decimal"
        />
      </div>
      <FormSelectField id="coupon-scope" name="scope" label="Applies to">
        {COUPON_SCOPES.map((scope) => (
          <option key={scope} value={scope}>
            {COUPON_SCOPE_LABELS[scope]}
          </option>
        ))}
      </FormSelectField>
      <div className="grid grid-cols-2 gap-3">
        <FormTextField id="coupon-from" name="validFrom" label="Valid from" type="date" />
        <FormTextField id="coupon-to" name="validTo" label="Valid to" type="date" />
      </div>
      <FormTextField id="coupon-max-uses" name="maxUses" label="Maximum uses" inputMode="numeric" />
      <div className="flex items-center gap-2">
        <input id="coupon-active" type="checkbox" {...form.register('active')} className="h-4 w-4" />
        <label htmlFor="coupon-active" className="text-sm font-medium">
          Active (can be used within its dates)
        </label>
      </div>
    </FormDialog>
  );
}
