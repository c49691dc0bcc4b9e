import { REGIONS } from '../../lib/schemas/admin';
import { FormSelectField, FormTextField } from '../staff';

/** Where a chapter is (name, region, city, state): the fields the super admin sets on a new chapter and edits later. */
export function ChapterPlaceFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <FormTextField id={`${idPrefix}-name`} name="name" label="Name" />
      <FormSelectField id={`${idPrefix}-region`} name="region" label="Region">
        {REGIONS.map((r) => (
          <option key={r}>{r}</option>
        ))}
      </FormSelectField>
      <FormTextField id={`${idPrefix}-city`} name="city" label="City" />
      <FormTextField id={`${idPrefix}-state`} name="state" label="State" />
    </>
  );
}
