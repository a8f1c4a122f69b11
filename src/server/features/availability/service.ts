import { and, eq, sql } from 'drizzle-orm';
import { toTimeOff, type SalonException, type TimeOffInput } from '../../../domain/availability';
import { validateSalonException, validateTimeOff } from '../../../domain/exception-validation';
import { spainNationalHolidays } from '../../../domain/holidays';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { announceDays, linkedUserIds } from '../../availability/announce';
import { exceptionsBetween, futureConflicts, type Conflict } from '../../availability/exceptions';
import { employees, employeeTimeOff, salonExceptions } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { isId } from '../../http/params';
import { enqueueDaysFreed } from '../../notifications/time-freed';

// Closures, special hours and time off (docs/decisions/023-024). Adding one never
// cancels anything: the answer lists the confirmed appointments it leaves outside availability
// and the admin decides on each.

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime'>;

export type SalonExceptionInput = {
  kind: SalonException['kind'];
  startDate: string;
  endDate: string;
  startTime?: string | null;
  endTime?: string | null;
  reason: string;
};

export function toSalonException(i: SalonExceptionInput): SalonException {
  const reason = i.reason.trim();
  return i.kind === 'closed'
    ? { kind: 'closed', startDate: i.startDate, endDate: i.endDate, reason }
    : { kind: 'special_hours', startDate: i.startDate, endDate: i.endDate, startTime: i.startTime ?? '', endTime: i.endTime ?? '', reason };
}

const within = (c: Conflict, startDate: string, endDate: string, employeeUserId?: string | null) =>
  c.date >= startDate && c.date <= endDate && (employeeUserId === undefined || c.employeeId === employeeUserId);

export async function adminOverview(ctx: Ctx) {
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  const ex = await exceptionsBetween(ctx.db, today, '9999-12-30');
  return { today, salon: ex.salon, timeOff: ex.timeOff, conflicts: await futureConflicts(ctx.db, ctx.now()) };
}

export async function addSalonException(ctx: Ctx, input: SalonExceptionInput) {
  const e = toSalonException(input);
  const problem = validateSalonException(e);
  if (problem) throw badRequest(problem);
  const [row] = await ctx.db
    .insert(salonExceptions)
    .values({
      kind: e.kind,
      startDate: e.startDate,
      endDate: e.endDate,
      startTime: e.kind === 'special_hours' ? e.startTime : null,
      endTime: e.kind === 'special_hours' ? e.endTime : null,
      reason: e.reason,
    })
    .returning({ id: salonExceptions.id });
  announceDays(ctx.realtime, await linkedUserIds(ctx.db), e.startDate, e.endDate);
  const conflicts = (await futureConflicts(ctx.db, ctx.now())).filter((c) => within(c, e.startDate, e.endDate));
  return { exception: { id: row!.id, ...e }, conflicts };
}

/** Spain's national holidays of `year` as closures; a day already closed is left as it is. */
export async function addNationalHolidays(ctx: Ctx, year: number) {
  if (!Number.isInteger(year) || year < 2000 || year > 2100) throw badRequest(STAFF_MSG.holidaysYearInvalid);
  const holidays = spainNationalHolidays(year);
  const added = await ctx.db.transaction(async (tx) => {
    // One admin clicking twice must not close the same day twice.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('auna_national_holidays'))`);
    const existing = await exceptionsBetween(tx, `${year}-01-01`, `${year}-12-31`, []);
    const missing = holidays.filter(
      (h) => !existing.salon.some((e) => e.kind === 'closed' && e.startDate <= h.date && h.date <= e.endDate),
    );
    if (missing.length)
      await tx
        .insert(salonExceptions)
        .values(missing.map((h) => ({ kind: 'closed' as const, startDate: h.date, endDate: h.date, reason: h.name })));
    return missing;
  });
  const users = await linkedUserIds(ctx.db);
  for (const h of added) announceDays(ctx.realtime, users, h.date, h.date);
  const dates = new Set(holidays.map((h) => h.date));
  const conflicts = (await futureConflicts(ctx.db, ctx.now())).filter((c) => dates.has(c.date));
  return { added: added.length, holidays, conflicts };
}

export async function deleteSalonException(ctx: Ctx, id: string) {
  if (!isId(id)) throw notFound(STAFF_MSG.exceptionNotFound);
  // A closure lifted frees everyone's days: the waiting list hears of it in the same transaction (ADR 071).
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .delete(salonExceptions)
      .where(eq(salonExceptions.id, id))
      .returning({ startDate: salonExceptions.startDate, endDate: salonExceptions.endDate });
    if (r) await enqueueDaysFreed(tx, null, r.startDate, r.endDate);
    return r;
  });
  if (!row) throw notFound(STAFF_MSG.exceptionNotFound);
  announceDays(ctx.realtime, await linkedUserIds(ctx.db), row.startDate, row.endDate);
  return { deleted: true };
}

/**
 * Time off for a professional. The admin may add it for anyone and gets the conflicts to resolve;
 * an employee adds their own, effective at once without approval, but only over free time
 * (docs/decisions/024): over confirmed appointments it is refused, since only the salon may move
 * or cancel a client's appointment.
 */
export async function addTimeOff(ctx: Ctx, actor: SessionUser, employeeRecordId: string | null, input: TimeOffInput) {
  const t = toTimeOff(input);
  const problem = validateTimeOff(t);
  if (problem) throw badRequest(problem);
  const own = actor.role !== 'admin';
  const result = await ctx.db.transaction(async (tx) => {
    const where = own ? eq(employees.userId, actor.id) : isId(employeeRecordId ?? '') ? eq(employees.id, employeeRecordId!) : undefined;
    if (!where) throw notFound(STAFF_MSG.employeeNotFound);
    const [employee] = await tx
      .select({ id: employees.id, userId: employees.userId, name: employees.name })
      .from(employees)
      .where(where)
      .for('update');
    if (!employee) throw notFound(STAFF_MSG.employeeNotFound);
    const [row] = await tx
      .insert(employeeTimeOff)
      .values({
        employeeId: employee.id,
        startDate: t.startDate,
        endDate: t.endDate,
        startTime: t.startTime,
        endTime: t.endTime,
        reason: t.reason,
        createdBy: actor.id,
      })
      .returning({ id: employeeTimeOff.id });
    const conflicts = employee.userId
      ? (await futureConflicts(tx, ctx.now())).filter((c) => within(c, t.startDate, t.endDate, employee.userId))
      : [];
    if (own && conflicts.length > 0) throw new ApiError(409, 'time_off_over_appointments', STAFF_MSG.timeOffOverAppointments);
    return { timeOff: { id: row!.id, employeeId: employee.id, employeeName: employee.name, ...t }, conflicts, userId: employee.userId };
  });
  announceDays(ctx.realtime, [result.userId], t.startDate, t.endDate);
  return { timeOff: result.timeOff, conflicts: result.conflicts };
}

export async function deleteTimeOff(ctx: Ctx, actor: SessionUser, id: string) {
  if (!isId(id)) throw notFound(STAFF_MSG.exceptionNotFound);
  const mine =
    actor.role === 'admin' ? sql`true` : sql`${employeeTimeOff.employeeId} IN (SELECT id FROM ${employees} WHERE user_id = ${actor.id})`;
  // Her days off removed are free again: the waiting list hears of it in the same transaction (ADR 071).
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .delete(employeeTimeOff)
      .where(and(eq(employeeTimeOff.id, id), mine))
      .returning({ employeeId: employeeTimeOff.employeeId, startDate: employeeTimeOff.startDate, endDate: employeeTimeOff.endDate });
    if (r) await enqueueDaysFreed(tx, r.employeeId, r.startDate, r.endDate);
    return r;
  });
  if (!row) throw notFound(STAFF_MSG.exceptionNotFound);
  const [employee] = await ctx.db.select({ userId: employees.userId }).from(employees).where(eq(employees.id, row.employeeId));
  announceDays(ctx.realtime, [employee?.userId ?? null], row.startDate, row.endDate);
  return { deleted: true };
}

/** The signed-in employee's own time off from today on. */
export async function myTimeOff(ctx: Ctx, actor: SessionUser) {
  const [employee] = await ctx.db.select({ id: employees.id }).from(employees).where(eq(employees.userId, actor.id));
  if (!employee) return { timeOff: [] };
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  const ex = await exceptionsBetween(ctx.db, today, '9999-12-30', [employee.id]);
  return { timeOff: ex.timeOff };
}
