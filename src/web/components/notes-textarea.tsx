import { useId } from 'react';
import { inputClass } from './input-class';

// A client's note for her booking, a native labelled textarea: the booking page's step 3 (its own
// chunk, features/booking/notes-field.tsx) and the public page's visit planner. Native rather than
// React Aria's TextField: on the booking page that would split React Aria's shared hooks out of its
// Button's chunk for every other page (docs/benchmarks.md, front-end budget).

export function NotesTextarea({
  value,
  onChange,
  className = '',
  fieldClassName = '',
  rows,
}: {
  value: string;
  onChange: (notes: string) => void;
  /** The label and field's wrapper (its margin). */
  className?: string;
  /** The field's own extra classes (its height). */
  fieldClassName?: string;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Notas para tu cita (opcional)
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={2000}
        rows={rows}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} ${fieldClassName}`}
        placeholder="Por ejemplo: alergias, piel sensible o tus preferencias de estilo."
      />
    </div>
  );
}
