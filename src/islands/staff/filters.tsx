import { useEffect, useId, useState, type ReactNode } from 'react';
import { SelectField, TextField } from '../../components/forms/FormFields';
import type { ListQueryChanges } from '../../lib/list-query';

/** What a filter needs of `useListQuery`: the current raw value, and how to change it. */
interface FilterQuery {
  params: Record<string, string>;
  update(changes: ListQueryChanges): void;
}

interface FilterProps {
  query: FilterQuery;
  /** The query parameter (and API filter) it sets. */
  name: string;
  label: string;
}

/** A choice that filters the list as soon as it changes; the empty option ("All") removes the filter. */
export function SelectFilter({
  query,
  name,
  label,
  allLabel = 'All',
  children,
}: FilterProps & { allLabel?: string; children: ReactNode }) {
  const id = useId();
  return (
    <SelectField
      id={id}
      label={label}
      value={query.params[name] ?? ''}
      onChange={(event) => query.update({ [name]: event.target.value })}
    >
      <option value="">{allLabel}</option>
      {children}
    </SelectField>
  );
}

/** A search box applied with Enter or its button, so the list is not fetched for every keystroke. */
export function SearchFilter({ query, name, label }: FilterProps) {
  const id = useId();
  const applied = query.params[name] ?? '';
  const [text, setText] = useState(applied);
  // Back and Forward change the address under the box: show what the list is filtered by.
  useEffect(() => setText(applied), [applied]);
  return (
    <form
      role="search"
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        query.update({ [name]: text.trim() });
      }}
    >
      <TextField id={id} label={label} type="search" value={text} onChange={(event) => setText(event.target.value)} />
      <button
        type="submit"
        className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium hover:bg-slate-50"
      >
        Search
      </button>
    </form>
  );
}

/** A day filter (`YYYY-MM-DD`) kept in the address like the others; cleared, it removes the filter. */
export function DateFilter({ query, name, label }: FilterProps) {
  const id = useId();
  return (
    <TextField
      id={id}
      label={label}
      type="date"
      value={query.params[name] ?? ''}
      onChange={(event) => query.update({ [name]: event.target.value })}
    />
  );
}

/** A choice among a fixed list of values (states, modes, kinds), each shown by its label; "All" removes it. */
export function ChoiceFilter<V extends string | number>({
  values,
  labels,
  ...props
}: FilterProps & { values: readonly V[]; labels: Record<V, string>; allLabel?: string }) {
  return (
    <SelectFilter {...props}>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </SelectFilter>
  );
}

/** The chapter filter: the list's `chapterId`, chosen by the chapter's name. */
export function ChapterFilter({
  query,
  chapters,
  allLabel,
}: {
  query: FilterQuery;
  chapters: readonly { id: number; name: string }[];
  allLabel?: string;
}) {
  return (
    <SelectFilter query={query} name="chapterId" label="Chapter" allLabel={allLabel}>
      {chapters.map((chapter) => (
        <option key={chapter.id} value={chapter.id}>
          {chapter.name}
        </option>
      ))}
    </SelectFilter>
  );
}
