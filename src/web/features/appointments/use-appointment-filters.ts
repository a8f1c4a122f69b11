import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isAppointmentStatus } from '../../../domain/appointment-status';
import { isValidIsoDate } from '../../../domain/calendar-date';
import type { Filters } from '../../api/appointments';
import { todayInSalon } from '../../lib/salon-today';

/** The filters live in the address (?desde&hasta&empleado&estado), so a reload or a shared link keeps them. */
export function useAppointmentFilters(): [Filters, (patch: Partial<Filters>) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const today = todayInSalon();
  const desde = params.get('desde');
  const hasta = params.get('hasta');
  const estado = params.get('estado');
  let from = desde && isValidIsoDate(desde) ? desde : today;
  let to = hasta && isValidIsoDate(hasta) ? hasta : today;
  if (from > to) [from, to] = [to, from];
  const filters = useMemo<Filters>(
    () => ({ from, to, employeeId: params.get('empleado') ?? '', status: estado && isAppointmentStatus(estado) ? estado : '' }),
    [from, to, params, estado],
  );
  const set = useCallback(
    (patch: Partial<Filters>) => {
      const next = { ...filters, ...patch };
      const p = new URLSearchParams();
      if (next.from !== today) p.set('desde', next.from);
      if (next.to !== today) p.set('hasta', next.to);
      if (next.employeeId) p.set('empleado', next.employeeId);
      if (next.status) p.set('estado', next.status);
      setParams(p, { replace: true });
    },
    [filters, setParams, today],
  );
  const reset = useCallback(() => setParams({}, { replace: true }), [setParams]);
  return [filters, set, reset];
}
