import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { TimeOffForm } from '../../components/period-form';
import { addMyTimeOff, deleteMyTimeOff, myTimeOffQuery } from '../../api/availability';
import { ApiRequestError } from '../../lib/api';
import { formatDateLong } from '../../lib/format';
import { todayInSalon } from '../../lib/salon-today';

const day = (d: string) => formatDateLong(`${d}T12:00:00Z`);

/**
 * /employee/time-off — the professional's own time off (docs/decisions/024): it takes effect at
 * once; over confirmed appointments the server refuses it and the salon decides.
 */
export default function TimeOffPage() {
  const qc = useQueryClient();
  const list = useQuery(myTimeOffQuery());
  const refresh = () => qc.invalidateQueries({ queryKey: myTimeOffQuery().queryKey });
  const add = useMutation({ mutationFn: addMyTimeOff, onSuccess: refresh });
  const remove = useMutation({ mutationFn: deleteMyTimeOff, onSuccess: refresh });
  const err =
    add.error instanceof ApiRequestError && add.error.status < 500 && add.error.status > 0
      ? add.error.message
      : add.isError
        ? STAFF_MSG.availabilitySaveFailed
        : null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <p className="text-sm font-medium tracking-wide text-rose-700 uppercase">Mis ausencias</p>
        <h1 className="mt-1 text-3xl sm:text-4xl">Días libres y horas fuera</h1>
        <p className="mt-1.5 text-muted">
          Desde que la añades, nadie puede reservarte en esas horas. Si ya tienes citas confirmadas, pide al salón que las mueva.
        </p>
      </header>
      <section className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft sm:p-7" aria-label="Próximas ausencias">
        {list.isPending ? (
          <InlineLoading text="Cargando ausencias..." />
        ) : list.isError ? (
          <Alert>{STAFF_MSG.availabilityLoadFailed}</Alert>
        ) : list.data.timeOff.length === 0 ? (
          <p className="text-muted">No tienes ausencias próximas.</p>
        ) : (
          <ul className="divide-y divide-line">
            {list.data.timeOff.map((t) => (
              <li key={t.id} className="flex items-center justify-between gap-3 py-2.5">
                <div>
                  <p className="font-medium first-letter:uppercase">
                    {t.startDate === t.endDate ? day(t.startDate) : `Del ${day(t.startDate)} al ${day(t.endDate)}`}
                  </p>
                  <p className="text-sm text-muted">
                    {t.startTime && t.endTime ? `De ${t.startTime} a ${t.endTime}` : 'Todo el día'}
                    {t.reason ? ` · ${t.reason}` : ''}
                  </p>
                </div>
                <Button variant="ghost" aria-label="Eliminar ausencia" className="w-11 px-0!" onPress={() => remove.mutate(t.id)}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft sm:p-7">
        <h2 className="mb-4 text-2xl">Añadir ausencia</h2>
        <TimeOffForm defaultDate={todayInSalon()} pending={add.isPending} error={err} onSubmit={(p) => add.mutate(p)} />
      </section>
    </div>
  );
}
