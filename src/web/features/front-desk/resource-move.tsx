import { useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import type { DayAppointment, SalonDay } from '../../api/front-desk';
import { reschedule } from '../../api/reschedule';
import { freeAlternatives, hhmm } from './day-layout';

/**
 * Another cabin or machine of the same group at the same time (ADR 036): only the ones no other
 * appointment of the day holds meanwhile are offered; the server decides (a maintenance or a
 * booking meanwhile is its 409, shown here).
 */
export function ResourceMove({
  appointment: a,
  day,
  professionalId,
  onMoved,
}: {
  appointment: DayAppointment;
  day: SalonDay;
  professionalId: string;
  onMoved: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choices = freeAlternatives(a, day.serviceGroups, day.appointments).filter((c) => c.options.length > 0);
  if (choices.length === 0) return null;
  const nameOf = (id: string) => day.resources.find((r) => r.id === id)?.name ?? '';
  const move = async (heldId: string, to: string) => {
    setPending(true);
    setError(null);
    try {
      const resourceIds = a.resources.map((r) => (r.id === heldId ? to : r.id));
      await reschedule(a.id, {
        professionalId,
        date: day.date,
        time: hhmm(a.startMinute),
        resourceIds,
      });
      toast.success(`Cita pasada a ${nameOf(to)}.`);
      onMoved();
    } catch (err) {
      setError(err instanceof Error ? err.message : MSG.statusUpdateFailed);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="mt-5" aria-label="Cambiar de cabina o aparato">
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">Cambiar de cabina o aparato</h3>
      {error && (
        <div className="mb-2">
          <Alert>{error}</Alert>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {choices.flatMap((c) =>
          c.options.map((to) => (
            <Button key={`${c.heldId}-${to}`} variant="secondary" onPress={() => void move(c.heldId, to)} isDisabled={pending}>
              De {nameOf(c.heldId)} a {nameOf(to)}
            </Button>
          )),
        )}
      </div>
    </section>
  );
}
