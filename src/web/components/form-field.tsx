import { type CSSProperties, type ReactNode, useId, useState } from 'react';

// One labelled form field for native controls (select, date, time, number): the label, the
// control, its help text and its error, wired for screen readers. Text inputs use TextField
// (React Aria), which does the same for its own input.

/** What the control must carry: the label points at `id`; help and error are read with it. */
export type FieldControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };

export function FormField({
  label,
  description,
  error,
  className = '',
  children,
}: {
  label: ReactNode;
  description?: ReactNode;
  /** Shown under the control in the error colour; the control is marked invalid while it is set. */
  error?: string | null;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const descriptionId = description ? `${id}-desc` : undefined;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {description && (
        <p id={descriptionId} className="text-xs text-muted">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-brick">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A form's rule failure, shown beside the field it belongs to (DESIGN.md: errors next to the
 * cause) or, for a rule of the whole form, above its buttons. `fieldOf` maps a rule's message to
 * its field; `focusName`, when given, names the input to focus on failure.
 */
export function useFieldErrors<F extends string>(fieldOf: Record<string, F>, focusName?: (field: F) => string) {
  const [invalid, setInvalid] = useState<{ field: F | null; message: string } | null>(null);
  const errorOf = (field: F) => (invalid?.field === field ? invalid.message : null);
  const clear = (field: F) => {
    if (invalid?.field === field) setInvalid(null);
  };
  return {
    /** The failure shown now, beside a field or not. */
    invalid,
    errorOf,
    /** The failure that belongs to no field. */
    formError: invalid && !invalid.field ? invalid.message : null,
    /** `field`: where it shows when one message belongs to several fields (the fields' own check knows). */
    fail(message: string, at?: F) {
      const field = at ?? fieldOf[message] ?? null;
      setInvalid({ field, message });
      if (field && focusName) document.querySelector<HTMLInputElement>(`[name="${focusName(field)}"]`)?.focus();
    },
    reset: () => setInvalid(null),
    /** For a TextField: its message shown by React Aria, cleared as the user types. */
    textField: (field: F, set: (v: string) => void) => ({
      onChange: (v: string) => {
        set(v);
        clear(field);
      },
      validationBehavior: 'aria' as const,
      validate: () => errorOf(field),
    }),
    /** For a NumberInput: its message under it, cleared as the user types. */
    numberField: (field: F, set: (v: string) => void) => ({
      onChange: (v: string) => {
        set(v);
        clear(field);
      },
      error: errorOf(field),
    }),
  };
}

/** A labelled native select of `options` (value and the text shown), on FormField. */
export function SelectField<V extends string | number>({
  label,
  description,
  error,
  className,
  value,
  options,
  onChange,
  selectClassName,
  style,
  name,
}: {
  label: ReactNode;
  description?: ReactNode;
  error?: string | null;
  className?: string;
  value: V;
  options: readonly { value: V; text: string }[];
  /** The chosen option's value, as the option's own type (a number stays a number). */
  onChange: (value: V) => void;
  selectClassName: string;
  style?: CSSProperties;
  name?: string;
}) {
  return (
    <FormField label={label} description={description} error={error} className={className}>
      {(control) => (
        <select
          {...control}
          name={name}
          value={value}
          onChange={(e) => onChange(options[e.target.selectedIndex]!.value)}
          className={selectClassName}
          style={style}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
