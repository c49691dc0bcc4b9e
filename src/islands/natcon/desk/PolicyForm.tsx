import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { AdminEdition, OrderPolicy } from '../../../lib/schemas/natcon';
import { PolicyFormSchema, policyBodyOf, policyFormValuesOf } from '../../../lib/schemas/natcon-forms';
import { api } from '../../../stores/api-client';
import { FormCard, FormCheckbox, FormSelectField, FormTextField, useServerSubmit, useZodForm } from '../../staff';

/**
 * An edition's order policy (issues 28 and 24): how long an unpaid order holds its seats and when
 * its buyer is reminded, how long a seat offered from the waiting list waits for payment, and the
 * cancellation terms. Checked as the API checks it.
 */
export function PolicyForm({ edition, onSaved }: { edition: AdminEdition; onSaved: () => void }) {
  const form = useZodForm(PolicyFormSchema, policyFormValuesOf(edition.policy));
  useEffect(() => form.reset(policyFormValuesOf(edition.policy)), [edition, form]);

  const sending = useServerSubmit(form, async (values) => {
    await api.put<OrderPolicy>(`/admin/natcon/editions/${edition.id}/policy`, policyBodyOf(values));
    toast.success(`${edition.title}: orders and cancellations saved.`);
    onSaved();
  });

  const prefix = `policy-${edition.id}`;
  return (
    <FormCard
      form={form}
      sending={sending}
      id={prefix}
      heading={`${edition.title}: orders and cancellations`}
      submitLabel="Save orders and cancellations"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <FormTextField
          id={`${prefix}-hold`}
          name="holdHours"
          label="Hold unpaid orders (hours)"
          inputMode="numeric"
          hint="Seats of an unpaid order are released to the waiting list after this."
        />
        <FormTextField
          id={`${prefix}-reminder`}
          name="reminderHours"
          label="Remind the buyer (hours before)"
          inputMode="numeric"
        />
        <FormTextField
          id={`${prefix}-offer`}
          name="offerHours"
          label="Offered seat waits (hours)"
          inputMode="numeric"
          hint="A seat offered from the waiting list moves on when unpaid after this."
        />
      </div>
      <FormCheckbox
        id={`${prefix}-self`}
        name="selfCancel"
        label="Delegates may cancel their own order on its page"
        className="text-sm"
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <FormTextField
          id={`${prefix}-until`}
          name="selfCancelUntil"
          label="Until (last day, empty: any time)"
          type="date"
        />
        <FormSelectField id={`${prefix}-kind`} name="keepKind" label="A cancellation keeps">
          <option value="percent">a percentage of what was paid</option>
          <option value="fixed">a fixed sum (rupees)</option>
        </FormSelectField>
        <FormTextField id={`${prefix}-keep`} name="keepValue" label="Kept (per cent or rupees)" inputMode="decimal" />
      </div>
    </FormCard>
  );
}
