import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/alert';
import { InlineLoading } from '../../components/loading';
import { PartHeading, Select } from '../../components/visit-fields';
import { professionalsQuery } from '../../api/booking';
import type { CatalogService } from '../../api/catalog';
import type { VisitPart } from '../../api/visits';

// The visit planner's parts (ADR 092): each service with who does it (its select and the choice of
// how they go together are components/visit-fields.tsx, shared with the public page's, ADR 105).
// A visit names each professional: the server's visit routes have no "Cualquier profesional"
// (ADR 092), so she picks one per service.

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
      <PartHeading n={p.n} service={service} onRemove={p.onRemove} />
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
