import type { DayAppointment, DayProfessional } from '../../api/front-desk';
import { Sheet } from '../../components/sheet';
import { hhmm } from './day-layout';
import type { MoveTo } from './use-desk-moves';

// "Mover…" (ADR 059): the keyboard's and the phone's way to what a drag does. Opened from a block's
// context menu (right click, the context-menu key, Shift+F10) or from its details; each choice is
// the same staff move as a drop, with its "Deshacer".

const option =
  'w-full rounded-xl border border-line px-4 py-3 text-left text-sm font-medium outline-none hover:bg-rose-50 focus-visible:ring-3 focus-visible:ring-gold min-h-11';

export function MoveMenu({
  appointment: a,
  professionals,
  interval,
  onMove,
  onOther,
  onClose,
}: {
  appointment: DayAppointment;
  professionals: DayProfessional[];
  interval: number;
  onMove: (to: MoveTo) => void;
  /** Another day, or a time seen in the list of free times: the details' "Cambiar hora". */
  onOther: () => void;
  onClose: () => void;
}) {
  const own = professionals.find((p) => p.userId === a.employeeId);
  const choose = (to: MoveTo) => {
    onClose();
    onMove(to);
  };
  const at = (delta: number) => hhmm(a.startMinute + delta);
  return (
    <Sheet isOpen title={`Mover… ${a.clientName}`} onClose={onClose}>
      <div className="flex flex-col gap-2" role="group" aria-label="Mover la cita">
        {own && (
          <>
            <button type="button" className={option} onClick={() => choose({ professionalId: own.id, time: at(-interval) })}>
              {interval} min antes ({at(-interval)})
            </button>
            <button type="button" className={option} onClick={() => choose({ professionalId: own.id, time: at(interval) })}>
              {interval} min después ({at(interval)})
            </button>
          </>
        )}
        {professionals
          .filter((p) => p.userId && p.userId !== a.employeeId)
          .map((p) => (
            <button key={p.id} type="button" className={option} onClick={() => choose({ professionalId: p.id, time: at(0) })}>
              Con {p.name} a las {at(0)}
            </button>
          ))}
        <button
          type="button"
          className={option}
          onClick={() => {
            onClose();
            onOther();
          }}
        >
          Otra hora o día…
        </button>
      </div>
    </Sheet>
  );
}
