import { Alert } from './alert';
import { InlineLoading } from './loading';
import { PartHeading, Select } from './visit-fields';

// A visit's part (ADR 092): a service with who does it. Shared by the booking page's visit planner
// and the desk's "Nueva cita" (ADR 104); each screen fetches the professionals of a part and passes
// them down. A visit names each professional: the server's
// visit routes have no "Cualquier profesional" (ADR 092), so one is picked per service.

type VisitPart = { serviceId: string; professionalId: string };
type Service = { id: string; name: string; duration: number; price: number };
/** A part's professionals as its screen fetched them (`userId`: only those with an account can be booked, ADR 008). */
export type PartProfessionals = {
  data?: Array<{ id: string; name: string; userId?: string | null }>;
  isPending: boolean;
  isSuccess: boolean;
};

/** One service of the visit: which (the first is the page's own), who does it, and "Quitar" for an added one. */
export function PartFields(p: {
  n: number;
  part: VisitPart;
  services: Service[];
  taken: ReadonlySet<string>;
  /** Another service: who does it is asked again (the plan's rule, components/visit-plan.ts). */
  onService: (serviceId: string) => void;
  onProfessional: (professionalId: string) => void;
  onRemove?: () => void;
  professionals: PartProfessionals;
}) {
  const pros = p.professionals;
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
          onChange={p.onService}
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
            onChange={p.onProfessional}
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
