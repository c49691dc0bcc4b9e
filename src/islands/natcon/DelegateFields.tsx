import type { PublicCategory } from '../../lib/schemas/natcon';
import { inputType } from './input-type';
import { FormSelectField, FormTextField } from '../staff';

interface Props {
  index: number;
  categories: PublicCategory[];
  /** The category the delegate is in (the order's, unless chosen here). */
  category: PublicCategory | undefined;
  /** In a group each delegate may take another category. */
  group: boolean;
  onRemove?: () => void;
}

/** One delegate's fields: name, e-mail, phone, designation, and the member number for a member's rate. */
export function DelegateFields({ index, categories, category, group, onRemove }: Props) {
  const name = (field: string) => `delegates.${index}.${field}`;
  const id = (field: string) => `delegate-${index}-${field}`;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-300 p-4">
      <legend className="px-1 font-semibold text-brand-800">{group ? `Delegate ${index + 1}` : 'Your details'}</legend>
      <FormTextField id={id('name')} name={name('name')} label="Full name" autoComplete={group ? 'off' : 'name'} />
      <FormTextField
        id={id('email')}
        name={name('email')}
        label="E-mail"
        {...inputType('email')}
        inputMode="email"
        autoComplete={group ? 'off' : 'email'}
        hint={category?.memberRate ? 'The e-mail on the member’s NIPM record.' : undefined}
      />
      <FormTextField
        id={id('phone')}
        name={name('phone')}
        label="Mobile phone"
        {...inputType('tel')}
        inputMode="tel"
        autoComplete={group ? 'off' : 'tel'}
      />
      <FormTextField id={id('designation')} name={name('designation')} label="Designation (optional)" />
      {group && (
        <FormSelectField id={id('category')} name={name('categoryId')} label="Category">
          <option value="">Same as the order</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </FormSelectField>
      )}
      {category?.memberRate && (
        <FormTextField
          id={id('member')}
          name={name('memberNumber')}
          label="NIPM member number"
          hint="For the member’s rate: a current membership (Life members always are)."
        />
      )}
      {category?.studentRate && (
        <p className="text-sm text-slate-700">After registering you upload a student ID for this delegate.</p>
      )}
      {onRemove && (
        <button type="button" onClick={onRemove} className="text-sm font-medium text-red-800 underline">
          Remove delegate {index + 1}
        </button>
      )}
    </fieldset>
  );
}
