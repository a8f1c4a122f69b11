import { canEmployeeMark, type EMPLOYEE_MARKS } from '../../../domain/appointment-status';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { dayBounds, SALON_TIME_ZONE, salonDateOf } from '../../../domain/salon-time';
import { closedLabel } from '../../../domain/availability';
import { closedDaysOfUser } from '../../availability/exceptions';
import { ApiError, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { appointmentById, employeeDay, markIfConfirmed, type AgendaRow } from './queries';
import { isId } from '../../http/params';

export type EmployeeMark = (typeof EMPLOYEE_MARKS)[number];

/** The signed-in user's own appointments on a salon day (SPEC §6: employeeId equals own uid, admins too). */
export async function agendaFor(deps: Pick<Deps, 'db'>, user: SessionUser, date: string): Promise<AgendaRow[]> {
  const { start, end } = dayBounds(date, SALON_TIME_ZONE);
  return employeeDay(deps.db, user.id, start, end);
}

/** 'Cerrado: Reyes' / 'Ausencia: Vacaciones' when the day is closed for the user (ADR 023), else null. */
export async function closedLabelFor(deps: Pick<Deps, 'db'>, user: SessionUser, date: string): Promise<string | null> {
  const [day] = await closedDaysOfUser(deps.db, user.id, date, date);
  return day ? closedLabel(day) : null;
}

/**
 * Employee marking (SPEC §4, §5): confirmed -> completed | no_show, once started. Someone else's
 * appointment answers 404 like a missing one, so ids cannot be probed (docs/decisions/007).
 * An admin may mark any appointment, under the same confirmed-and-started rule.
 */
export async function markAppointment(
  deps: Pick<Deps, 'db' | 'now' | 'realtime'>,
  user: SessionUser,
  id: string,
  to: EmployeeMark,
): Promise<AgendaRow> {
  if (!isId(id)) throw notFound(STAFF_MSG.appointmentNotFound);
  const now = deps.now();
  const updated = await deps.db.transaction(async (tx) => {
    const current = await appointmentById(tx, id);
    if (!current || (user.role !== 'admin' && current.employeeId !== user.id)) throw notFound(STAFF_MSG.appointmentNotFound);

    const check = canEmployeeMark(current, to, now);
    if (!check.ok) throw refusal(check.reason);

    const updated = await markIfConfirmed(tx, id, to, now);
    // Read as confirmed a moment ago, but a cancel or another mark committed first.
    if (!updated) throw refusal('invalid_transition');

    return updated;
  });
  deps.realtime.publish({ type: 'appointments', employeeId: updated.employeeId, dates: [salonDateOf(updated.startTime, SALON_TIME_ZONE)] });
  return updated;
}

function refusal(reason: 'invalid_transition' | 'not_started'): ApiError {
  return reason === 'not_started'
    ? new ApiError(409, 'not_started', STAFF_MSG.markNotStarted)
    : new ApiError(409, 'invalid_transition', STAFF_MSG.invalidTransition);
}
