import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { VISIT_MSG } from '../../../domain/texts/visits';
import type { VisitMode } from '../../../domain/visit-fit';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ChevronDown } from '../../components/inline-icons';
import { inputClass } from '../../components/input-class';
import { InlineLoading } from '../../components/loading';
import { formatEuros } from '../../lib/format';
import { professionalsQuery } from '../../api/booking';
import type { CatalogService } from '../../api/catalog';
import type { VisitPart } from '../../api/visits';

// The visit planner's parts (ADR 092): each service with who does it, and how they go together.
// A visit names each professional: the server's visit routes have no "Cualquier profesional"
// (ADR 092), so she picks one per service.

/** A labelled native select (the public page's visit uses it too, ADR 105). */
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

/** One service of the visit: which (the first is the page's own), who does it, and "Quitar" for an added one. */
export function PartRow(p: {
  n: number;
  part: VisitPart;
  services: CatalogService[];
  taken: ReadonlySet<string>;
  onChange: (part: VisitPart) => void;
  onRemove?: () => void;
}) {
  const pros = useQuery({ ...professionalsQuery(p.part.serviceId), enabled: p.part.serviceId !== '' });
  const service = p.services.find((s) => s.id === p.part.serviceId);
  // Only professionals with an account can be booked by a client (ADR 008); the others are not offered here.
  const bookable = (pros.data ?? []).filter((x) => x.userId);
  return (
    <li className="rounded-2xl border border-line/80 bg-ivory/50 p-4">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <p className="font-medium">
          Servicio {p.n}
          {service && (
            <span className="ml-2 text-sm font-normal text-muted">
              {service.duration} min · {formatEuros(service.price)}
            </span>
          )}
        </p>
        {p.onRemove && (
          <Button variant="ghost" onPress={p.onRemove} className="-mr-3 text-sm" aria-label={`${VISIT_MSG.removeService} servicio ${p.n}`}>
            {VISIT_MSG.removeService}
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Select
          label="Servicio"
          value={p.part.serviceId}
          placeholder="-- Elige un servicio --"
          options={p.services.filter((s) => s.id === p.part.serviceId || !p.taken.has(s.id))}
          onChange={(serviceId) => p.onChange({ serviceId, professionalId: '' })}
        />
        {pros.isPending && p.part.serviceId !== '' ? (
          <div className="flex-1 self-end pb-3">
            <InlineLoading text="Cargando profesionales..." />
          </div>
        ) : (
          <Select
            label="Profesional"
            value={p.part.professionalId}
            placeholder="-- Elige un profesional --"
            options={bookable}
            onChange={(professionalId) => p.onChange({ ...p.part, professionalId })}
          />
        )}
      </div>
      {pros.isSuccess && p.part.serviceId !== '' && bookable.length === 0 && (
        <div className="mt-3">
          <Alert tone="info">Este servicio no se puede reservar en una visita ahora mismo.</Alert>
        </div>
      )}
    </li>
  );
}

/** Back to back with one professional, or at the same time with two: offered only where every service allows it. */
export function ModeChoice({ mode, onChange }: { mode: VisitMode; onChange: (m: VisitMode) => void }) {
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
      <legend className="mb-2 text-sm font-medium">¿Cómo los quieres?</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        {option('sequence', VISIT_MSG.modeSequence)}
        {option('parallel', VISIT_MSG.modeParallel)}
      </div>
    </fieldset>
  );
}
