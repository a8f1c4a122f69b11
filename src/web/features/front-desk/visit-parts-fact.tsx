import { StatusBadge } from '../../components/status-badge';
import { formatTime } from '../../lib/format';
import type { DayAppointment } from '../../api/front-desk';

/** A part of a visit in one line: when, what, with whom ("10:00–10:45 · Pedicura spa · Carmen Ruiz"). */
export const visitPartLine = (p: DayAppointment) =>
  `${formatTime(new Date(p.startTime))}–${formatTime(new Date(p.endTime))} · ${p.serviceName} · ${p.employeeName}`;

/**
 * The details' "Visita" row of a part of a visit of several services (ADR 081): its other parts,
 * each a button that opens that part's details; one not confirmed says its status.
 */
export function VisitPartsFact({ parts, onOpen }: { parts: DayAppointment[]; onOpen: (id: string) => void }) {
  if (parts.length === 0) return null;
  return (
    <>
      <dt className="text-muted">Visita</dt>
      <dd data-testid="visit-parts">
        <p>
          Parte de una visita de {parts.length + 1} servicios. {parts.length === 1 ? 'El otro servicio:' : 'Los otros servicios:'}
        </p>
        <ul className="mt-1 space-y-1">
          {parts.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                className="text-left font-medium text-rose-700 underline decoration-rose-300 underline-offset-2 hover:decoration-rose-700"
                onClick={() => onOpen(p.id)}
              >
                {visitPartLine(p)}
              </button>
              {p.status !== 'confirmed' && <StatusBadge status={p.status} />}
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

/** Under "Cancelar toda la visita": the parts still booked, that go with this one once it is ticked. */
export function VisitPartsGoing({ parts, ticked }: { parts: DayAppointment[]; ticked: boolean }) {
  const going = parts.filter((p) => p.status === 'confirmed');
  return (
    <span className="mt-2 block text-sm">
      {ticked ? 'Con ella se cancelan:' : 'Siguen reservados:'}
      {going.map((p) => (
        <span key={p.id} className="block">
          {visitPartLine(p)}
        </span>
      ))}
    </span>
  );
}
