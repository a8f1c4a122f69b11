import { eq } from 'drizzle-orm';
import { DEFAULT_CANCELLATION_POLICY_HOURS } from '../../domain/appointment-status';
import { horizonOf } from '../../domain/booking-limits';
import { DEFAULT_SALON_NAME } from '../../domain/salon-settings';
import { slotIntervalOf, type SlotInterval } from '../../domain/slots';
import type { Db } from './client';
import { salonSettings } from './schema';

// The settings the features read one at a time, each with the domain's default standing in when
// the salon never saved its record (SPEC §3). The booking's hot path reads them inside its
// one-round-trip context instead (features/booking/context-queries.ts).

type Reader = Pick<Db, 'select'>;

/** The single record (its check keeps it single). */
const theRecord = eq(salonSettings.id, 1);

/** Hours before an appointment inside which its client may no longer cancel or move it. */
export async function cancellationPolicyHours(db: Reader): Promise<number> {
  const [row] = await db.select({ hours: salonSettings.cancellationPolicyHours }).from(salonSettings).where(theRecord);
  return row?.hours ?? DEFAULT_CANCELLATION_POLICY_HOURS;
}

/** The salon's slot interval in minutes. */
export async function slotInterval(db: Reader): Promise<SlotInterval> {
  const [row] = await db.select({ interval: salonSettings.appointmentTimeSlotInterval }).from(salonSettings).where(theRecord);
  return slotIntervalOf(row?.interval);
}

/** How many days ahead a client may book (ADR 025). */
export async function bookingHorizonDays(db: Reader): Promise<number> {
  const [row] = await db.select({ days: salonSettings.bookingHorizonDays }).from(salonSettings).where(theRecord);
  return horizonOf(row?.days);
}

/** The salon as its mails name it: the settings' name, address and phone (SPEC §3's default name before they are saved). */
export async function salonContact(db: Reader): Promise<{ name: string; address: string; phoneNumber: string }> {
  const [row] = await db
    .select({ name: salonSettings.name, address: salonSettings.address, phoneNumber: salonSettings.phoneNumber })
    .from(salonSettings)
    .where(theRecord);
  return { name: row?.name || DEFAULT_SALON_NAME, address: row?.address ?? '', phoneNumber: row?.phoneNumber ?? '' };
}
