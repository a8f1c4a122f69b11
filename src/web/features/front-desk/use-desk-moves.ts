import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { DayAppointment, DayProfessional, SalonDay } from '../../api/front-desk';
import { reschedule, type RescheduleChoice } from '../../api/reschedule';
import { hhmm } from './day-layout';
import type { DropTarget } from './use-block-drag';

// A move from the day view (ADR 059): a drag, or a choice of the "Mover…" menu. Each goes through
// the booking room's staff move (/api/booking/reschedule/:id: the slot engine, the exclusion
// constraints, the client told as any move tells her) and is refused with the server's reason.
// A done move offers "Deshacer", which moves it back through the same rules.

export type MoveTo = { professionalId: string; time: string; resourceIds?: string[] };

/** The cabins after a drop on a cabin's column: the held member of that cabin's group swapped for it; null if no group holds it. */
export function resourcesAfterDrop(a: DayAppointment, target: string, serviceGroups: SalonDay['serviceGroups']): string[] | null {
  const groups = a.serviceId ? (serviceGroups[a.serviceId] ?? []) : [];
  const group = groups.find((g) => g.includes(target));
  if (!group) return null;
  return a.resources.map((r) => (group.includes(r.id) ? target : r.id));
}

export function useDeskMoves({
  day,
  data,
  professionals,
  onMoved,
}: {
  day: string;
  data: SalonDay | undefined;
  professionals: DayProfessional[];
  onMoved: () => void;
}) {
  const latest = useRef({ day, data, professionals, onMoved });
  useEffect(() => {
    latest.current = { day, data, professionals, onMoved };
  });

  const move = useCallback(async (a: DayAppointment, to: MoveTo, undoable = true) => {
    const { day: date, professionals: pros, onMoved: done } = latest.current;
    const from: RescheduleChoice = {
      professionalId: pros.find((p) => p.userId === a.employeeId)?.id ?? '',
      date,
      time: hhmm(a.startMinute),
      resourceIds: a.resources.map((r) => r.id),
    };
    try {
      await reschedule(a.id, { ...to, date });
      done();
      const name = pros.find((p) => p.id === to.professionalId)?.name ?? '';
      if (!undoable) return void toast.success(STAFF_MSG.moveUndone);
      toast.success(`${MSG.rescheduleSucceeded} ${to.time} · ${name}`, {
        duration: 10_000,
        action: {
          label: 'Deshacer',
          onClick: () => {
            void reschedule(a.id, from).then(
              () => {
                latest.current.onMoved();
                toast.success(STAFF_MSG.moveUndone);
              },
              (err: unknown) => toast.error(err instanceof Error ? err.message : STAFF_MSG.rescheduleFailed),
            );
          },
        },
      });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : STAFF_MSG.rescheduleFailed);
    }
  }, []);

  /** A drop on a professional's column moves to her at that time; on a cabin's, to that cabin at that time. */
  const drop = useCallback(
    (id: string, target: DropTarget) => {
      const { data: d, professionals: pros } = latest.current;
      const a = d?.appointments.find((x) => x.id === id);
      if (!a || !d) return;
      const time = hhmm(target.minute);
      const pro = pros.find((p) => p.id === target.columnId);
      if (pro) return void move(a, { professionalId: pro.id, time });
      const own = pros.find((p) => p.userId === a.employeeId);
      const resourceIds = resourcesAfterDrop(a, target.columnId, d.serviceGroups);
      if (!own || !resourceIds) return void toast.error(STAFF_MSG.resourceNotRequired);
      void move(a, { professionalId: own.id, time, resourceIds });
    },
    [move],
  );

  return { move, drop };
}
