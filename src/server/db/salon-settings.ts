import { eq } from 'drizzle-orm';
import { DEFAULT_CANCELLATION_POLICY_HOURS } from '../../domain/appointment-status';
import { horizonOf } from '../../domain/booking-limits';
import { DEFAULT_SALON_NAME } from '../../domain/salon-settings';
import { DEFAULT_DISCOUNT_REASONS, DEFAULT_STAFF_DISCOUNT_PERCENT, discountProblem } from '../../domain/discounts';
import type { Role } from '../../domain/roles';
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

/** ADR 052: the staff's discount limit (percent of the price) and the owner's reasons. */
export async function discountRules(db: Reader): Promise<{ staffDiscountMaxPercent: number; discountReasons: string[] }> {
  const [row] = await db
    .select({ staffDiscountMaxPercent: salonSettings.staffDiscountMaxPercent, discountReasons: salonSettings.discountReasons })
    .from(salonSettings)
    .where(theRecord);
  return row ?? { staffDiscountMaxPercent: DEFAULT_STAFF_DISCOUNT_PERCENT, discountReasons: [...DEFAULT_DISCOUNT_REASONS] };
}

/**
 * Why `role` may not charge `charged` for `price` with this reason (the owner's limit and reasons
 * read now), or null: one rule for a bono's sale, a gift card for a service and a visit's payment.
 */
export async function discountRefusal(db: Reader, role: Role, c: { price: number; charged: number; reason: string }): Promise<string | null> {
  const rules = await discountRules(db);
  return discountProblem({ role, ...c, limitPercent: rules.staffDiscountMaxPercent, ownerReasons: rules.discountReasons });
}
