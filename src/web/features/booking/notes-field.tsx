import { useId } from 'react';
import { inputClass } from '../../components/input-class';

/**
 * The booking's optional note. It shows only once a time is chosen, never in the first view, so
 * it is its own chunk loaded after the page has hydrated (booking-steps.tsx; docs/decisions/016-react-19-runtime.md).
 * A native textarea with components/text-field.tsx's look: React Aria's TextField here would split
 * React Aria's shared hooks out of its Button's chunk for every other page (docs/benchmarks.md, front-end budget).
 */
export default function NotesField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="mt-4 flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Notas para tu cita (opcional)
      </label>
      <textarea
        id={id}
        className={`${inputClass} min-h-28 resize-y`}
        placeholder="Por ejemplo: alergias, piel sensible o tus preferencias de estilo."
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={2000}
      />
    </div>
  );
}
