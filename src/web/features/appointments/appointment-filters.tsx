import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { APPOINTMENT_STATUSES, isAppointmentStatus, statusLabel } from '../../../domain/appointment-status';
import { MSG } from '../../../domain/texts/common';
import { Button } from '../../components/button';
import { inputClass } from '../../components/input-class';
import { DateFilter } from '../../components/lazy-date-filter';
import type { FilterEmployee, Filters } from '../../api/appointments';

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
    </div>
  );
}

/** 'Desde', 'Hasta' (a range that cannot turn around), employee, status, and 'Volver a hoy' once they differ from today's. */
export function AppointmentFilters({
  filters,
  onChange,
  onReset,
  isDefault,
  employees,
}: {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  onReset: () => void;
  isDefault: boolean;
  employees: { data?: FilterEmployee[]; isError: boolean };
}) {
  return (
    <>
      <form
        aria-label="Filtros de citas"
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-2 gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft sm:gap-4 sm:p-5 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
      >
        <DateFilter
          label="Desde"
          value={filters.from}
          onChange={(v) => onChange(v > filters.to ? { from: v, to: v } : { from: v })}
          fitsWhileTyping={(v) => v <= filters.to}
        />
        <DateFilter
          label="Hasta"
          value={filters.to}
          onChange={(v) => onChange(v < filters.from ? { from: v, to: v } : { to: v })}
          fitsWhileTyping={(v) => v >= filters.from}
        />
        <Field label="Empleado" htmlFor="f-empleado">
          <select
            id="f-empleado"
            value={filters.employeeId}
            onChange={(e) => onChange({ employeeId: e.target.value })}
            className={`${inputClass} px-3`}
          >
            <option value="">Todos</option>
            {employees.data?.map((e) => (
              <option key={e.id} value={e.userId}>
                {e.isActive ? e.name : `${e.name} (inactivo)`}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Estado" htmlFor="f-estado">
          <select
            id="f-estado"
            value={filters.status}
            onChange={(e) => onChange({ status: isAppointmentStatus(e.target.value) ? e.target.value : '' })}
            className={`${inputClass} px-3`}
          >
            <option value="">Todos</option>
            {APPOINTMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </Field>
        {!isDefault && (
          <Button variant="ghost" className="col-span-2 justify-self-start lg:col-span-1" onPress={onReset}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            Volver a hoy
          </Button>
        )}
      </form>
      {employees.isError && (
        <p className="mt-2 text-sm text-brick" role="alert">
          {MSG.employeesLoadFailed}
        </p>
      )}
    </>
  );
}
