import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarX, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { PeriodForm, type Period } from './period-form';
import { RescheduleForm } from '../../components/reschedule-form';
import { Sheet } from '../../components/sheet';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/calendar-date';
import { inputClass } from '../../components/text-field';
import { formatDateLong, formatTime } from '../../lib/format';
import { failureText, FormSection, useInvalidateAll } from '../../components/admin/admin-ui';
import { employeesQuery } from '../../api/employees';
import {
  addClosure,
  addNationalHolidays,
  addTimeOff,
  availabilityQuery,
  cancelAsSalon,
  deleteClosure,
  deleteTimeOff,
  type AvailabilityOverview,
  type ConflictRow,
} from '../../api/availability';

const day = (d: string) => formatDateLong(`${d}T12:00:00Z`);
const range = (a: string, b: string) => (a === b ? day(a) : `del ${day(a)} al ${day(b)}`);
const hours = (a: string | null, b: string | null) => (a && b ? `, de ${a} a ${b}` : '');

/**
 * /admin/availability — salon closures, special hours, Spain's national holidays, time off per
 * professional and the confirmed appointments they leave outside availability (issue 15).
 */
export default function AvailabilityPage({ conflictActions }: { conflictActions?: (c: ConflictRow) => ReactNode }) {
  const overview = useQuery(availabilityQuery());
  return (
    <section className="mx-auto max-w-5xl space-y-6">
      <PageHeader title="Cierres y ausencias" subtitle="Festivos, horarios especiales y ausencias de los profesionales: nadie puede reservar cuando no hay nadie." />
      {overview.isPending ? (
        <InlineLoading text="Cargando cierres y ausencias..." />
      ) : overview.isError ? (
        <div className="space-y-3">
          <Alert>{STAFF_MSG.availabilityLoadFailed}</Alert>
          <Button variant="secondary" onPress={() => overview.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : (
        <>
          <Conflicts conflicts={overview.data.conflicts} actions={conflictActions} />
          <SalonSection data={overview.data} />
          <TimeOffSection data={overview.data} />
        </>
      )}
    </section>
  );
}

/**
 * Confirmed appointments inside a closure or time off. Nothing is cancelled for the admin: each
 * row is cancelled as the salon here, and `actions` adds more per row (issue 13's "Mover").
 */
export function Conflicts({ conflicts, actions }: { conflicts: ConflictRow[]; actions?: (c: ConflictRow) => ReactNode }) {
  const invalidate = useInvalidateAll();
  const cancel = useMutation({ mutationFn: cancelAsSalon, onSettled: () => invalidate() });
  // 'Mover' is the front desk's reschedule (issue 13): the slot engine offers only times that are
  // open, so a moved appointment leaves the conflict list once the move is saved.
  const [toMove, setToMove] = useState<ConflictRow | null>(null);
  const employees = useQuery({ ...employeesQuery(), enabled: toMove !== null });
  const professionals = (employees.data ?? []).filter((e) => e.isActive && e.userId).map((e) => ({ id: e.id, name: e.name }));
  const movingPro = toMove ? employees.data?.find((e) => e.userId === toMove.employeeId) : undefined;
  if (conflicts.length === 0) return null;
  return (
    <section aria-labelledby="conflicts-title" className="rounded-[var(--radius-card)] border border-brick/40 bg-white p-5 shadow-soft sm:p-7">
      <h2 id="conflicts-title" className="flex items-center gap-2 text-2xl">
        <CalendarX className="h-6 w-6 text-brick" aria-hidden />
        Citas en conflicto
      </h2>
      <p className="mt-1 text-sm text-muted">Estas citas confirmadas caen en un cierre o una ausencia. No se ha cancelado ninguna: decide qué hacer con cada una.</p>
      {cancel.isError && <div className="mt-3"><Alert>{failureText(cancel.error, STAFF_MSG.availabilitySaveFailed)}</Alert></div>}
      <ul className="mt-4 divide-y divide-line" aria-label="Citas en conflicto">
        {conflicts.map((c) => (
          <li key={c.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-appointment-id={c.id}>
            <div>
              <p className="font-medium text-ink first-letter:uppercase">
                {day(c.date)}, {formatTime(c.startTime)} · {c.serviceName}
              </p>
              <p className="text-sm text-muted">
                {c.clientName} con {c.employeeName} · <span className="text-brick">{c.label}</span>
              </p>
            </div>
            <div className="flex gap-2">
              {actions?.(c)}
              <Button variant="secondary" onPress={() => setToMove(c)}>
                Mover
              </Button>
              <Button variant="danger" isDisabled={cancel.isPending} onPress={() => cancel.mutate(c.id)}>
                Cancelar como salón
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {toMove && (
        <Sheet isOpen title={`Mover la cita de ${toMove.clientName}`} onClose={() => setToMove(null)} wide>
          {employees.isPending ? (
            <InlineLoading text="Cargando..." />
          ) : (
            <RescheduleForm
              appointmentId={toMove.id}
              professionals={professionals}
              initialProfessionalId={movingPro?.id ?? professionals[0]?.id ?? ''}
              initialDate={toMove.date}
              minDate={salonDateOf(Date.now(), SALON_TIME_ZONE)}
              onDone={() => {
                setToMove(null);
                invalidate();
              }}
            />
          )}
        </Sheet>
      )}
    </section>
  );
}

function ExceptionList({ items, empty, label }: { items: Array<{ id: string; title: string; detail: string; onDelete: () => void }>; empty: string; label: string }) {
  if (items.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-line" aria-label={label}>
      {items.map((i) => (
        <li key={i.id} className="flex items-center justify-between gap-3 py-2.5">
          <div className="min-w-0">
            <p className="font-medium text-ink">{i.title}</p>
            <p className="text-sm text-muted first-letter:uppercase">{i.detail}</p>
          </div>
          <Button variant="ghost" aria-label={`Eliminar ${i.title}`} onPress={i.onDelete} className="w-11 px-0!">
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}

type Data = AvailabilityOverview;

function SalonSection({ data }: { data: Data }) {
  const invalidate = useInvalidateAll();
  const [kind, setKind] = useState<'closed' | 'special_hours'>('closed');
  const year = Number(data.today.slice(0, 4));
  const [holidayYear, setHolidayYear] = useState(year);
  const [notice, setNotice] = useState<string | null>(null);
  const yearId = useId();
  const add = useMutation({ mutationFn: addClosure, onSuccess: () => invalidate() });
  const holidays = useMutation({
    mutationFn: addNationalHolidays,
    onSuccess: async (r) => {
      setNotice(r.added === 0 ? `Los festivos nacionales de ${holidayYear} ya estaban añadidos.` : `Añadidos ${r.added} festivos nacionales de ${holidayYear}.`);
      await invalidate();
    },
  });
  const remove = useMutation({ mutationFn: deleteClosure, onSuccess: () => invalidate() });
  const submit = (p: Period) => add.mutate({ kind, startDate: p.startDate, endDate: p.endDate, startTime: kind === 'special_hours' ? p.startTime : null, endTime: kind === 'special_hours' ? p.endTime : null, reason: p.reason });

  return (
    <FormSection title="Cierres y horarios especiales del salón" description="Los festivos regionales y locales se añaden a mano.">
      <div className="mb-5 flex flex-col gap-3 rounded-xl bg-ivory p-4 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={yearId} className="text-sm font-medium text-ink">
            Año
          </label>
          <select id={yearId} value={holidayYear} onChange={(e) => setHolidayYear(Number(e.target.value))} className={`${inputClass} sm:w-32`}>
            {[year, year + 1, year + 2].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" isDisabled={holidays.isPending} onPress={() => holidays.mutate(holidayYear)}>
          {`Añadir festivos nacionales de ${holidayYear}`}
        </Button>
      </div>
      {notice && <div className="mb-4"><Alert tone="success">{notice}</Alert></div>}
      {holidays.isError && <div className="mb-4"><Alert>{failureText(holidays.error, STAFF_MSG.availabilitySaveFailed)}</Alert></div>}
      <ExceptionList
        label="Cierres y horarios especiales"
        empty="No hay cierres ni horarios especiales próximos."
        items={data.salon.map((e) => ({
          id: e.id,
          title: e.kind === 'closed' ? `Cerrado: ${e.reason}` : `Horario especial${e.reason ? `: ${e.reason}` : ''}`,
          detail: `${range(e.startDate, e.endDate)}${e.kind === 'special_hours' ? hours(e.startTime, e.endTime) : ''}`,
          onDelete: () => remove.mutate(e.id),
        }))}
      />
      <div className="mt-6 border-t border-line pt-5">
        <h3 className="mb-3 font-serif text-xl">Añadir</h3>
        <div className="mb-4 flex gap-4 text-sm" role="radiogroup" aria-label="Tipo">
          {(
            [
              ['closed', 'Cerrado'],
              ['special_hours', 'Horario especial'],
            ] as const
          ).map(([k, text]) => (
            <label key={k} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="exception-kind" checked={kind === k} onChange={() => setKind(k)} className="h-5 w-5 accent-rose-700" />
              {text}
            </label>
          ))}
        </div>
        <PeriodForm
          key={kind}
          label={kind === 'closed' ? 'Añadir cierre' : 'Añadir horario especial'}
          times={kind === 'closed' ? 'none' : 'required'}
          reasonLabel={kind === 'closed' ? 'Motivo (p. ej. Fiesta local)' : 'Motivo (opcional)'}
          submitLabel={kind === 'closed' ? 'Añadir cierre' : 'Añadir horario especial'}
          defaultDate={data.today}
          pending={add.isPending}
          error={add.isError ? failureText(add.error, STAFF_MSG.availabilitySaveFailed) : null}
          onSubmit={submit}
        />
      </div>
    </FormSection>
  );
}

function TimeOffSection({ data }: { data: Data }) {
  const invalidate = useInvalidateAll();
  const employees = useQuery(employeesQuery());
  const [employeeId, setEmployeeId] = useState('');
  const selectId = useId();
  const add = useMutation({ mutationFn: addTimeOff, onSuccess: () => invalidate() });
  const remove = useMutation({ mutationFn: deleteTimeOff, onSuccess: () => invalidate() });
  const active = (employees.data ?? []).filter((e) => e.isActive);
  const chosen = employeeId || active[0]?.id || '';

  return (
    <FormSection title="Ausencias de los profesionales" description="Vacaciones, días libres o unas horas. El motivo solo lo ve el personal.">
      <ExceptionList
        label="Ausencias"
        empty="No hay ausencias próximas."
        items={data.timeOff.map((t) => ({
          id: t.id,
          title: `${t.employeeName}${t.reason ? `: ${t.reason}` : ''}`,
          detail: `${range(t.startDate, t.endDate)}${hours(t.startTime, t.endTime)}`,
          onDelete: () => remove.mutate(t.id),
        }))}
      />
      <div className="mt-6 border-t border-line pt-5">
        <h3 className="mb-3 font-serif text-xl">Añadir ausencia</h3>
        <PeriodForm
          label="Añadir ausencia"
          times="optional"
          reasonLabel="Motivo (opcional, solo para el personal)"
          submitLabel="Añadir ausencia"
          defaultDate={data.today}
          pending={add.isPending}
          error={add.isError ? failureText(add.error, STAFF_MSG.availabilitySaveFailed) : null}
          before={
            <div className="flex flex-col gap-1.5 sm:col-span-2">
              <label htmlFor={selectId} className="text-sm font-medium text-ink">
                Profesional
              </label>
              <select id={selectId} value={chosen} onChange={(e) => setEmployeeId(e.target.value)} className={inputClass}>
                {active.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                  </option>
                ))}
              </select>
            </div>
          }
          onSubmit={(p) => chosen && add.mutate({ employeeId: chosen, ...p })}
        />
      </div>
    </FormSection>
  );
}
