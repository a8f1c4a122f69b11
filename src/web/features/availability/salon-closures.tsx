import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { failureText, FormSection, useInvalidateAll } from '../../components/admin/admin-ui';
import { addClosure, deleteClosure, type AvailabilityOverview } from '../../api/availability';
import { ExceptionList, hours, range } from '../../components/exception-list';
import { NationalHolidays } from './national-holidays';
import { PeriodForm, type Period } from '../../components/period-form';

type Kind = 'closed' | 'special_hours';
const KINDS: readonly (readonly [Kind, string])[] = [
  ['closed', 'Cerrado'],
  ['special_hours', 'Horario especial'],
];

/** The salon's closures and special hours (ADR 023): the national holidays, the list, and the add form. */
export function SalonClosures({ data }: { data: AvailabilityOverview }) {
  const invalidate = useInvalidateAll();
  const [kind, setKind] = useState<Kind>('closed');
  const add = useMutation({ mutationFn: addClosure, onSuccess: () => invalidate() });
  const remove = useMutation({ mutationFn: deleteClosure, onSuccess: () => invalidate() });
  const special = kind === 'special_hours';
  const submit = (p: Period) =>
    add.mutate({
      kind,
      startDate: p.startDate,
      endDate: p.endDate,
      startTime: special ? p.startTime : null,
      endTime: special ? p.endTime : null,
      reason: p.reason,
    });

  return (
    <FormSection title="Cierres y horarios especiales del salón" description="Los festivos regionales y locales se añaden a mano.">
      <NationalHolidays today={data.today} />
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
          {KINDS.map(([k, text]) => (
            <label key={k} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="exception-kind"
                checked={kind === k}
                onChange={() => setKind(k)}
                className="h-5 w-5 accent-rose-700"
              />
              {text}
            </label>
          ))}
        </div>
        <PeriodForm
          key={kind}
          label={special ? 'Añadir horario especial' : 'Añadir cierre'}
          times={special ? 'required' : 'none'}
          reasonLabel={special ? 'Motivo (opcional)' : 'Motivo (p. ej. Fiesta local)'}
          submitLabel={special ? 'Añadir horario especial' : 'Añadir cierre'}
          defaultDate={data.today}
          pending={add.isPending}
          error={add.isError ? failureText(add.error, STAFF_MSG.availabilitySaveFailed) : null}
          onSubmit={submit}
        />
      </div>
    </FormSection>
  );
}
