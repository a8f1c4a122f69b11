import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { failureText, FormSection, useInvalidateAll } from '../../components/admin/admin-ui';
import { SelectField } from '../../components/form-field';
import { inputClass } from '../../components/text-field';
import { addTimeOff, deleteTimeOff, type AvailabilityOverview } from '../../api/availability';
import { employeesQuery } from '../../api/employees';
import { ExceptionList, hours, range } from '../../components/exception-list';
import { TimeOffForm } from '../../components/period-form';

/** Time off per professional (ADR 023): the list and the add form with the professional's choice. */
export function TimeOff({ data }: { data: AvailabilityOverview }) {
  const invalidate = useInvalidateAll();
  const employees = useQuery(employeesQuery());
  const [employeeId, setEmployeeId] = useState('');
  const add = useMutation({ mutationFn: addTimeOff, onSuccess: () => invalidate() });
  const remove = useMutation({ mutationFn: deleteTimeOff, onSuccess: () => invalidate() });
  const active = (employees.data ?? []).filter((e) => e.isActive);
  const chosen = employeeId || active[0]?.id || '';

  return (
    <FormSection
      title="Ausencias de los profesionales"
      description="Vacaciones, días libres o unas horas. El motivo solo lo ve el personal."
    >
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
        <TimeOffForm
          defaultDate={data.today}
          pending={add.isPending}
          error={add.isError ? failureText(add.error, STAFF_MSG.availabilitySaveFailed) : null}
          before={
            <SelectField
              label="Profesional"
              className="sm:col-span-2"
              value={chosen}
              options={active.map((e) => ({ value: e.id, text: e.name }))}
              onChange={setEmployeeId}
              selectClassName={inputClass}
            />
          }
          onSubmit={(p) => chosen && add.mutate({ employeeId: chosen, ...p })}
        />
      </div>
    </FormSection>
  );
}
