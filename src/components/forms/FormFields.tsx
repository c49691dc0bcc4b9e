import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

// slate-500 on white is 4.8:1, past the 3:1 that WCAG 1.4.11 asks of a control's edge (slate-400 is 2.6:1).
// No focus:outline-none: the site-wide :focus-visible outline is the focus mark users know from every other control.
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-500 px-3 py-2 text-slate-900 focus:border-brand-700';

export const labelClass = 'block text-sm font-medium';

interface FieldProps {
  /** The control's id; the error and hint take `${id}-error` and `${id}-hint`, which tests and aria refer to. */
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

type OwnKeys = keyof FieldProps | 'className' | 'aria-invalid' | 'aria-describedby';

export type TextFieldProps = FieldProps &
  (
    | ({ multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, OwnKeys>)
    | ({ multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, OwnKeys>)
  );

export type SelectFieldProps = FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, OwnKeys>;

export function FieldError({ id, message }: { id: string; message?: string | null }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

function wiring(id: string, error: string | null | undefined, hint: ReactNode) {
  return {
    'aria-invalid': error ? true : undefined,
    // While there is an error it alone is read out: it says what to fix, and the hint stays on screen.
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

function Field({ id, label, error, hint, children }: FieldProps & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A labelled text box (a textarea with `multiline`) whose error is tied to it for screen readers. */
export function TextField(props: TextFieldProps) {
  const { id, label, error, hint } = props;
  const aria = wiring(id, error, hint);
  let control: ReactNode;
  if (props.multiline) {
    const { id: _id, label: _label, error: _error, hint: _hint, multiline: _multiline, ...rest } = props;
    control = <textarea id={id} {...rest} {...aria} className={inputClass} />;
  } else {
    const { id: _id, label: _label, error: _error, hint: _hint, multiline: _multiline, ...rest } = props;
    control = <input id={id} {...rest} {...aria} className={inputClass} />;
  }
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {control}
    </Field>
  );
}

export function SelectField({ id, label, error, hint, children, ...rest }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <select id={id} {...rest} {...wiring(id, error, hint)} className={inputClass}>
        {children}
      </select>
    </Field>
  );
}

/** The form-level message; `role="alert"` has it read out as soon as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'disabled'> {
  /** Disables the button so a second click cannot send the form twice. */
  busy: boolean;
  /** Shown instead of the children while busy; without it the text stays, so the accessible name does too. */
  busyLabel?: string;
  fullWidth?: boolean;
}

export function SubmitButton({ busy, busyLabel, fullWidth, children, ...rest }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={busy}
      {...rest}
      className={`${fullWidth ? 'w-full ' : ''}rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60`}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
