import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { failureText, FormSection, useInvalidateAll } from '../../components/admin/admin-ui';
import { ExceptionList, hours, range } from '../../components/exception-list';
import { SelectField } from '../../components/form-field';
import { PeriodForm } from '../../components/period-form';
import { inputClass } from '../../components/text-field';
import { todayInSalon } from '../../lib/salon-today';
import { addMaintenance, deleteMaintenance, type ResourcesOverview } from '../../api/resources';
import { conflictsNotice } from './resource-text';

/**
 * "Fuera de servicio" (ADR 036): a cabin or machine's periods out of service, whole days or some
 * hours of each day, with the time off's form. Nothing booked is cancelled: the appointments
 * left without it join the conflicts list.
 */
export function MaintenanceSection({ data }: { data: ResourcesOverview }) {
  const invalidate = useInvalidateAll();
  const [resourceId, setResourceId] = useState('');
  const add = useMutation({
    mutationFn: addMaintenance,
    onSuccess: async (answer, input) => {
      const name = data.resources.find((r) => r.id === input.resourceId)?.name ?? '';
      const notice = conflictsNotice(answer.conflicts.length, name);
      if (notice) toast.warning(notice);
      else toast.success(`«${name}» queda fuera de servicio en ese periodo.`);
      await invalidate();
    },
  });
  const remove = useMutation({ mutationFn: deleteMaintenance, onSuccess: () => invalidate() });
  const chosen = resourceId || data.resources.find((r) => r.isActive)?.id || data.resources[0]?.id || '';
  const nameOf = (id: string) => data.resources.find((r) => r.id === id)?.name ?? '';

  return (
    <FormSection
      title="Fuera de servicio"
      description="Una avería, una revisión o una limpieza a fondo: mientras tanto no se ofrece a nadie. El motivo solo lo ve el personal."
    >
      <ExceptionList
        label="Periodos fuera de servicio"
        empty="No hay nada fuera de servicio próximamente."
        items={data.maintenance.map((m) => ({
          id: m.id,
          title: `${nameOf(m.resourceId)}${m.reason ? `: ${m.reason}` : ''}`,
          detail: `${range(m.startDate, m.endDate)}${hours(m.startTime, m.endTime)}`,
          onDelete: () => remove.mutate(m.id),
        }))}
      />
      {data.resources.length > 0 && (
        <div className="mt-6 border-t border-line pt-5">
          <h3 className="mb-3 font-serif text-xl">Poner fuera de servicio</h3>
          <PeriodForm
            label="Poner fuera de servicio"
            times="optional"
            reasonLabel="Motivo (opcional, solo para el personal)"
            submitLabel="Añadir periodo"
            defaultDate={todayInSalon()}
            pending={add.isPending}
            error={add.isError ? failureText(add.error, STAFF_MSG.availabilitySaveFailed) : null}
            before={
              <SelectField
                label="Cabina o aparato"
                className="sm:col-span-2"
                value={chosen}
                options={data.resources.map((r) => ({ value: r.id, text: r.isActive ? r.name : `${r.name} (inactivo)` }))}
                onChange={setResourceId}
                selectClassName={inputClass}
              />
            }
            onSubmit={(p) => chosen && add.mutate({ resourceId: chosen, ...p })}
          />
        </div>
      )}
    </FormSection>
  );
}
