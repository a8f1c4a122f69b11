import { sql } from 'drizzle-orm';
import { isDeskRole } from '../../../domain/roles';
import { toMinutes } from '../../../domain/weekly-schedule';
import type { Db } from '../../db/client';
import { employees, employeeTimeOff, resourceMaintenance } from '../../db/schema';
import type { SessionUser } from '../../http/env';

// What the day view draws besides appointments (ADR 058): each professional's time off and blocks,
// each cabin's maintenance and blocks, that day. A block's reason is for every member of staff; a
// time off's may be about someone's health (closedLabelForStaff): the admin and the professional
// herself read it, anyone else reads "Ausencia".

export type DayAbsence = {
  id: string;
  kind: 'block' | 'time_off' | 'maintenance';
  /** The employee RECORD id (a professional's column), or the resource id (a cabin's). */
  professionalId: string | null;
  resourceId: string | null;
  startMinute: number;
  endMinute: number;
  label: string;
};

type Row = {
  id: string;
  employee_id: string | null;
  resource_id: string | null;
  user_id: string | null;
  start_time: string | null;
  end_time: string | null;
  reason: string;
  is_block: boolean;
};

function labelOf(r: Row, seesReason: boolean): string {
  const reason = r.reason.trim();
  const head = r.is_block ? 'Bloqueado' : r.resource_id ? 'Fuera de servicio' : 'Ausencia';
  return reason && (r.is_block || r.resource_id || seesReason) ? `${head}: ${reason}` : head;
}

/** The day's time off, blocks and maintenance; an employee gets her own and the cabins'; the desk all, a time off's reason the admin's only (ADR 063). */
export async function dayAbsences(db: Pick<Db, 'execute'>, actor: SessionUser, date: string): Promise<DayAbsence[]> {
  const own = !isDeskRole(actor.role);
  const { rows } = await db.execute<Row>(sql`
    SELECT t.id, t.employee_id, NULL::uuid AS resource_id, e.user_id, t.start_time, t.end_time, t.reason, t.is_block
      FROM ${employeeTimeOff} t JOIN ${employees} e ON e.id = t.employee_id
     WHERE t.start_date <= ${date}::date AND t.end_date >= ${date}::date AND (NOT ${own}::boolean OR e.user_id = ${actor.id})
    UNION ALL
    SELECT m.id, NULL::uuid, m.resource_id, NULL, m.start_time, m.end_time, m.reason, m.is_block
      FROM ${resourceMaintenance} m WHERE m.start_date <= ${date}::date AND m.end_date >= ${date}::date`);
  return rows.map((r) => ({
    id: r.id,
    kind: r.is_block ? 'block' : r.resource_id ? 'maintenance' : 'time_off',
    professionalId: r.employee_id,
    resourceId: r.resource_id,
    startMinute: r.start_time ? toMinutes(r.start_time) : 0,
    endMinute: r.end_time ? toMinutes(r.end_time) : 24 * 60,
    label: labelOf(r, actor.role === 'admin' || r.user_id === actor.id),
  }));
}
