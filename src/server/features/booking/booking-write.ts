import { BONO_MSG } from '../../../domain/bonos';
import type { LimitProblem } from '../../../domain/booking-limits';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { Buffers } from '../../../domain/resources';
import type { Slot } from '../../../domain/slots';
import { pgConstraintOf, pgErrorCode } from '../../db/client';
import type { Deps } from '../../http/env';
import { ApiError, conflict } from '../../http/errors';
import { appointmentsChanged } from '../../live-events/realtime';
import { clientLockKey } from '../../db/client-lock';
import { bookForClient, type BookedRow, type InsertOutcome } from './insert-queries';

// What every write of an appointment shares (the client's booking, the staff's booking for a
// client record, a move): the values it copies, the statement run and retried, what its answer
// means for the caller, the live event once it has committed, and the JSON it answers.

/** A booking limit's refusal (domain/booking-limits.ts) as the API answers it. */
export const refusal = (problem: LimitProblem) => new ApiError(problem.status, problem.code, problem.message);

/** 404: the professional is gone or no longer active. */
export const employeeUnavailable = () => new ApiError(404, 'employee_unavailable', STAFF_MSG.employeeInactive);
/** 409: the professional's record was linked to another account meanwhile (ADR 004). */
export const employeeAccountChanged = () => conflict(MSG.employeeNoAccount, 'employee_account_changed');

/**
 * The appointment's own copy of the service and the professional (names and price stay readable
 * after either changes, SPEC §3), at the slot's times, with the client's note; its own copy of the
 * buffers and the resources the slot picked (ADR 036).
 */
export function appointmentValues(
  service: { id: string; name: string; duration: number; price: number },
  employee: { name: string },
  slot: Slot,
  notes: string | undefined,
  buffers: Buffers,
) {
  return {
    employeeName: employee.name,
    serviceId: service.id,
    serviceName: service.name,
    serviceDuration: service.duration,
    price: service.price,
    startTime: slot.start,
    endTime: slot.end,
    notes: notes?.trim() ?? '',
    prepMinutes: buffers.prepMinutes,
    cleanupMinutes: buffers.cleanupMinutes,
    resourceIds: slot.resourceIds ?? [],
  };
}

/** 40P01 (two writers waiting on each other's uncommitted rows): try again, twice at most. */
async function retryDeadlock<T>(fn: () => Promise<T>, left = 2): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (left > 0 && pgErrorCode(err) === '40P01') return retryDeadlock(fn, left - 1);
    throw err;
  }
}

/**
 * Runs the statement (or transaction) that writes an appointment. Whether someone else holds the
 * time is the exclusion constraints' call (the professional's on appointments, each resource's on
 * appointment_resources, ADR 036): a 23P01 from either is the 409 "acaba de ser reservado", so 50
 * simultaneous requests give one appointment and 49 of those answers (a read-then-insert check
 * would race). Two writers racing for the same time can each find the other's uncommitted row in
 * the exclusion check and wait on each other; PostgreSQL then aborts one with a deadlock (40P01)
 * (seen under npm run bench). That one simply tries again: by then the other has committed (and
 * this one gets 23P01) or rolled back (and this one writes); twice at most.
 */
export async function writeAppointment<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await retryDeadlock(write);
  } catch (err) {
    if (pgErrorCode(err) !== '23P01') throw err;
    throw pgConstraintOf(err) === 'appointment_resources_no_overlap' ? new ResourceTaken() : conflict(MSG.slotTaken, 'slot_taken');
  }
}

/** The client record a booking is for (insert-queries.ts `clientRecord`). */
type RecordOfClient = { id: string; name: string; email: string | null; userId: string | null };

/**
 * The write of a booking for a client record (the staff's, ADR 019, or hers from a waiting-list
 * offer, ADR 072): the record's name and email on the appointment, her lock first (ADR 053), the
 * statement retried and refused as every write (`writeAppointment`). Called with the slot picked.
 */
export function recordBookingWrite(
  ctx: Pick<Deps, 'db' | 'now'>,
  record: RecordOfClient,
  booking: {
    service: Parameters<typeof appointmentValues>[0];
    employee: { id: string; name: string; userId: string };
    buffers: Buffers;
    notes: string | undefined;
    bookedByUserId: string | null;
    bookedBy?: 'client' | 'staff';
    bono: string | null | undefined;
    fittedIn?: string | null;
  },
) {
  const { service, employee, buffers } = booking;
  return (picked: Slot) =>
    writeAppointment(() =>
      bookForClient(ctx.db, {
        now: ctx.now(),
        employeeRecordId: employee.id,
        expectedUserId: employee.userId,
        clientRecordId: record.id,
        clientLockKey: clientLockKey(record),
        bookedByUserId: booking.bookedByUserId,
        bookedBy: booking.bookedBy,
        bono: booking.bono,
        fittedIn: booking.fittedIn ?? null,
        values: {
          clientId: record.userId ?? '',
          clientName: record.name,
          clientEmail: record.email ?? '',
          ...appointmentValues(service, employee, picked, booking.notes, buffers),
        },
      }),
    );
}

/** The per-resource constraint refused: another booking holds the cabin or machine this one picked. Answered as any lost race. */
export class ResourceTaken extends ApiError {
  constructor() {
    super(409, 'slot_taken', MSG.slotTaken);
  }
}

/**
 * Two bookings at once that both picked the first free cabin of a group: the constraint refuses
 * the later, though the group's other cabin may still be free. When the server picked the
 * resources (`repick` given; not when the staff chose them), the loser reads again and writes with
 * the next free one, twice at most; if none is left, the fresh check answers the 409 as before.
 */
export async function writeRepickingResources<S, T>(slot: S, write: (slot: S) => Promise<T>, repick?: () => Promise<S>, left = 2): Promise<T> {
  try {
    return await write(slot);
  } catch (err) {
    if (!(err instanceof ResourceTaken) || !repick || left === 0) throw err;
    return writeRepickingResources(await repick(), write, repick, left - 1);
  }
}

/** The professional as the insert saw them is as the checks saw them: else 404 (gone or inactive) or 409 (relinked, ADR 004). */
export function professionalAsChecked(result: InsertOutcome, expectedUserId: string): void {
  if (!result.current?.isActive) throw employeeUnavailable();
  if (result.current.userId !== expectedUserId) throw employeeAccountChanged();
}

/**
 * An insert's answer (insert-queries.ts): the appointment, unless the professional was not as the
 * checks saw them (gone or inactive: 404; relinked to another account: 409, ADR 004) or
 * `noRow` says why nothing was inserted.
 */
export function insertedRow(result: InsertOutcome, expectedUserId: string, noRow: () => ApiError = employeeAccountChanged): BookedRow {
  professionalAsChecked(result, expectedUserId);
  if (!result.row) throw noRow();
  return result.row;
}

/**
 * After the commit (docs/decisions/013): the open booking pages and agendas of this professional
 * refetch those days. An appointment that holds (or held) a cabin or machine changes every
 * professional's times for the services that need it, so every page is told (ADR 036).
 */
export function announce(ctx: Pick<Deps, 'realtime'>, employeeUserId: string, dates: string[], holdsResources = false) {
  ctx.realtime.publish(appointmentsChanged(employeeUserId, dates, holdsResources));
}

type Booked = { id: string; startTime: Date; endTime: Date; status: string; serviceName: string; employeeName: string; price: number };

/** The answer to a booking or a move: these seven fields, in this order, whatever else the row holds. */
export function bookedAppointmentJson<R extends Booked>(row: R): Pick<R, keyof Booked> {
  return { id: row.id, startTime: row.startTime, endTime: row.endTime, status: row.status, serviceName: row.serviceName, employeeName: row.employeeName, price: row.price };
}

/**
 * What a booking's answer says of her bono (ADR 053): 'covered' (a session is reserved), or
 * 'not_covered' with the sentence to show (she has a bono for this visit but it had no session
 * left for it, e.g. another booking took its last one a moment before: paid normally), or nothing.
 */
export function bonoAnswer(row: Pick<BookedRow, 'bonoId' | 'bonoMissed'>, audience: 'client' | 'staff') {
  if (row.bonoId) return { bono: 'covered' as const, bonoNote: null };
  if (row.bonoMissed) return { bono: 'not_covered' as const, bonoNote: audience === 'client' ? BONO_MSG.notCovered : BONO_MSG.notCoveredDesk };
  return { bono: null, bonoNote: null };
}
