import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '../../components/alert';
import { InlineLoading } from '../../components/loading';
import { chevron, selectClass } from '../../components/select-class';
import { SlotButtons } from '../../components/slot-buttons';
import { hhmm } from './day-layout';

// "Nueva cita"'s time (ADR 058): the times the slot engine offers, or one it does not — the place
// clicked on the grid, or "Otra hora" — which the staff book only after ticking "Fuera de horario"
// (the server asks for that yes too); a walk-in is booked now.

type Slots = UseQueryResult<Array<{ time: string; start: string }>, Error>;

/** Every quarter hour from 07:00 to 22:45: the desk's "Otra hora". */
const OTHER_TIMES = Array.from({ length: 64 }, (_, i) => hhmm(7 * 60 + i * 15));

export function AppointmentTime({
  slots,
  time,
  onTime,
  walkIn,
  outside,
  onOutside,
}: {
  slots: Slots;
  time: string | null;
  onTime: (time: string) => void;
  walkIn: boolean;
  outside: boolean;
  onOutside: (yes: boolean) => void;
}) {
  if (walkIn)
    return (
      <p className="rounded-xl bg-sage-100 px-4 py-3 text-sm font-medium text-sage-800">
        Ahora, a las {time}: cliente sin cita. La visita se reserva desde esta hora.
      </p>
    );
  const offered = !!time && !!slots.data?.some((s) => s.time === time);
  return (
    <div className="flex flex-col gap-3">
      {slots.isPending ? (
        <InlineLoading text="Cargando horarios..." />
      ) : slots.isError ? (
        <Alert>{slots.error.message}</Alert>
      ) : slots.data.length === 0 ? (
        <p className="text-sm text-muted">No hay horarios disponibles para este día.</p>
      ) : (
        <SlotButtons slots={slots.data} selected={offered ? time : null} onSelect={onTime} />
      )}
      <label className="flex items-center gap-2 text-sm font-medium">
        Otra hora
        <select
          className={`${selectClass} w-28`}
          style={chevron}
          value={time && !offered ? time : ''}
          onChange={(e) => e.target.value && onTime(e.target.value)}
        >
          <option value="">—</option>
          {(time && !offered && !OTHER_TIMES.includes(time) ? [time, ...OTHER_TIMES] : OTHER_TIMES).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      {time && !offered && !slots.isPending && (
        <div className="rounded-xl border border-gold/60 bg-[#FBF5EA] p-3 text-sm">
          <p>Las {time} no están entre los horarios que se ofrecen a los clientes.</p>
          <label className="mt-2 flex items-center gap-2 font-medium">
            <input type="checkbox" className="h-5 w-5 accent-rose-700" checked={outside} onChange={(e) => onOutside(e.target.checked)} />
            Fuera de horario: reservar a las {time} igualmente
          </label>
        </div>
      )}
    </div>
  );
}
