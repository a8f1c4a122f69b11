import { useId } from 'react';
import { VISIT_MSG } from '../../domain/texts/visits';
import type { VisitMode } from '../../domain/visit-fit';
import { formatEuros } from '../lib/format';
import { Button } from './button';
import { ChevronDown } from './inline-icons';
import { inputClass } from './input-class';

// The fields of a visit planner (ADRs 092, 104, 105), the booking page's, the desk's and the public page's: a
// part's heading, a labelled select for its service or professional, and how the services go together.

/** "Servicio 2 · 60 min · 30,00 €" and, for an added part, "Quitar". */
export function PartHeading({ n, service, onRemove }: { n: number; service?: { duration: number; price: number }; onRemove?: () => void }) {
  return (
    <div className="mb-3 flex items-start justify-between gap-3">
      <p className="font-medium">
        <span className="whitespace-nowrap">Servicio {n}</span>
        {service && (
          <span className="block text-sm font-normal whitespace-nowrap text-muted sm:ml-2 sm:inline">
            {service.duration} min · {formatEuros(service.price)}
          </span>
        )}
      </p>
      {onRemove && (
        <Button variant="ghost" onPress={onRemove} className="-mr-3 text-sm" aria-label={`${VISIT_MSG.removeService} servicio ${n}`}>
          {VISIT_MSG.removeService}
        </Button>
      )}
    </div>
  );
}

/** A labelled native select, with a placeholder as its empty choice. */
export function Select({
  label,
  value,
  onChange,
  placeholder,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  options: Array<{ id: string; name: string }>;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} cursor-pointer appearance-none pr-11`}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute top-1/2 right-3.5 h-5 w-5 -translate-y-1/2 text-muted" aria-hidden />
      </div>
    </div>
  );
}

/** Back to back with one professional, or at the same time with two: offered only where every service allows it. */
export function ModeChoice({
  mode,
  onChange,
  legend = '¿Cómo los quieres?',
}: {
  mode: VisitMode;
  onChange: (m: VisitMode) => void;
  /** The question: the client's ("¿Cómo los quieres?"), or the desk's. */
  legend?: string;
}) {
  const name = useId();
  const option = (value: VisitMode, text: string) => (
    <label
      className={`flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-xl border px-4 py-2.5 ${mode === value ? 'border-rose-700 bg-rose-50' : 'border-line bg-white'}`}
    >
      <input type="radio" name={name} value={value} checked={mode === value} onChange={() => onChange(value)} className="accent-rose-700" />
      {text}
    </label>
  );
  return (
    <fieldset className="mt-4">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        {option('sequence', VISIT_MSG.modeSequence)}
        {option('parallel', VISIT_MSG.modeParallel)}
      </div>
    </fieldset>
  );
}
