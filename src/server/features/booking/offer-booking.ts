import { sql } from 'drizzle-orm';
import { capOf, selfBookingProblem } from '../../../domain/booking-limits';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { notFound } from '../../http/errors';
import { isId } from '../../http/params';
import { announce, insertedRow, recordBookingWrite, refusal, writeRepickingResources } from './booking-write';
import { clientRecord } from './insert-queries';
import { bookableSlot, type Ctx } from './slot-engine';
import { availableSlots } from './client-booking';

// A client books the time a waiting-list offer's link names (ADR 072). She is not signed in: the
// signed link is the credential, and the booking is for the client record the offer was made for.
// It is the client's own booking in every rule that matters: the salon's opening hours (the
// 'client' side of the availability rule), the horizon and the cap of future appointments; it
// runs the staff booking's one statement, which takes her lock first (ADR 053), holds the
// professional's row FOR SHARE and lets the exclusion constraints decide a race (23P01: the
// spec's "acaba de ser reservado" 409, nothing written).

export type OfferBookingRequest = { clientRecordId: string; serviceId: string; professionalId: string; date: string; time: string };

/** Her confirmed visits still to come: an account's and the record's (the cap counts both, as the booking statement's count does). */
async function futureConfirmed(ctx: Ctx, record: { id: string; userId: string | null }): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM appointments
    WHERE status = 'confirmed' AND start_time > ${ctx.now().toISOString()}::timestamptz
      AND (client_record_id = ${record.id}::uuid OR (${record.userId}::text IS NOT NULL AND client_id = ${record.userId}))`);
  return Number(rows[0]?.n ?? 0);
}

export async function bookFromOffer(ctx: Ctx, req: OfferBookingRequest) {
  const record = isId(req.clientRecordId) ? await clientRecord(ctx.db, req.clientRecordId) : undefined;
  if (!record) throw notFound(STAFF_MSG.clientNotFound);
  const decide = () => bookableSlot(ctx, req, 'client');
  const { service, employee, slot, buffers, needsResources, horizonDays } = await decide();
  const [{ rows: caps }, future] = await Promise.all([
    ctx.db.execute<{ max_future: number | null }>(
      sql`SELECT max_future_appointments_per_client AS max_future FROM salon_settings WHERE id = 1`,
    ),
    futureConfirmed(ctx, record),
  ]);
  const limited = selfBookingProblem({
    date: req.date,
    today: salonDateOf(ctx.now(), SALON_TIME_ZONE),
    horizonDays,
    maxFutureAppointments: capOf(caps[0]?.max_future),
    futureConfirmed: future,
  });
  if (limited) throw refusal(limited);
  const write = recordBookingWrite(ctx, record, {
    service,
    employee,
    buffers,
    notes: '',
    bookedByUserId: record.userId,
    bookedBy: 'client',
    bono: undefined,
  });
  const result = await writeRepickingResources(slot, write, async () => (await decide()).slot);
  const row = insertedRow(result, employee.userId);
  announce(ctx, employee.userId, [req.date], needsResources);
  return row;
}

/** What the waiting list asks of booking (its BookingPort, composed in app.ts and start.ts). */
export const waitingListBooking = (ctx: Ctx) => ({
  slots: async (q: { serviceId: string; professionalId: string; date: string }) => (await availableSlots(ctx, q)).slots,
  book: (req: OfferBookingRequest) => bookFromOffer(ctx, req),
});
