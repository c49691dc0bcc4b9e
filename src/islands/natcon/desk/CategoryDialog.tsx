import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { AdminEdition } from '../../../lib/schemas/natcon';
import { CategoryFormSchema, categoryBodyOf, categoryFormValuesOf } from '../../../lib/schemas/natcon-forms';
import { api } from '../../../stores/api-client';
import { FormCheckbox, FormDialog, FormTextField, useServerSubmit, useZodForm } from '../../staff';

type Category = AdminEdition['categories'][number];

export interface CategoryDialogProps {
  edition: AdminEdition;
  /** The category to change; null adds one. */
  category: Category | null;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}

/**
 * Adding or changing a delegate category: name, fee, early-bird fee and last day, seats, and whether
 * it is a member's rate or needs a student ID. Seats below those taken are refused by the server,
 * whose message appears beside Seats.
 */
export function CategoryDialog({ edition, category, open, onClose, onSaved }: CategoryDialogProps) {
  const form = useZodForm(CategoryFormSchema, categoryFormValuesOf(category));

  useEffect(() => {
    if (open) form.reset(categoryFormValuesOf(category));
  }, [open, category, form]);

  const { busy, submit: save } = useServerSubmit(form, async (values) => {
    const body = categoryBodyOf(values);
    if (category) await api.patch(`/admin/natcon/categories/${category.id}`, body);
    else await api.post(`/admin/natcon/editions/${edition.id}/categories`, body);
    toast.success(category ? `${values.name} saved.` : `${values.name} added.`);
    onSaved();
  });

  return (
    <FormDialog
      open={open}
      title={category ? `Change ${category.name}` : `New category of ${edition.title}`}
      form={form}
      onSubmit={save}
      confirmLabel={category ? 'Save the category' : 'Add the category'}
      busy={busy}
      onCancel={onClose}
    >
      <FormTextField id="category-name" name="name" label="Category" />
      <div className="grid grid-cols-2 gap-3">
        <FormTextField id="category-fee" name="fee" label="Fee (Rs)" inputMode="decimal" />
        <FormTextField
          id="category-seats"
          name="seats"
          label="Seats"
          inputMode="numeric"
          hint={category ? `${category.seatsTaken} taken.` : undefined}
        />
        <FormTextField
          id="category-early-fee"
          name="earlyBirdFee"
          label="Early-bird fee (Rs)"
          inputMode="decimal"
          hint="Leave empty for none."
        />
        <FormTextField id="category-early-until" name="earlyBirdUntil" label="Early bird until" type="date" />
      </div>
      <div className="space-y-1 text-sm">
        <FormCheckbox
          id="category-member-rate"
          name="memberRate"
          label="Member’s rate (each delegate gives a member number)"
        />
        <FormCheckbox id="category-student-rate" name="studentRate" label="Student ID required" />
      </div>
    </FormDialog>
  );
}
