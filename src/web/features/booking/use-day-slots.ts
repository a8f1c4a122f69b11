import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { addDays } from '../../../domain/calendar-date';
import { CLOSED_DAYS_FAMILY, closedDaysQuery, MONTH_FAMILY, monthQuery, slotsQuery } from '../../api/booking';
import { startOfMonth } from '../../lib/calendar-month';
import { useLiveAppointments } from '../../lib/live-events';

/**
 * The free times of the chosen professional on the chosen day, and the closed days of the month
 * the calendar shows (holidays, the professional's days off; a week either side), kept live: when
 * someone books or cancels with this professional on this day, the grid refetches. `live` is false
 * while the live connection is down; `refetch` asks both again (after a refused booking).
 */
export function useDaySlots(serviceId: string, professionalId: string, professionalUserId: string | null | undefined, date: string) {
  const qc = useQueryClient();
  const slots = useQuery(slotsQuery(serviceId, professionalId, date));
  const [month, setMonth] = useState(() => startOfMonth(date));
  const closedDays = useQuery(closedDaysQuery(professionalId, month, addDays(month, -7), addDays(month, 44)));
  // ADR 061: which days of the shown month have room, and the first free time.
  const marks = useQuery(monthQuery(serviceId, professionalId, month));
  const refetch = useCallback(() => {
    void qc.invalidateQueries({ queryKey: slotsQuery(serviceId, professionalId, date).queryKey });
    void qc.invalidateQueries({ queryKey: CLOSED_DAYS_FAMILY });
    void qc.invalidateQueries({ queryKey: MONTH_FAMILY });
  }, [qc, serviceId, professionalId, date]);
  const live = useLiveAppointments({ employeeId: professionalUserId, date }, refetch, !!professionalUserId);
  return { slots, closedDays, marks, setMonth, live, refetch };
}
